// The recipes list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { presentRecipe } from './present';
import { registerRecipeRoutes } from './routes';
import { RECIPES_ITEM, RECIPES_PHRASES, RECIPES_REPLIES } from './words';

export const RECIPES_DOMAIN = {
  item: RECIPES_ITEM,
  phrases: RECIPES_PHRASES,
  replies: RECIPES_REPLIES,
  routes: registerRecipeRoutes,
  state: (r) => ({ recipes: r.first('recipes', r.store.recipes).map((x) => presentRecipe(x, r.timezone)) }),
} satisfies DomainDescriptor<'recipes'>;
