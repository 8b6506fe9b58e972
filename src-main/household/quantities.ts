// Units and amounts on the grocery list: canonical unit names so "2 Liter" and "1 l"
// aggregate, and German number wording for confirmations.

const UNIT_ALIASES: Record<string, string> = {
  g: 'g', gr: 'g', gramm: 'g', gram: 'g',
  kg: 'kg', kilo: 'kg', kilogramm: 'kg',
  mg: 'mg',
  ml: 'ml', milliliter: 'ml',
  cl: 'cl',
  l: 'l', liter: 'l', litre: 'l', ltr: 'l',
  stück: 'Stück', stueck: 'Stück', stk: 'Stück', 'stk.': 'Stück', st: 'Stück', x: 'Stück',
  el: 'EL', esslöffel: 'EL', essloeffel: 'EL',
  tl: 'TL', teelöffel: 'TL', teeloeffel: 'TL',
  prise: 'Prise', prisen: 'Prise',
  dose: 'Dose', dosen: 'Dose',
  packung: 'Packung', packungen: 'Packung', pck: 'Packung', 'pck.': 'Packung', päckchen: 'Packung',
  bund: 'Bund',
  zehe: 'Zehe', zehen: 'Zehe',
  becher: 'Becher',
  flasche: 'Flasche', flaschen: 'Flasche',
  tasse: 'Tasse', tassen: 'Tasse',
};

export function canonicalUnit(unit: string | null | undefined): string | null {
  if (unit === null || unit === undefined) return null;
  const trimmed = unit.trim();
  if (trimmed === '') return null;
  return UNIT_ALIASES[trimmed.toLowerCase()] ?? trimmed;
}

export { groceryKey } from './store/grocery-key';

/** Two decimals are plenty for a shopping list and keep 0.1 + 0.2 from printing oddly. */
export function roundQuantity(q: number): number {
  return Math.round(q * 100) / 100;
}

/** "2", "0,5", "1,25" */
export function formatNumberDe(n: number): string {
  return String(roundQuantity(n)).replace('.', ',');
}

/** "2 l Milch", "Salz", "3 Eier" stays "3 Eier" (no unit). */
export function formatAmountDe(name: string, quantity: number | null, unit: string | null): string {
  if (quantity === null) return unit ? `${unit} ${name}` : name;
  return unit ? `${formatNumberDe(quantity)} ${unit} ${name}` : `${formatNumberDe(quantity)} ${name}`;
}
