// Meal plan + recipe -> groceries: the ingredients of every planned meal with a recipe in
// the look-ahead window, scaled by servings and aggregated by item across meals (one amount
// per unit, g and kg as one). The plan's part of the list is recomputed as a whole after
// every change, so moving, changing or removing a meal or editing a recipe is reflected
// exactly. It joins the open line the family already has for the item (one "Milch", not
// two); the family's own amounts are never changed here.
import { addGroceryAmount, addGroceryAmounts, type GroceryAmount } from '../../../src-shared';
import type { GroceryRecord, MealRecord } from '../store';
import { newId } from '../store';
import type { HomeEnv } from '../env';
import { canonicalUnit, groceryLineKey, roundQuantity } from '../quantities';
import { addDays, today } from '../time';

/** 14 days, so a coming Monday–Sunday week is always covered. */
export const GROCERY_HORIZON_DAYS = 14;

interface Needed {
  name: string;
  amounts: GroceryAmount[];
  mealIds: string[];
}

const sameAmounts = (a: readonly GroceryAmount[], b: readonly GroceryAmount[]) =>
  a.length === b.length && a.every((x, i) => x.quantity === b[i]!.quantity && x.unit === b[i]!.unit);

/** More to buy than before: a unit that was not there, or a larger amount in one that was. */
function grew(before: readonly GroceryAmount[], after: readonly GroceryAmount[]): boolean {
  return after.some((a) => {
    const was = before.find((b) => b.unit === a.unit);
    if (!was) return true;
    return a.quantity !== null && (was.quantity === null || a.quantity > was.quantity);
  });
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
      const key = groceryLineKey(ing.name);
      const entry = needed.get(key) ?? { name: ing.name.trim(), amounts: [], mealIds: [] };
      entry.amounts = addGroceryAmount(entry.amounts, {
        quantity: ing.quantity === null ? null : roundQuantity(ing.quantity * factor),
        unit,
      });
      if (!entry.mealIds.includes(meal.id)) entry.mealIds.push(meal.id);
      needed.set(key, entry);
    }
  }

  const nowMs = env.now.getTime();
  let changed = false;
  const planned = new Map<string, GroceryRecord>();
  for (const row of env.store.groceries.planned()) if (row.derivedKey !== null) planned.set(row.derivedKey, row);

  for (const [key, want] of needed) {
    const row = planned.get(key) ?? env.store.groceries.open(key)[0];
    planned.delete(key);
    if (!row) {
      env.store.groceries.insert({
        id: newId('grocery'),
        name: want.name,
        amounts: [],
        planAmounts: want.amounts,
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
    if (sameAmounts(row.planAmounts, want.amounts) && sameMeals) continue;
    // More to buy than what was ticked off: it is not done any more.
    const more = grew(addGroceryAmounts(row.amounts, row.planAmounts), addGroceryAmounts(row.amounts, want.amounts));
    env.store.groceries.update({
      ...row,
      planAmounts: want.amounts,
      mealIds: want.mealIds,
      checked: row.checked && !more,
      updatedMs: nowMs,
    });
    changed = true;
  }
  for (const stale of planned.values()) {
    // The plan's own line goes; the family's line keeps their part.
    if (stale.source === 'mealplan') env.store.groceries.delete(stale.id);
    else env.store.groceries.update({ ...stale, planAmounts: [], mealIds: [], updatedMs: nowMs });
    changed = true;
  }
  return { from, to, meals, withoutRecipe, changed };
}
