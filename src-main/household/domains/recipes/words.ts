import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

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
