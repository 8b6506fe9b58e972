// The recipe book as a JSON file (RECIPES_FILE_SCHEMA): export everything, import with
// "same title = same recipe", so re-importing a file updates instead of doubling.
import type { Recipe, RecipesFile } from '../../../../src-shared';
import { RECIPES_FILE_FORMAT, RECIPES_FILE_SCHEMA } from '../../../../src-shared';
import type { RecipeRecord } from '../../store';
import { validate } from '../../../platform/validation';
import { deriveGroceries } from '../../automations/meal-groceries';
import { normaliseTitle } from '../../automations/recipe-match';
import type { HomeEnv } from '../../env';
import { HomeError } from '../../errors';
import { presentRecipe } from './present';
import { toRfc3339 } from '../../time';
import { insertRecipe } from '../handlers';
import { cleanIngredients } from './tools';

export function exportRecipes(recipes: readonly RecipeRecord[], tz: string, now: Date): RecipesFile {
  return {
    format: RECIPES_FILE_FORMAT,
    exported_at: toRfc3339(now.getTime(), tz),
    recipes: recipes.map((r) => ({ title: r.title, servings: r.servings, ingredients: r.ingredients, steps: r.steps, tags: r.tags })),
  };
}

export interface RecipesImportResult {
  readonly imported: readonly Recipe[];
  readonly updated: readonly Recipe[];
  readonly groceries_changed: boolean;
}

/** Validates the whole file first; runs inside the caller's transaction. */
export function importRecipes(env: HomeEnv, file: unknown): RecipesImportResult {
  const verdict = validate(RECIPES_FILE_SCHEMA, file);
  if (!verdict.ok) throw new HomeError('INVALID_INPUT', `Rezeptdatei ungültig: ${verdict.error.message}`, verdict.error.path);
  const byTitle = new Map(env.store.recipes.all().map((r) => [normaliseTitle(r.title), r]));
  const imported: Recipe[] = [];
  const updated: Recipe[] = [];
  for (const entry of (file as RecipesFile).recipes) {
    const key = normaliseTitle(entry.title);
    const existing = byTitle.get(key);
    if (existing) {
      const recipe: RecipeRecord = {
        ...existing,
        servings: entry.servings,
        ingredients: cleanIngredients(entry.ingredients),
        steps: [...(entry.steps ?? [])],
        tags: [...new Set(entry.tags ?? [])],
        updatedMs: env.now.getTime(),
      };
      env.store.recipes.update(recipe);
      byTitle.set(key, recipe);
      updated.push(presentRecipe(recipe, env.timezone));
    } else {
      const recipe = insertRecipe(env, entry);
      byTitle.set(key, recipe);
      imported.push(presentRecipe(recipe, env.timezone));
    }
  }
  return { imported, updated, groceries_changed: updated.length > 0 && deriveGroceries(env).changed };
}
