// The groceries list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { presentGrocery } from './present';
import { registerGroceryRoutes } from './routes';
import { GROCERIES_ITEM, GROCERIES_PHRASES, GROCERIES_REPLIES } from './words';

export const GROCERIES_DOMAIN = {
  item: GROCERIES_ITEM,
  phrases: GROCERIES_PHRASES,
  replies: GROCERIES_REPLIES,
  routes: registerGroceryRoutes,
  resources: [
    {
      uri: 'jarvis://groceries/open',
      name: 'shopping-list',
      title: 'Shopping list',
      description: 'What is still to buy.',
      tool: 'groceries_list',
      args: {},
    },
  ],
  state: (r) => ({ groceries: r.first('groceries', r.store.groceries).map((g) => presentGrocery(g, r.timezone)) }),
} satisfies DomainDescriptor<'groceries'>;
