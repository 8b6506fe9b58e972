// What the renderer must know of each household list, as maps over every list name: a new
// list in `ListDomain` makes the compiler ask for its entry here.
import type { HomeToolName, ListDomain } from './home';

/** The create each list lets wait in the renderer's outbox while the master cannot be reached (null: none). */
export const OFFLINE_CREATE = {
  calendar: null,
  tasks: 'tasks_create',
  reminders: null,
  groceries: 'groceries_add',
  recipes: null,
  mealplan: null,
  kanban: 'kanban_create',
  chores: null,
} as const satisfies Record<ListDomain, HomeToolName | null>;

export type OfflineCreateTool = NonNullable<(typeof OFFLINE_CREATE)[ListDomain]>;
