// GET /api/state?domains=tasks,kanban: the screens reload only what an event says changed.
import { HOME_DOMAINS, isHomeDomain, type HomeDomain, type HomeState, type HomeStatePart } from '../../src-shared';
import type { HouseholdState, StateView } from '../household';
import { Refusal } from '../platform/errors';

/**
 * The domains a `domains` query names (comma-separated, or the parameter given more than
 * once), in the stable order of HOME_DOMAINS; undefined without the parameter (the whole state).
 */
export function stateDomainsOf(query: unknown): readonly HomeDomain[] | undefined {
  const raw = query && typeof query === 'object' ? (query as { domains?: unknown }).domains : undefined;
  if (raw === undefined) return undefined;
  const names = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const known = HOME_DOMAINS.join(', ');
  const unknown = names.find((n) => !isHomeDomain(n));
  if (unknown !== undefined)
    throw new Refusal(
      'invalid',
      'UNKNOWN_DOMAIN',
      unknown === ''
        ? `domains names an empty domain; name one or more of: ${known}`
        : `domains names "${unknown.slice(0, 40)}", which is no household domain; name one or more of: ${known}`,
      '/domains',
    );
  return HOME_DOMAINS.filter((d) => names.includes(d));
}

/** The answer of GET /api/state: the whole state, or with `?domains=` only the named parts, read and nothing more. */
export function answerState(query: unknown, state: HouseholdState, view: StateView): HomeState | HomeStatePart {
  const domains = stateDomainsOf(query);
  return domains ? state.parts(domains, view) : state.whole(view);
}
