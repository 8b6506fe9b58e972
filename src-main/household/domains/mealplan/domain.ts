// The mealplan list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { addDays } from '../../time';
import { presentMeal } from './present';
import { registerMealplanRoutes } from './routes';
import { MEALPLAN_ITEM, MEALPLAN_PHRASES, MEALPLAN_REPLIES } from './words';

export const MEALPLAN_DOMAIN = {
  item: MEALPLAN_ITEM,
  phrases: MEALPLAN_PHRASES,
  replies: MEALPLAN_REPLIES,
  routes: registerMealplanRoutes,
  state: (r) => ({
    meals: r.cut('meals', r.store.meals.between(addDays(r.day, -7), addDays(r.day, 31))).map((m) => presentMeal(m, r.timezone)),
  }),
} satisfies DomainDescriptor<'mealplan'>;
