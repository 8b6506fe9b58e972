// The household's lists, one row each: what routes, GET /api/state, the not-found
// sentences, the assistant's tool words and replies and MCP's resources read. A new list is
// a folder beside this file and one row here; `satisfies` makes the compiler ask for every
// list that `ListDomain` (src-shared/home.ts) names, and each row for a reply to every tool
// of its list.
import type { HomeToolName, ListDomain } from '../../../src-shared';
import type { DomainDescriptor, DomainResource } from './descriptor';
import { CALENDAR_DOMAIN } from './calendar/domain';
import { CHORES_DOMAIN } from './chores/domain';
import { GROCERIES_DOMAIN } from './groceries/domain';
import { KANBAN_DOMAIN } from './kanban/domain';
import { MEALPLAN_DOMAIN } from './mealplan/domain';
import { RECIPES_DOMAIN } from './recipes/domain';
import { REMINDERS_DOMAIN } from './reminders/domain';
import { TASKS_DOMAIN } from './tasks/domain';
import type { AnyToolReply } from './reply';

export type { DomainDescriptor, DomainResource, OwnStateParts, StateReader } from './descriptor';
export type { AnyToolReply, DomainReplies, ToolReply } from './reply';

export const DOMAINS = {
  calendar: CALENDAR_DOMAIN,
  tasks: TASKS_DOMAIN,
  reminders: REMINDERS_DOMAIN,
  groceries: GROCERIES_DOMAIN,
  recipes: RECIPES_DOMAIN,
  mealplan: MEALPLAN_DOMAIN,
  kanban: KANBAN_DOMAIN,
  chores: CHORES_DOMAIN,
} as const satisfies { readonly [D in ListDomain]: DomainDescriptor<D> };

/** Every list's row, in the table's order. */
export const DOMAIN_ROWS: readonly (readonly [ListDomain, DomainDescriptor])[] = Object.entries(DOMAINS) as [
  ListDomain,
  DomainDescriptor,
][];

/** The list a tool works on, by its name prefix ("tasks_done" works on tasks). */
export function domainOfTool(tool: string): DomainDescriptor | undefined {
  const prefix = tool.split('_')[0] ?? '';
  return DOMAIN_ROWS.find(([name]) => name === prefix)?.[1];
}

/** The list an id belongs to, by its prefix. */
export function domainOfId(id: string): DomainDescriptor | undefined {
  return DOMAIN_ROWS.find(([, d]) => id.startsWith(d.item.idPrefix))?.[1];
}

/** The reply a list gives for one of its tools' results; undefined for a tool of no list. */
export function domainReplyOf(tool: string): AnyToolReply | undefined {
  const replies: Readonly<Record<string, AnyToolReply>> | undefined = domainOfTool(tool)?.replies;
  return replies?.[tool];
}

/** The words of every list's tools, for the assistant's tool retrieval. */
export const DOMAIN_TOOL_PHRASES: Readonly<Partial<Record<HomeToolName, string>>> = Object.assign(
  {},
  ...DOMAIN_ROWS.map(([, d]) => d.phrases ?? {}),
);

/** What the household offers MCP clients to read, in the table's order. */
export const DOMAIN_RESOURCES: readonly DomainResource[] = DOMAIN_ROWS.flatMap(([, d]) => d.resources ?? []);
