// The chore chart's row of the DOMAINS table: its tools and store live in its own
// component (createChoresDomain); the chart reaches the state through `own`.
import type { DomainDescriptor } from '../descriptor';
import { registerChoreRoutes } from './routes';
import { CHORES_ITEM } from './words';

export const CHORES_DOMAIN = {
  item: CHORES_ITEM,
  // The chore tools answer in the household's language themselves (words.ts).
  replies: {},
  routes: (app, rest) => registerChoreRoutes(app, rest.deps),
  state: (r) => r.own.chores?.() ?? {},
} satisfies DomainDescriptor<'chores'>;
