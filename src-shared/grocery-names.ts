// When two shopping-list names are the same item: case, spacing and singular/plural in
// German and English do not count ("Eier" = "Ei", "Tomaten" = "tomate", "eggs" = "Egg").
// The key is only ever compared with another key, never shown.

/** Plurals no suffix rule reaches (umlaut or -er plurals, English irregulars). */
const IRREGULAR: Readonly<Record<string, string>> = {
  eier: 'ei',
  äpfel: 'apfel',
  nüsse: 'nuss',
  walnüsse: 'walnuss',
  haselnüsse: 'haselnuss',
  kräuter: 'kraut',
  blätter: 'blatt',
  brote: 'brot',
  brötchen: 'brötchen',
  säfte: 'saft',
  würste: 'wurst',
  leaves: 'leaf',
  loaves: 'loaf',
  knives: 'knife',
  cheeses: 'cheese',
};

function singularWord(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  // English: berries -> berry, tomatoes -> tomato, peaches -> peach, apples -> apple.
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes')) return word.slice(0, -2);
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  // German: Tomaten -> tomate, Kartoffeln -> kartoffel, Möhren -> möhre, Bohnen -> bohne.
  if (/(en|ln|rn)$/.test(word) && word.length > 4) return word.slice(0, -1);
  return word;
}

/** The comparison key of an item name: lower case, single spaces, each word singular. */
export function groceryNameKey(name: string): string {
  return name.trim().toLowerCase().split(/\s+/).filter(Boolean).map(singularWord).join(' ');
}

/** True when two names are the same item on the list. */
export function sameGroceryName(a: string, b: string): boolean {
  return groceryNameKey(a) === groceryNameKey(b);
}
