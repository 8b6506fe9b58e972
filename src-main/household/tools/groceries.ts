import { groceryMergeTarget, mergeGroceryLine } from '../../../src-shared';
import type { GroceryRecord, MealRecord } from '../store';
import { newId } from '../store';
import { deriveGroceries } from '../automations/meal-groceries';
import { matchRecipe } from '../automations/recipe-match';
import type { HomeEnv } from '../env';
import { notFound } from '../errors';
import { presentGrocery, presentMeal } from '../present';
import { canonicalUnit, formatAmountDe, groceryKey, roundQuantity } from '../quantities';
import { addDays, formatDateDe } from '../time';
import { namedList, q, read, type Handler } from './handler';

const MEAL_DE = { breakfast: 'Frühstück', lunch: 'Mittagessen', dinner: 'Abendessen', snack: 'Snack' } as const;

function getGrocery(env: HomeEnv, id: string): GroceryRecord {
  const g = env.store.groceries.get(id);
  if (!g) throw notFound(id);
  return g;
}

const amount = (g: GroceryRecord) => formatAmountDe(g.name, g.quantity, g.unit);

export const groceriesList: Handler<'groceries_list'> = (args, env) => {
  const items = env.store.groceries.all().filter((g) => args.include_checked || !g.checked);
  const message = items.length === 0 ? 'Die Einkaufsliste ist leer.' : `Auf der Einkaufsliste: ${namedList(items, amount, ', ')}.`;
  return read({ items: items.map((g) => presentGrocery(g, env.timezone)) }, message);
};

/** An open manual item for the same thing in the same unit is topped up instead of doubled. */
export const groceriesAdd: Handler<'groceries_add'> = (args, env) => {
  const name = args.name.trim();
  const unit = canonicalUnit(args.unit);
  const quantity = args.quantity === undefined ? null : roundQuantity(args.quantity);
  const key = groceryKey(name, unit);
  const nowMs = env.now.getTime();
  const same = groceryMergeTarget(env.store.groceries.openManual(key), { name, quantity, unit });
  if (same) {
    const merged: GroceryRecord = { ...mergeGroceryLine(same, { name, quantity, unit }), updatedMs: nowMs };
    env.store.groceries.update(merged);
    const message = `${q(same.name)} stand schon auf der Einkaufsliste – zusammengeführt: ${amount(merged)}.`;
    return { data: { ...presentGrocery(merged, env.timezone), merged: true }, message, domains: ['groceries'] };
  }
  const item: GroceryRecord = {
    id: newId('grocery'),
    name,
    quantity,
    unit,
    checked: false,
    source: 'manual',
    derivedKey: key,
    mealIds: [],
    createdMs: nowMs,
    updatedMs: nowMs,
  };
  env.store.groceries.insert(item);
  return { data: presentGrocery(item, env.timezone), message: `${amount(item)} auf die Einkaufsliste gesetzt.`, domains: ['groceries'] };
};

/**
 * Ticking off keeps a derived item derived. Changing its name, amount or unit makes it
 * the user's own (manual): the meal plan no longer rewrites it.
 */
export const groceriesUpdate: Handler<'groceries_update'> = (args, env) => {
  const before = getGrocery(env, args.id);
  const edited = args.name !== undefined || args.quantity !== undefined || args.unit !== undefined;
  const name = args.name?.trim() ?? before.name;
  const unit = args.unit === undefined ? before.unit : canonicalUnit(args.unit);
  const item: GroceryRecord = {
    ...before,
    name,
    quantity: args.quantity === undefined ? before.quantity : args.quantity === null ? null : roundQuantity(args.quantity),
    unit,
    checked: args.checked ?? before.checked,
    source: edited ? 'manual' : before.source,
    derivedKey: edited || before.source === 'manual' ? groceryKey(name, unit) : before.derivedKey,
    updatedMs: env.now.getTime(),
  };
  env.store.groceries.update(item);
  const message =
    args.checked === true && !before.checked
      ? `${amount(item)} abgehakt.`
      : args.checked === false && before.checked
        ? `${amount(item)} wieder offen.`
        : `Einkaufseintrag geändert: ${amount(item)}.`;
  return { data: presentGrocery(item, env.timezone), message, domains: ['groceries'] };
};

export const groceriesRemove: Handler<'groceries_remove'> = (args, env) => {
  const item = getGrocery(env, args.id);
  env.store.groceries.delete(item.id);
  return { data: presentGrocery(item, env.timezone), message: `${amount(item)} von der Einkaufsliste entfernt.`, domains: ['groceries'] };
};

/** Links free meal titles in the window to a recipe where the match is unambiguous. */
export function linkFreeMeals(env: HomeEnv, meals: readonly MealRecord[]): MealRecord[] {
  const free = meals.filter((m) => m.recipeId === null);
  if (free.length === 0) return [];
  const recipes = env.store.recipes.all();
  const linked: MealRecord[] = [];
  for (const meal of free) {
    const recipe = matchRecipe(meal.title, recipes);
    if (!recipe) continue;
    const updated: MealRecord = { ...meal, recipeId: recipe.id, updatedMs: env.now.getTime() };
    env.store.meals.update(updated);
    linked.push(updated);
  }
  return linked;
}

export const groceriesSyncMealplan: Handler<'groceries_sync_mealplan'> = (args, env) => {
  const days = args.days ?? 14;
  const first = deriveGroceries(env, days);
  const linked = linkFreeMeals(env, first.withoutRecipe);
  const result = linked.length > 0 ? deriveGroceries(env, days) : first;
  const items = env.store.groceries.derived();
  const tz = env.timezone;
  let message =
    items.length === 0
      ? `Keine Zutaten aus dem Essensplan vom ${formatDateDe(result.from)} bis ${formatDateDe(addDays(result.to, -1))}.`
      : `Einkaufsliste aus dem Essensplan: ${namedList(items, amount, ', ')}.`;
  if (linked.length > 0) message += ` Mit Rezept verknüpft: ${linked.map((m) => q(m.title)).join(', ')}.`;
  if (result.withoutRecipe.length > 0) {
    message += ` Ohne Rezept (keine Zutaten): ${result.withoutRecipe.map((m) => `${q(m.title)} (${formatDateDe(m.date)}, ${MEAL_DE[m.meal]})`).join('; ')}.`;
  }
  const changed = first.changed || result.changed || linked.length > 0;
  return {
    data: {
      from: result.from,
      to: result.to,
      items: items.map((g) => presentGrocery(g, tz)),
      meals_without_recipe: result.withoutRecipe.map((m) => presentMeal(m, tz)),
      linked: linked.map((m) => presentMeal(m, tz)),
    },
    message,
    domains: changed ? (linked.length > 0 ? ['groceries', 'mealplan'] : ['groceries']) : [],
  };
};

export { MEAL_DE };
