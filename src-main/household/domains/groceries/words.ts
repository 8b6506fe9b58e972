import { MEAL_WORDS } from '../mealplan/words';
import { formatGroceryLine, groceryAmountsOf, ID_PREFIXES, type GroceryItem, type HomeToolName } from '../../../../src-shared';
import { listed, type DomainReplies } from '../reply';

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

/** "2 l milk", "Milch (1 l + 2)": a shopping-list line with every amount it holds. */
function line(item: GroceryItem, lang: 'de' | 'en' = 'en'): string {
  return formatGroceryLine(item.name, groceryAmountsOf(item), lang);
}

function listGroceries(items: readonly GroceryItem[], lang: 'de' | 'en'): string {
  const open = items.filter((i) => !i.checked);
  if (open.length === 0) return lang === 'en' ? 'The shopping list is empty.' : 'Die Einkaufsliste ist leer.';
  return `${lang === 'en' ? 'On the shopping list' : 'Auf der Einkaufsliste'}: ${open.map((i) => line(i, lang)).join(', ')}.`;
}

export const GROCERIES_REPLIES = {
  groceries_list: { en: (d) => listed(d.items, (l) => listGroceries(l, 'en')), de: (d) => listed(d.items, (l) => listGroceries(l, 'de')) },
  groceries_add: {
    en: (d) => (d.merged === true ? `Already on the shopping list – merged: ${line(d)}.` : `Added to the shopping list: ${line(d)}.`),
  },
  groceries_update: { en: (d) => (d.checked === true ? `Checked off: ${d.name}.` : `Shopping list item changed: ${line(d)}.`) },
  groceries_remove: { en: (d) => `Removed from the shopping list: ${d.name}.` },
  groceries_sync_mealplan: {
    en: ({ items }) =>
      items.length === 0
        ? 'The meal plan needs nothing from the shop.'
        : `Shopping list from the meal plan: ${items.map((i) => line(i)).join(', ')}.`,
  },
} as const satisfies DomainReplies<'groceries'>;
