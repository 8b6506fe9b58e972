import type { Recipe } from '../../../../src-shared';
import type { RecipeRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentRecipe(r: RecipeRecord, tz: string): Recipe {
  return {
    id: r.id,
    title: r.title,
    servings: r.servings,
    ingredients: r.ingredients,
    steps: r.steps,
    tags: r.tags,
    created_at: toRfc3339(r.createdMs, tz),
    updated_at: toRfc3339(r.updatedMs, tz),
  };
}
