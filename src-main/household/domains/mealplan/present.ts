import type { MealPlanEntry } from '../../../../src-shared';
import type { MealRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentMeal(m: MealRecord, tz: string): MealPlanEntry {
  return {
    id: m.id,
    date: m.date,
    meal: m.meal,
    title: m.title,
    recipe_id: m.recipeId,
    servings: m.servings,
    created_at: toRfc3339(m.createdMs, tz),
    updated_at: toRfc3339(m.updatedMs, tz),
  };
}
