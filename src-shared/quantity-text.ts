// How an amount reads on the list and in replies: spoons, cups and pieces in the fractions a
// kitchen uses, as one glyph ("½ TL", "1¼ Tassen"); weights and volumes, and anything else,
// as a number in the household's language ("1,5 kg", "0.3 l"). Pure string work (no Intl),
// so Home's first render stays cheap.

/** Measured units: nobody writes "1½ kg". */
const METRIC = new Set(['g', 'kg', 'mg', 'ml', 'cl', 'l']);

const GLYPHS: readonly (readonly [number, string])[] = [
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/** Close enough to a kitchen fraction that nobody would write it otherwise (⅓ is stored as 0.33). */
const SLACK = 0.006;

/** "½", "1½", "1,5" (de) / "1.5" (en), "250"; with a metric unit always a number. */
export function formatQuantity(quantity: number, language: string, unit?: string | null): string {
  const whole = Math.floor(quantity + SLACK);
  const rest = quantity - whole;
  if (rest > SLACK && !(unit && METRIC.has(unit))) {
    const glyph = GLYPHS.find(([value]) => Math.abs(rest - value) < SLACK)?.[1];
    if (glyph) return whole === 0 ? glyph : `${whole}${glyph}`;
  }
  const rounded = String(Math.round(quantity * 100) / 100);
  return language.startsWith('de') ? rounded.replace('.', ',') : rounded;
}

/** German plurals of the counted units the list stores in the singular ("2 Packungen"). */
const PLURAL_DE: Readonly<Record<string, string>> = {
  Packung: 'Packungen',
  Dose: 'Dosen',
  Flasche: 'Flaschen',
  Tasse: 'Tassen',
  Zehe: 'Zehen',
  Prise: 'Prisen',
  Glas: 'Gläser',
};

/**
 * The list stores its units in German (one spelling to add up); an English screen or reply
 * reads them in English, singular and plural. Metric symbols read the same in both.
 */
const ENGLISH: Readonly<Record<string, readonly [string, string]>> = {
  Stück: ['pc', 'pcs'],
  EL: ['tbsp', 'tbsp'],
  TL: ['tsp', 'tsp'],
  Prise: ['pinch', 'pinches'],
  Dose: ['can', 'cans'],
  Packung: ['pack', 'packs'],
  Bund: ['bunch', 'bunches'],
  Zehe: ['clove', 'cloves'],
  Becher: ['tub', 'tubs'],
  Flasche: ['bottle', 'bottles'],
  Tasse: ['cup', 'cups'],
  Glas: ['jar', 'jars'],
};

/** The unit as it reads after the amount: "2 Packungen", "1 Packung", "½ Tasse"; "2 packs" in English. */
export function unitAfter(quantity: number | null, unit: string, language: string): string {
  const many = quantity !== null && quantity > 1;
  if (language.startsWith('de')) return many ? (PLURAL_DE[unit] ?? unit) : unit;
  const english = ENGLISH[unit];
  return english ? english[many ? 1 : 0] : unit;
}

/** "½ TL Zimt", "2 l Milch", "3 Eier", "2 Packungen Milch", "TL Zimt" (no amount), "Salz"; "½ tsp Zimt" in English. */
export function formatGroceryAmount(name: string, quantity: number | null, unit: string | null, language: string): string {
  const amount = quantity === null ? '' : formatQuantity(quantity, language, unit);
  return [amount, unit === null ? '' : unitAfter(quantity, unit, language), name].filter((part) => part !== '').join(' ');
}
