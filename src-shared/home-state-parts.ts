// Which part of the home state (GET /api/state) each household domain fills. The master
// answers `?domains=tasks,kanban` with those parts only, and the renderer merges such an
// answer into the state it holds: both read this one table.

import { HOME_DOMAINS, type HomeDomain, type HomeState, type StateListName } from './home';

/** What every answer carries, filtered or not: the page's clock, who is looking, the system badge. */
export const HOME_STATE_BASE = ['now', 'timezone', 'viewer_member', 'viewer_role', 'system'] as const;
export type HomeStateBaseField = (typeof HOME_STATE_BASE)[number];

/** A field of HomeState that belongs to one domain (everything but the base and the totals). */
export type HomeStateDomainField = Exclude<keyof HomeState, HomeStateBaseField | 'totals'>;

/** The field each domain fills; the compiler asks for a row when a domain is added. */
export const HOME_STATE_FIELD: { readonly [D in HomeDomain]: HomeStateDomainField } = {
  calendar: 'events',
  tasks: 'tasks',
  reminders: 'reminders',
  groceries: 'groceries',
  recipes: 'recipes',
  mealplan: 'meals',
  kanban: 'kanban',
  members: 'members',
  chores: 'chores',
};

/** GET /api/state?domains=…: the base, the named domains' fields and their entries of `totals`. */
export type HomeStatePart = Pick<HomeState, HomeStateBaseField> & Partial<Omit<HomeState, HomeStateBaseField>>;

export function isHomeDomain(name: string): name is HomeDomain {
  return (HOME_DOMAINS as readonly string[]).includes(name);
}

const STATE_LISTS: readonly string[] = [
  'events',
  'tasks',
  'reminders',
  'groceries',
  'recipes',
  'meals',
  'kanban',
] satisfies StateListName[];

/** The `totals` key of a domain whose list can be cut short, if it has one. */
function listOf(domain: HomeDomain): StateListName | undefined {
  const field = HOME_STATE_FIELD[domain];
  return STATE_LISTS.includes(field) ? (field as StateListName) : undefined;
}

/** The part of a whole state that the named domains fill, with the base. */
export function pickHomeParts(state: HomeState, domains: readonly HomeDomain[]): HomeStatePart {
  const part: Record<string, unknown> = {};
  for (const key of HOME_STATE_BASE) part[key] = state[key];
  const totals: Partial<Record<StateListName, number>> = {};
  for (const domain of domains) {
    const field = HOME_STATE_FIELD[domain];
    if (state[field] !== undefined) part[field] = state[field];
    const list = listOf(domain);
    const total = list === undefined ? undefined : state.totals?.[list];
    if (list !== undefined && total !== undefined) totals[list] = total;
  }
  if (Object.keys(totals).length > 0) part.totals = totals;
  return part as HomeStatePart;
}

/**
 * The state with the named domains (and the base, when `base`) taken from an answer of
 * GET /api/state; every other domain keeps what `current` had. A field the answer leaves
 * out (the chore chart of a master without chores) leaves the state too.
 */
export function mergeHomeParts(current: HomeState, answer: HomeStatePart, domains: readonly HomeDomain[], base: boolean): HomeState {
  const next: Record<string, unknown> = { ...current };
  if (base) for (const key of HOME_STATE_BASE) next[key] = answer[key];
  const totals: Partial<Record<StateListName, number>> = { ...current.totals };
  for (const domain of domains) {
    const field = HOME_STATE_FIELD[domain];
    if (answer[field] === undefined) delete next[field];
    else next[field] = answer[field];
    const list = listOf(domain);
    if (list === undefined) continue;
    const total = answer.totals?.[list];
    if (total === undefined) delete totals[list];
    else totals[list] = total;
  }
  if (Object.keys(totals).length > 0) next.totals = totals;
  else delete next.totals;
  return next as unknown as HomeState;
}
