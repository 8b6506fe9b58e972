import type { HomeDomain } from '../../../../src-shared';
import type { MealRecord, RecipeRecord } from '../../store';
import { newId } from '../../store';
import { deriveGroceries } from '../../automations/meal-groceries';
import { matchRecipe } from '../../automations/recipe-match';
import type { HomeEnv } from '../../env';
import { HomeError, notFound } from '../../errors';
import { presentMeal } from './present';
import { addDays, formatDateDe, today } from '../../time';
import { MEAL_DE } from './words';
import { namedList, q, read, resolveAt, type Handler } from '../handler';

const DEFAULT_SERVINGS = 2;

function getMeal(env: HomeEnv, id: string): MealRecord {
  const m = env.store.meals.get(id);
  if (!m) throw notFound(id);
  return m;
}

function getRecipe(env: HomeEnv, id: string, path: string): RecipeRecord {
  const r = env.store.recipes.get(id);
  if (!r) throw notFound(id, path);
  return r;
}

function describe(m: MealRecord): string {
  return `${q(m.title)} am ${formatDateDe(m.date)} zum ${MEAL_DE[m.meal]}`;
}

/** After a meal change: recompute derived groceries, report what that did. */
function groceriesFollow(env: HomeEnv, meal: MealRecord | undefined): { domains: HomeDomain[]; note: string } {
  const derived = deriveGroceries(env);
  const domains: HomeDomain[] = derived.changed ? ['mealplan', 'groceries'] : ['mealplan'];
  if (!meal) return { domains, note: derived.changed ? ' Die Einkaufsliste wurde angepasst.' : '' };
  if (meal.recipeId === null) return { domains, note: ' Ohne Rezept: keine Zutaten auf der Einkaufsliste.' };
  const inWindow = derived.meals.some((m) => m.id === meal.id);
  return { domains, note: inWindow ? ' Zutaten stehen auf der Einkaufsliste.' : '' };
}

export const mealplanList: Handler<'mealplan_list'> = (args, env) => {
  const from = args.from ? resolveAt(args.from, env, '/from').date : today(env.now, env.timezone);
  const days = args.days ?? 7;
  const to = addDays(from, days);
  const meals = env.store.meals.between(from, to).filter((m) => args.meal === undefined || m.meal === args.meal);
  const message =
    meals.length === 0
      ? `Nichts geplant vom ${formatDateDe(from)} bis ${formatDateDe(addDays(to, -1))}.`
      : `Geplant: ${namedList(meals, describe)}.`;
  return read({ from, to, meals: meals.map((m) => presentMeal(m, env.timezone)) }, message);
};

export const mealplanCreate: Handler<'mealplan_create'> = (args, env) => {
  // "title or recipe_id" lives here, not in the schema: small models stumble over anyOf.
  if (args.title === undefined && args.recipe_id === undefined) {
    throw new HomeError('INVALID_INPUT', 'Eine Mahlzeit braucht title oder recipe_id.', '/title');
  }
  const date = resolveAt(args.when, env, '/when').date;
  let recipe = args.recipe_id === undefined ? undefined : getRecipe(env, args.recipe_id, '/recipe_id');
  // A free title is linked to a recipe of the book when the match is unambiguous (v7.3).
  if (!recipe && args.title) recipe = matchRecipe(args.title, env.store.recipes.all());
  const meal: MealRecord = {
    id: newId('meal'),
    date,
    meal: args.meal,
    title: args.title?.trim() ?? recipe!.title,
    recipeId: recipe?.id ?? null,
    servings: args.servings ?? recipe?.servings ?? DEFAULT_SERVINGS,
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
  };
  env.store.meals.insert(meal);
  const { domains, note } = groceriesFollow(env, meal);
  const forWhom = args.servings === undefined ? '' : ` für ${meal.servings} Personen`;
  return { data: presentMeal(meal, env.timezone), message: `${describe(meal)}${forWhom} geplant.${note}`, domains };
};

export const mealplanUpdate: Handler<'mealplan_update'> = (args, env) => {
  const before = getMeal(env, args.id);
  let recipeId = before.recipeId;
  if (args.recipe_id !== undefined) recipeId = args.recipe_id === null ? null : getRecipe(env, args.recipe_id, '/recipe_id').id;
  else if (args.title !== undefined && args.title.trim() !== before.title) {
    // A new title for a linked meal means a different dish: link again or not at all.
    recipeId = matchRecipe(args.title, env.store.recipes.all())?.id ?? null;
  }
  const meal: MealRecord = {
    ...before,
    date: args.when ? resolveAt(args.when, env, '/when').date : before.date,
    meal: args.meal ?? before.meal,
    title: args.title?.trim() ?? before.title,
    recipeId,
    servings: args.servings ?? before.servings,
    updatedMs: env.now.getTime(),
  };
  if (meal.title === '') throw new HomeError('INVALID_INPUT', 'Eine Mahlzeit braucht einen Titel.', '/title');
  env.store.meals.update(meal);
  const { domains, note } = groceriesFollow(env, meal);
  const moved = meal.date !== before.date || meal.meal !== before.meal;
  return {
    data: presentMeal(meal, env.timezone),
    message: `${moved ? 'Verschoben: ' : 'Geändert: '}${describe(meal)}${meal.servings !== before.servings ? ` für ${meal.servings} Personen` : ''}.${note}`,
    domains,
  };
};

export const mealplanDelete: Handler<'mealplan_delete'> = (args, env) => {
  const meal = getMeal(env, args.id);
  env.store.meals.delete(meal.id);
  const { domains, note } = groceriesFollow(env, undefined);
  return { data: presentMeal(meal, env.timezone), message: `${describe(meal)} gelöscht.${note}`, domains };
};
