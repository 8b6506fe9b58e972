import { MEAL_WORDS } from '../mealplan/words';
import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

/** An item of this list, and how a missing one is named. */
export const GROCERIES_ITEM = { idPrefix: ID_PREFIXES.grocery, de: 'Diesen Einkaufseintrag', en: 'That shopping list item' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const GROCERIES = 'einkauf einkaufsliste einkaufszettel kaufen besorgen shopping list grocery groceries buy';

export const GROCERIES_PHRASES = {
  groceries_list: `${GROCERIES} was steht drauf brauchen zeige what's on need show`,
  groceries_add: `${GROCERIES} hinzufügen füge setz setze schreib drauf brauchen liter gramm kilo packung flasche milch eier brot butter käse mehl zucker kaffee obst gemüse add put need`,
  groceries_update: `${GROCERIES} abhaken gekauft menge ändern check off bought quantity change`,
  groceries_remove: `${GROCERIES} runter streichen entfernen nicht mehr remove take off`,
  groceries_sync_mealplan: `${GROCERIES} ${MEAL_WORDS} zutaten ableiten aktualisieren ingredients sync update from meal plan`,
} as const satisfies Partial<Record<HomeToolName, string>>;
