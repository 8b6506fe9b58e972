// What a tool's `assignee` argument names: a member by id or by name (any case), or the
// member asking ("me" when assigning, "mine" when filtering). An unknown name is the
// caller's error: the call changes nothing and says which members there are.
import { MEMBER_ID_PREFIX } from '../../../src-shared';
import type { MemberRecord } from '../store';
import type { HomeEnv } from '../env';
import { HomeError } from '../errors';
import { q } from './handler';

const SELF = new Set(['me', 'mine', 'ich', 'mich', 'mir']);
const EVERYONE = new Set(['everyone', 'all', 'alle']);

/** The member the request acts for: ToolContext.member when it is known, else the desktop member. */
export function askingMember(env: HomeEnv): MemberRecord {
  const own = env.member !== undefined ? env.store.members.get(env.member) : undefined;
  return own ?? env.store.members.desktop()!;
}

/** The member `value` names; throws INVALID_INPUT at `path` for a name or id no member has. */
export function memberNamed(env: HomeEnv, value: string, path = '/assignee'): MemberRecord {
  const trimmed = value.trim();
  if (SELF.has(trimmed.toLowerCase())) return askingMember(env);
  const found = trimmed.startsWith(MEMBER_ID_PREFIX) ? env.store.members.get(trimmed) : env.store.members.byName(trimmed);
  if (found) return found;
  const names = env.store.members.all().map((m) => m.name);
  throw new HomeError('INVALID_INPUT', `Ein Mitglied ${q(trimmed)} gibt es nicht. Im Haushalt: ${names.join(', ')}.`, path);
}

/** An assignee argument as stored: undefined stays undefined (unchanged); null and "everyone" are everyone's. */
export function assigneeOf(env: HomeEnv, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (EVERYONE.has(value.trim().toLowerCase())) return null;
  return memberNamed(env, value).id;
}

/**
 * A list's `assignee` filter as a member id, or undefined for no filter ("everyone", "all",
 * "alle" or absent).
 */
export function assigneeFilter(env: HomeEnv, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (EVERYONE.has(value.trim().toLowerCase())) return undefined;
  return memberNamed(env, value).id;
}

/** " für Paul" for a confirmation, "" for an item that is everyone's. */
export function forWhom(env: HomeEnv, assignee: string | null | undefined): string {
  if (!assignee) return '';
  const m = env.store.members.get(assignee);
  return m ? ` für ${m.name}` : '';
}

/**
 * The `assignee` / `assignees` pair of a calendar write as the list stored: undefined when
 * neither is given (unchanged), [] for everyone's. Both at once is refused: which one counts?
 */
export function assigneeListOf(env: HomeEnv, one: string | null | undefined, several: readonly string[] | undefined): string[] | undefined {
  if (several !== undefined && one !== undefined)
    throw new HomeError('INVALID_INPUT', 'Bitte entweder assignee oder assignees angeben, nicht beides.', '/assignees');
  if (several === undefined) {
    const single = assigneeOf(env, one);
    return single === undefined ? undefined : single === null ? [] : [single];
  }
  if (several.some((v) => EVERYONE.has(v.trim().toLowerCase()))) return [];
  const ids = several.map((v, i) => memberNamed(env, v, `/assignees/${i}`).id);
  return [...new Set(ids)];
}

/** " für Paul", " für Anna und Paul", "" for everyone's. */
export function forWhomAll(env: HomeEnv, assignees: readonly string[]): string {
  const names = assignees.map((id) => env.store.members.get(id)?.name).filter((n): n is string => n !== undefined);
  if (!names.length) return '';
  return ` für ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`}`;
}
