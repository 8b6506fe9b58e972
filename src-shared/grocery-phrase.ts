// Reads a shopping-list phrase ("2 Liter Milch", "1/2 TL Zimt", "½ kg Mehl", "Milch 1 l", "a
// bottle of wine") into name, amount and canonical unit. The assistant's local intents and the UI's
// item field use this one parser, so both put the same thing on the list.

export type GroceryPhrase = {
  readonly name: string;
  readonly quantity?: number;
  readonly unit?: string;
};

export type GroceryPhraseProblem =
  /** Nothing but spaces. */
  | 'EMPTY'
  /** Something that looks like an amount ("3-4", "1/0", "2,5,1") but is not one. */
  | 'UNREADABLE_AMOUNT'
  /** An amount (and unit) without anything to buy. */
  | 'MISSING_NAME'
  | 'TOO_LONG';

export type GroceryPhraseResult =
  | { readonly ok: true; readonly item: GroceryPhrase }
  | { readonly ok: false; readonly problem: GroceryPhraseProblem; readonly amount?: string };

/** The longest item name the groceries tools accept. */
export const GROCERY_NAME_MAX = 80;
/** The largest amount the groceries tools accept. */
export const GROCERY_QUANTITY_MAX = 1_000_000;

/** Spoken and written unit names (de, en) -> the canonical unit stored on the list. */
const UNITS: Readonly<Record<string, string>> = {
  g: 'g',
  gr: 'g',
  'gr.': 'g',
  gramm: 'g',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  kg: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogramm: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  mg: 'mg',
  ml: 'ml',
  milliliter: 'ml',
  millilitre: 'ml',
  milliliters: 'ml',
  millilitres: 'ml',
  cl: 'cl',
  l: 'l',
  liter: 'l',
  litern: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  ltr: 'l',
  'ltr.': 'l',
  stück: 'Stück',
  stueck: 'Stück',
  stk: 'Stück',
  'stk.': 'Stück',
  st: 'Stück',
  'st.': 'Stück',
  x: 'Stück',
  piece: 'Stück',
  pieces: 'Stück',
  pcs: 'Stück',
  el: 'EL',
  esslöffel: 'EL',
  essloeffel: 'EL',
  tbsp: 'EL',
  tablespoon: 'EL',
  tablespoons: 'EL',
  tl: 'TL',
  teelöffel: 'TL',
  teeloeffel: 'TL',
  tsp: 'TL',
  teaspoon: 'TL',
  teaspoons: 'TL',
  prise: 'Prise',
  prisen: 'Prise',
  pinch: 'Prise',
  pinches: 'Prise',
  dose: 'Dose',
  dosen: 'Dose',
  can: 'Dose',
  cans: 'Dose',
  tin: 'Dose',
  tins: 'Dose',
  packung: 'Packung',
  packungen: 'Packung',
  pck: 'Packung',
  'pck.': 'Packung',
  päckchen: 'Packung',
  pack: 'Packung',
  packs: 'Packung',
  packet: 'Packung',
  packets: 'Packung',
  package: 'Packung',
  packages: 'Packung',
  bund: 'Bund',
  bunch: 'Bund',
  bunches: 'Bund',
  zehe: 'Zehe',
  zehen: 'Zehe',
  clove: 'Zehe',
  cloves: 'Zehe',
  becher: 'Becher',
  tub: 'Becher',
  tubs: 'Becher',
  flasche: 'Flasche',
  flaschen: 'Flasche',
  bottle: 'Flasche',
  bottles: 'Flasche',
  tasse: 'Tasse',
  tassen: 'Tasse',
  // A recipe's cup is a measure, like the German Tasse.
  cup: 'Tasse',
  cups: 'Tasse',
  glas: 'Glas',
  gläser: 'Glas',
  jar: 'Glas',
  jars: 'Glas',
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  fuenf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
};

/** Alone, these are articles ("ein Brot" is just bread); before a unit they count ("ein Liter"). */
const ARTICLES = /^(a|an|ein|eine|einen)$/i;

const VULGAR: Readonly<Record<string, number>> = {
  '½': 0.5,
  '¼': 0.25,
  '¾': 0.75,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 0.125,
  '⅜': 0.375,
  '⅝': 0.625,
  '⅞': 0.875,
};
const VULGAR_CLASS = '½¼¾⅓⅔⅛⅜⅝⅞';

/** The canonical unit for a unit word, or undefined when it is not one we know. */
export function unitOf(word: string): string | undefined {
  return UNITS[word.trim().toLowerCase()];
}

