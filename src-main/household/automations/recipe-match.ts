// Free meal titles -> a recipe of the book, only when the match is unambiguous:
// "Nudeln mit Tomatensauce für vier" finds "Nudeln mit Tomatensauce";
// "Nudeln" alone with two pasta recipes finds nothing.
import type { RecipeRecord } from '../store';

const STOPWORDS = new Set([
  'mit',
  'und',
  'zum',
  'zur',
  'zu',
  'der',
  'die',
  'das',
  'den',
  'dem',
  'ein',
  'eine',
  'für',
  'fuer',
  'von',
  'vom',
  'in',
  'im',
  'a',
  'la',
  'al',
  'an',
  'auf',
  'art',
  'nach',
  'personen',
  'person',
  'portionen',
]);

export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function tokens(title: string): Set<string> {
  return new Set(
    normaliseTitle(title)
      .split(' ')
      .filter((t) => t.length > 1 && !STOPWORDS.has(t)),
  );
}

/** 1 for the same title, 0.9 when every word of the recipe is in the meal title, else Jaccard. */
export function titleSimilarity(mealTitle: string, recipeTitle: string): number {
  if (normaliseTitle(mealTitle) === normaliseTitle(recipeTitle)) return 1;
  const a = tokens(mealTitle);
  const b = tokens(recipeTitle);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of b) if (a.has(t)) shared++;
  if (shared === b.size) return 0.9;
  return shared / (a.size + b.size - shared);
}

const THRESHOLD = 0.6;
/** The best candidate must lead the next one by this much to count as unambiguous. */
const MARGIN = 0.2;

export function matchRecipe(mealTitle: string, recipes: readonly RecipeRecord[]): RecipeRecord | undefined {
  const scored = recipes
    .map((recipe) => ({ recipe, score: titleSimilarity(mealTitle, recipe.title) }))
    .filter((s) => s.score >= THRESHOLD)
    .sort((x, y) => y.score - x.score);
  const [best, second] = scored;
  if (!best) return undefined;
  if (second && best.score - second.score < MARGIN) return undefined;
  return best.recipe;
}
