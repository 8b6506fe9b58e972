import { addGroceryAmounts, groceryInputAmounts, groceryMergeTarget, type GroceryAmount } from '../../../../src-shared';
import type { GroceryRecord, MealRecord } from '../../store';
import { newId } from '../../store';
import { deriveGroceries } from '../../automations/meal-groceries';
import { matchRecipe } from '../../automations/recipe-match';
import type { HomeEnv } from '../../env';
import { notFound } from '../../errors';
import { presentGrocery } from './present';
import { presentMeal } from '../mealplan/present';
import { MEAL_DE } from '../mealplan/words';
import { canonicalUnit, formatLineDe, groceryLineAmounts, groceryLineKey, roundQuantity } from '../../quantities';
import { addDays, formatDateDe } from '../../time';
import { namedList, q, read, type Handler } from '../handler';

function getGrocery(env: HomeEnv, id: string): GroceryRecord {
  const g = env.store.groceries.get(id);
  if (!g) throw notFound(id);
  return g;
}

const amount = (g: GroceryRecord) => formatLineDe(g);

export const groceriesList: Handler<'groceries_list'> = (args, env) => {
  const items = env.store.groceries.all().filter((g) => args.include_checked || !g.checked);
  const message = items.length === 0 ? 'Die Einkaufsliste ist leer.' : `Auf der Einkaufsliste: ${namedList(items, amount, ', ')}.`;
  return read({ items: items.map((g) => presentGrocery(g, env.timezone)) }, message);
};

/**
 * An open line for the same item (the family's or the meal plan's) takes the new amount:
 * the same unit adds up, g and kg or ml and l too, another unit stands next to it.
 */
export const groceriesAdd: Handler<'groceries_add'> = (args, env) => {
  const name = args.name.trim();
  const unit = canonicalUnit(args.unit);
  const quantity = args.quantity === undefined ? null : roundQuantity(args.quantity);
  const key = groceryLineKey(name);
  const nowMs = env.now.getTime();
  const added = groceryInputAmounts({ name, quantity, unit });
  const open = env.store.groceries.open(key).map((record) => ({ ...record, amounts: groceryLineAmounts(record), record }));
  const same = groceryMergeTarget(open, { name, quantity, unit })?.record;
  if (same) {
    // The family's part grows; the plan's part stays the plan's. The line is now theirs too.
    const merged: GroceryRecord = { ...same, amounts: addGroceryAmounts(same.amounts, added), source: 'manual', updatedMs: nowMs };
    env.store.groceries.update(merged);
    const message = `${q(same.name)} stand schon auf der Einkaufsliste – zusammengeführt: ${amount(merged)}.`;
    return { data: { ...presentGrocery(merged, env.timezone), merged: true }, message, domains: ['groceries'] };
  }
  const item: GroceryRecord = {
    id: newId('grocery'),
    name,
    amounts: added,
    planAmounts: [],
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

/** The amounts an edit sets: all of them, or the one quantity and unit (the others go). */
function editedAmounts(args: Parameters<Handler<'groceries_update'>>[0], before: GroceryRecord): GroceryAmount[] | undefined {
  if (args.amounts !== undefined) {
    return addGroceryAmounts(
      [],
      args.amounts.map((a) => ({ quantity: a.quantity === null ? null : roundQuantity(a.quantity), unit: canonicalUnit(a.unit) })),
    );
  }
  if (args.quantity === undefined && args.unit === undefined) return undefined;
  const first = groceryLineAmounts(before)[0];
  const quantity = args.quantity === undefined ? (first?.quantity ?? null) : args.quantity === null ? null : roundQuantity(args.quantity);
  const unit = args.unit === undefined ? (first?.unit ?? null) : canonicalUnit(args.unit);
  return groceryInputAmounts({ name: before.name, quantity, unit });
}

/**
 * Ticking off ticks the whole line (every amount) and keeps a plan line the plan's.
 * Changing its name or amounts makes it the family's own (manual) with the amounts as
 * edited: the meal plan no longer rewrites it.
 */
export const groceriesUpdate: Handler<'groceries_update'> = (args, env) => {
  const before = getGrocery(env, args.id);
  const amounts = editedAmounts(args, before);
  const edited = args.name !== undefined || amounts !== undefined;
  const name = args.name?.trim() ?? before.name;
  const item: GroceryRecord = {
    ...before,
    name,
    ...(edited ? { amounts: amounts ?? groceryLineAmounts(before), planAmounts: [], mealIds: [], source: 'manual' as const } : {}),
    checked: args.checked ?? before.checked,
    derivedKey: groceryLineKey(name),
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
  const items = env.store.groceries.planned();
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
