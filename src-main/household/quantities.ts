// Units and amounts on the grocery list: canonical unit names so "2 Liter" and "1 l"
// aggregate, and German number wording for confirmations.
import { addGroceryAmounts, formatGroceryAmount, formatGroceryLine, formatQuantity, unitOf, type GroceryAmount } from '../../src-shared';
import type { GroceryRecord } from './store';

/** The shopping list's unit for a unit word; a unit we do not know is kept as written. */
export function canonicalUnit(unit: string | null | undefined): string | null {
  if (unit === null || unit === undefined) return null;
  const trimmed = unit.trim();
  if (trimmed === '') return null;
  return unitOf(trimmed) ?? trimmed;
}

export { groceryLineKey } from './store/grocery-key';

/** Two decimals are plenty for a shopping list and keep 0.1 + 0.2 from printing oddly. */
export function roundQuantity(q: number): number {
  return Math.round(q * 100) / 100;
}

/** "2", "0,5 l", "½ TL": as formatQuantity writes it in German. */
export function formatNumberDe(n: number, unit?: string | null): string {
  return formatQuantity(roundQuantity(n), 'de', unit);
}

/** "2 l Milch", "½ TL Zimt", "Salz", "3 Eier" (no unit). */
export function formatAmountDe(name: string, quantity: number | null, unit: string | null): string {
  return formatGroceryAmount(name, quantity === null ? null : roundQuantity(quantity), unit, 'de');
}

/** Everything to buy of a line: the family's amounts and the meal plan's, as one list. */
export function groceryLineAmounts(g: Pick<GroceryRecord, 'amounts' | 'planAmounts'>): GroceryAmount[] {
  return addGroceryAmounts(g.amounts, g.planAmounts);
}

/** "2 l Milch", "Milch (1 l + 2)", "Salz": a line in a German sentence. */
export function formatLineDe(g: Pick<GroceryRecord, 'name' | 'amounts' | 'planAmounts'>): string {
  return formatGroceryLine(g.name, groceryLineAmounts(g), 'de');
}
