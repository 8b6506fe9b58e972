import { ID_PREFIXES, type HomeToolName, type MealPlanEntry } from '../../../../src-shared';
import { listed, type DomainReplies } from '../reply';

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

/** The meals of a day as an English sentence names them. */
const MEAL_EN = { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner', snack: 'snack' } as const;

function listMeals(meals: readonly MealPlanEntry[], lang: 'de' | 'en'): string {
  if (meals.length === 0) return lang === 'en' ? 'Nothing is planned.' : 'Dafür ist noch nichts geplant.';
  const names = lang === 'en' ? MEAL_EN : MEAL_DE;
  const days = new Set(meals.map((m) => m.date));
  return meals
    .map(
      (m) =>
        `${days.size > 1 ? `${m.date} ` : ''}${names[m.meal] ?? m.meal}: ${m.title}${lang === 'en' ? ` (${m.servings} servings)` : ` (${m.servings} Portionen)`}`,
    )
    .join('; ')
    .concat('.');
}

export const MEALPLAN_REPLIES = {
  mealplan_list: { en: (d) => listed(d.meals, (l) => listMeals(l, 'en')), de: (d) => listed(d.meals, (l) => listMeals(l, 'de')) },
  mealplan_create: { en: (d) => `Planned: ${d.title} for ${MEAL_EN[d.meal] ?? d.meal} on ${d.date}.` },
  mealplan_update: { en: (d) => `Meal plan changed: ${d.title}, ${MEAL_EN[d.meal] ?? d.meal} on ${d.date}.` },
  mealplan_delete: { en: (d) => `Removed from the meal plan: ${d.title}.` },
} as const satisfies DomainReplies<'mealplan'>;
