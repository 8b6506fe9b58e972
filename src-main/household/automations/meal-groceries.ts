// Meal plan + recipe -> groceries: the ingredients of every planned meal
// with a recipe in the look-ahead window, scaled by servings and aggregated by name and
// unit across meals. Derived rows (source "mealplan") are recomputed as a whole after
// every change, so moving, changing or removing a meal or editing a recipe is reflected
// exactly. Manual rows are never read or written here.
import type { GroceryRecord, MealRecord } from '../store';
import { newId } from '../store';
import type { HomeEnv } from '../env';
import { canonicalUnit, groceryKey, roundQuantity } from '../quantities';
import { addDays, today } from '../time';

/** 14 days, so a coming Monday–Sunday week is always covered. */
export const GROCERY_HORIZON_DAYS = 14;

interface Needed {
  name: string;
  unit: string | null;
  quantity: number | null;
  mealIds: string[];
}

export interface DerivationResult {
  readonly from: string;
  readonly to: string;
  readonly meals: readonly MealRecord[];
  readonly withoutRecipe: readonly MealRecord[];
  /** Whether any derived grocery row was inserted, changed or deleted. */
  readonly changed: boolean;
}

export function deriveGroceries(env: HomeEnv, horizonDays = GROCERY_HORIZON_DAYS): DerivationResult {
  const from = today(env.now, env.timezone);
  const to = addDays(from, horizonDays);
  const meals = env.store.meals.between(from, to);
  const needed = new Map<string, Needed>();
  const withoutRecipe: MealRecord[] = [];
  const recipes = new Map<string, ReturnType<typeof env.store.recipes.get>>();

  for (const meal of meals) {
    if (meal.recipeId === null) {
      withoutRecipe.push(meal);
      continue;
    }
    if (!recipes.has(meal.recipeId)) recipes.set(meal.recipeId, env.store.recipes.get(meal.recipeId));
    const recipe = recipes.get(meal.recipeId);
    if (!recipe) {
      withoutRecipe.push(meal);
      continue;
    }
    const factor = meal.servings / recipe.servings;
    for (const ing of recipe.ingredients) {
      const unit = canonicalUnit(ing.unit);
      const key = groceryKey(ing.name, unit);
      const entry = needed.get(key) ?? { name: ing.name.trim(), unit, quantity: null, mealIds: [] };
      if (ing.quantity !== null) entry.quantity = (entry.quantity ?? 0) + ing.quantity * factor;
      if (!entry.mealIds.includes(meal.id)) entry.mealIds.push(meal.id);
      needed.set(key, entry);
    }
  }

  const nowMs = env.now.getTime();
  let changed = false;
  const existing = new Map<string, GroceryRecord>();
  for (const row of env.store.groceries.derived()) if (row.derivedKey !== null) existing.set(row.derivedKey, row);

  for (const [key, want] of needed) {
    const quantity = want.quantity === null ? null : roundQuantity(want.quantity);
    const row = existing.get(key);
    existing.delete(key);
    if (!row) {
      env.store.groceries.insert({
        id: newId('grocery'),
        name: want.name,
        quantity,
        unit: want.unit,
        checked: false,
        source: 'mealplan',
        derivedKey: key,
        mealIds: want.mealIds,
        createdMs: nowMs,
        updatedMs: nowMs,
      });
      changed = true;
      continue;
    }
    const sameMeals = row.mealIds.length === want.mealIds.length && row.mealIds.every((id, i) => id === want.mealIds[i]);
    if (row.quantity === quantity && sameMeals) continue;
    // More to buy than what was ticked off: it is not done any more.
    const grew = quantity !== null && (row.quantity === null || quantity > row.quantity);
    env.store.groceries.update({ ...row, quantity, mealIds: want.mealIds, checked: row.checked && !grew, updatedMs: nowMs });
    changed = true;
  }
  for (const stale of existing.values()) {
    env.store.groceries.delete(stale.id);
    changed = true;
  }
  return { from, to, meals, withoutRecipe, changed };
}
