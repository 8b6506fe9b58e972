// The tasks list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { presentTask } from './present';
import { registerTaskRoutes } from './routes';
import { TASKS_ITEM, TASKS_PHRASES, TASKS_REPLIES } from './words';

export const TASKS_DOMAIN = {
  item: TASKS_ITEM,
  phrases: TASKS_PHRASES,
  replies: TASKS_REPLIES,
  routes: registerTaskRoutes,
  state: (r) => ({ tasks: r.first('tasks', r.store.tasks).map((t) => presentTask(t, r.timezone)) }),
} satisfies DomainDescriptor<'tasks'>;
