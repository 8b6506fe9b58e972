import { ID_PREFIXES, type HomeToolName, type Recipe } from '../../../../src-shared';
import type { DomainReplies } from '../reply';

/** An item of this list, and how a missing one is named. */
export const RECIPES_ITEM = { idPrefix: ID_PREFIXES.recipe, de: 'Dieses Rezept', en: 'That recipe' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const RECIPES = 'rezept rezepte rezeptbuch kochen recipe recipes cookbook cook';

export const RECIPES_PHRASES = {
  recipes_search: `${RECIPES} suchen finde mit zutat zutaten brauche ich für haben wir ein search find with ingredient need for`,
  recipes_get: `${RECIPES} zutaten schritte zeige anleitung ingredients steps show how`,
  recipes_create: `${RECIPES} neues speichern anlegen portionen zutaten new save create servings ingredients`,
  recipes_list: `${RECIPES} alle welche zeige all which show list`,
  recipes_update: `${RECIPES} ändern anpassen portionen change adjust update servings`,
} as const satisfies Partial<Record<HomeToolName, string>>;

const recipeTitles = (recipes: readonly Recipe[]): string =>
  recipes.length === 0 ? 'No recipes found.' : `Recipes: ${recipes.map((r) => r.title).join(', ')}.`;

export const RECIPES_REPLIES = {
  recipes_search: { en: (d) => recipeTitles(d.recipes) },
  recipes_get: {
    en: (d) => {
      const n = d.ingredients.length;
      return `Recipe ${d.title}: ${String(d.servings)} servings, ${n} ${n === 1 ? 'ingredient' : 'ingredients'}.`;
    },
  },
  recipes_create: { en: (d) => `Recipe saved: ${d.title}.` },
  recipes_list: { en: (d) => recipeTitles(d.recipes) },
  recipes_update: { en: (d) => `Recipe changed: ${d.title}.` },
} as const satisfies DomainReplies<'recipes'>;