/** "4", "vier", "2,5", "1/2", "½", "1½" -> number; undefined when it is no amount. */
export function parseCount(word: string): number | undefined {
  const w = word.trim().toLowerCase();
  if (/^\d+([.,]\d+)?$/.test(w)) return Number(w.replace(',', '.'));
  const fraction = /^(\d+)\/(\d+)$/.exec(w);
  if (fraction) {
    const denominator = Number(fraction[2]);
    return denominator === 0 ? undefined : Number(fraction[1]) / denominator;
  }
  const vulgar = new RegExp(`^(\\d*)([${VULGAR_CLASS}])$`, 'u').exec(w);
  if (vulgar) return Number(vulgar[1] || 0) + VULGAR[vulgar[2]!]!;
  return NUMBER_WORDS[w];
}

/** A token that starts like a number but is not one we can read ("3-4", "1/0", "2,5,1"). */
function looksLikeAmount(word: string): boolean {
  return new RegExp(`^[\\d${VULGAR_CLASS}]`, 'u').test(word);
}

/** "500g" -> ["500", "g"]; "2l" -> ["2", "l"]; anything else stays one word. */
function splitGluedUnit(word: string): string[] {
  const m = new RegExp(`^([\\d.,/${VULGAR_CLASS}]+)([a-zäöü]+\\.?)$`, 'iu').exec(word);
  return m && unitOf(m[2]!) ? [m[1]!, m[2]!] : [word];
}

const readable = (q: number) => Number.isFinite(q) && q > 0 && q <= GROCERY_QUANTITY_MAX;

/** Reads one shopping-list phrase; says what is wrong instead of guessing. */
export function readGroceryPhrase(phrase: string): GroceryPhraseResult {
  const words = phrase.trim().split(/\s+/).filter(Boolean).flatMap(splitGluedUnit);
  if (words.length === 0) return { ok: false, problem: 'EMPTY' };
  let quantity: number | undefined;
  let unit: string | undefined;
  // "1 1/2 kg", "1 ½ kg": a whole number and a fraction are one amount.
  if (words.length > 2 && /^\d+$/.test(words[0]!) && /^(\d+\/\d+|[½¼¾⅓⅔⅛⅜⅝⅞])$/u.test(words[1]!)) {
    const part = parseCount(words[1]!);
    if (part !== undefined) words.splice(0, 2, String(Number(words[0]) + part));
  }
  const first = words[0]!;
  const count = parseCount(first);
  if (count === undefined && looksLikeAmount(first)) return { ok: false, problem: 'UNREADABLE_AMOUNT', amount: first };
  if (count !== undefined && words.length === 1 && looksLikeAmount(first)) return { ok: false, problem: 'MISSING_NAME', amount: first };
  if (count !== undefined && words.length > 1) {
    const maybeUnit = unitOf(words[1]!);
    if (maybeUnit) {
      quantity = count;
      unit = maybeUnit;
      words.splice(0, 2);
      if (/^(of|von)$/i.test(words[0] ?? '')) words.shift();
      if (words.length === 0) return { ok: false, problem: 'MISSING_NAME', amount: `${first} ${maybeUnit}` };
    } else if (!ARTICLES.test(first)) {
      quantity = count;
      words.shift();
    } else {
      words.shift();
    }
    if (quantity !== undefined && !readable(quantity)) return { ok: false, problem: 'UNREADABLE_AMOUNT', amount: first };
  }
  // "Milch 1 l", "Mehl 500g": a list is often written name first. Only a number with a unit
  // counts at the end, so "Vitamin B 12" or "Cola 0" stay names.
  if (quantity === undefined && words.length > 2) {
    const [amount, unitWord] = words.slice(-2) as [string, string];
    const trailing = looksLikeAmount(amount) ? parseCount(amount) : undefined;
    const trailingUnit = unitOf(unitWord);
    if (trailing !== undefined && trailingUnit) {
      if (!readable(trailing)) return { ok: false, problem: 'UNREADABLE_AMOUNT', amount };
      quantity = trailing;
      unit = trailingUnit;
      words.splice(-2, 2);
    }
  }
  const name = words.join(' ').trim();
  if (!name) return { ok: false, problem: 'EMPTY' };
  if (name.length > GROCERY_NAME_MAX) return { ok: false, problem: 'TOO_LONG' };
  return {
    ok: true,
    item: {
      name: name.charAt(0).toUpperCase() + name.slice(1),
      ...(quantity !== undefined ? { quantity: Math.round(quantity * 1000) / 1000 } : {}),
      ...(unit ? { unit } : {}),
    },
  };
}

/** The parsed item, or undefined when the phrase is not a plain shopping-list item. */
export function parseGroceryItem(phrase: string): GroceryPhrase | undefined {
  const result = readGroceryPhrase(phrase);
  return result.ok ? result.item : undefined;
}
