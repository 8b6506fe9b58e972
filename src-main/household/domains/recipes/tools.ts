import type { Ingredient, IngredientInput } from '../../../../src-shared';
import type { RecipeRecord } from '../../store';
import { newId } from '../../store';
import { deriveGroceries } from '../../automations/meal-groceries';
import { normaliseTitle } from '../../automations/recipe-match';
import type { HomeEnv } from '../../env';
import { notFound } from '../../errors';
import { presentRecipe } from './present';
import { canonicalUnit, roundQuantity } from '../../quantities';
import { namedList, q, read, type Handler } from '../handler';

export function cleanIngredients(list: readonly IngredientInput[]): Ingredient[] {
  return list.map((i) => ({
    name: i.name.trim(),
    quantity: i.quantity === undefined || i.quantity === null ? null : roundQuantity(i.quantity),
    unit: canonicalUnit(i.unit),
  }));
}

function getRecipe(env: HomeEnv, id: string): RecipeRecord {
  const r = env.store.recipes.get(id);
  if (!r) throw notFound(id);
  return r;
}

const summary = (recipes: readonly RecipeRecord[]) => namedList(recipes, (r) => `${q(r.title)} (${r.servings} Portionen)`);

export const recipesSearch: Handler<'recipes_search'> = (args, env) => {
  const words = normaliseTitle(args.query).split(' ').filter(Boolean);
  const scored = env.store.recipes
    .all()
    .map((r) => {
      const title = normaliseTitle(r.title);
      const rest = normaliseTitle(`${r.ingredients.map((i) => i.name).join(' ')} ${r.tags.join(' ')}`);
      let score = 0;
      for (const w of words) score += title.includes(w) ? 2 : rest.includes(w) ? 1 : 0;
      return { r, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.r.title.localeCompare(b.r.title))
    .slice(0, args.limit ?? 10)
    .map((s) => s.r);
  const message = scored.length === 0 ? `Kein Rezept zu ${q(args.query)} gefunden.` : `Gefunden: ${summary(scored)}.`;
  return read({ recipes: scored.map((r) => presentRecipe(r, env.timezone)) }, message);
};

export const recipesGet: Handler<'recipes_get'> = (args, env) => {
  const r = getRecipe(env, args.id);
  return read(presentRecipe(r, env.timezone), `Rezept ${q(r.title)} für ${r.servings} Portionen mit ${r.ingredients.length} Zutaten.`);
};

export const recipesList: Handler<'recipes_list'> = (args, env) => {
  const tag = args.tag?.toLowerCase();
  const recipes = env.store.recipes.all().filter((r) => tag === undefined || r.tags.some((t) => t.toLowerCase() === tag));
  const message =
    recipes.length === 0
      ? 'Das Rezeptbuch ist leer.'
      : `${recipes.length === 1 ? '1 Rezept' : `${recipes.length} Rezepte`}: ${summary(recipes)}.`;
  return read({ recipes: recipes.map((r) => presentRecipe(r, env.timezone)) }, message);
};

/** Creates a recipe; shared by recipes_create and the JSON import. */
export function insertRecipe(
  env: HomeEnv,
  args: { title: string; servings: number; ingredients: readonly IngredientInput[]; steps?: readonly string[]; tags?: readonly string[] },
): RecipeRecord {
  const recipe: RecipeRecord = {
    id: newId('recipe'),
    title: args.title.trim(),
    servings: args.servings,
    ingredients: cleanIngredients(args.ingredients),
    steps: [...(args.steps ?? [])],
    tags: [...new Set(args.tags ?? [])],
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
  };
  env.store.recipes.insert(recipe);
  return recipe;
}

export const recipesCreate: Handler<'recipes_create'> = (args, env) => {
  const recipe = insertRecipe(env, args);
  return {
    data: presentRecipe(recipe, env.timezone),
    message: `Rezept ${q(recipe.title)} für ${recipe.servings} Portionen mit ${recipe.ingredients.length} Zutaten gespeichert.`,
    domains: ['recipes'],
  };
};

export const recipesUpdate: Handler<'recipes_update'> = (args, env) => {
  const before = getRecipe(env, args.id);
  const recipe: RecipeRecord = {
    ...before,
    title: args.title?.trim() ?? before.title,
    servings: args.servings ?? before.servings,
    ingredients: args.ingredients ? cleanIngredients(args.ingredients) : before.ingredients,
    steps: args.steps ? [...args.steps] : before.steps,
    tags: args.tags ? [...new Set(args.tags)] : before.tags,
    updatedMs: env.now.getTime(),
  };
  env.store.recipes.update(recipe);
  // Recipe edits update the derived groceries (v7.3).
  const derived = deriveGroceries(env);
  return {
    data: presentRecipe(recipe, env.timezone),
    message: `Rezept ${q(recipe.title)} geändert.${derived.changed ? ' Die Einkaufsliste wurde angepasst.' : ''}`,
    domains: derived.changed ? ['recipes', 'groceries'] : ['recipes'],
  };
};
