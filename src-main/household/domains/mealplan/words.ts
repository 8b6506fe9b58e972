import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

/** The meals of a day as a German sentence names them. */
export const MEAL_DE = { breakfast: 'Frühstück', lunch: 'Mittagessen', dinner: 'Abendessen', snack: 'Snack' } as const;

/** An item of this list, and how a missing one is named. */
export const MEALPLAN_ITEM = { idPrefix: ID_PREFIXES.meal, de: 'Diese Mahlzeit', en: 'That meal' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
export const MEAL_WORDS = 'essen essensplan mahlzeit mittagessen abendessen frühstück mittag abend meal meals dinner lunch breakfast';

export const MEALPLAN_PHRASES = {
  mealplan_list: `${MEAL_WORDS} was gibt es was essen wir geplant what's for planned`,
  mealplan_create: `${MEAL_WORDS} planen plane kochen gibt es eintragen plan cook schedule`,
  mealplan_update: `${MEAL_WORDS} verschieben ändern tauschen statt move change swap instead`,
  mealplan_delete: `${MEAL_WORDS} löschen streichen entfernen delete remove cancel`,
} as const satisfies Partial<Record<HomeToolName, string>>;
