// The kanban list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { presentCard } from './present';
import { registerKanbanRoutes } from './routes';
import { KANBAN_ITEM, KANBAN_PHRASES, KANBAN_REPLIES } from './words';

export const KANBAN_DOMAIN = {
  item: KANBAN_ITEM,
  phrases: KANBAN_PHRASES,
  replies: KANBAN_REPLIES,
  routes: registerKanbanRoutes,
  state: (r) => ({ kanban: r.first('kanban', r.store.kanban).map((c) => presentCard(c, r.timezone)) }),
} satisfies DomainDescriptor<'kanban'>;
