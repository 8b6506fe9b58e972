// One open line per item on the shopping list. A new item joins the open line with the same
// name (in any case, spacing or number); its amount joins the line's amounts: the same unit
// adds up, a weight or volume in the other metric unit (g/kg, ml/l) is converted and added,
// any other unit stands next to it ("Milch: 1 l + 2"). The UI's instant preview, the
// groceries tool, every sentence that adds an item and the meal-plan sync use these rules,
// so a family never sees "Milch" twice.
import type { GroceryAmount } from './home';
import { groceryNameKey } from './grocery-names';
import { formatGroceryAmount, formatQuantity, unitAfter } from './quantity-text';

/** What a line on the list needs for the merge rule. */
export interface GroceryLineLike {
  readonly name: string;
  readonly amounts: readonly GroceryAmount[];
  readonly checked: boolean;
}

/** An item someone is adding. */
export interface GroceryLineInput {
  readonly name: string;
  readonly quantity?: number | null;
  readonly unit?: string | null;
}

/** Amounts are kept to two decimals: 0.1 + 0.2 stays 0.3. */
export function roundGroceryQuantity(q: number): number {
  return Math.round(q * 100) / 100;
}

/** Both amounts add up; when only one has a number, that number stays. */
export function mergedGroceryQuantity(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null) return b ?? null;
  if (b == null) return a;
  return roundGroceryQuantity(a + b);
}

/** Metric units that convert into each other: the base unit and how many of it one is. */
const METRIC: Readonly<Record<string, { readonly base: string; readonly factor: number }>> = {
  mg: { base: 'g', factor: 0.001 },
  g: { base: 'g', factor: 1 },
  kg: { base: 'g', factor: 1000 },
  ml: { base: 'ml', factor: 1 },
  cl: { base: 'ml', factor: 10 },
  l: { base: 'ml', factor: 1000 },
};

/** Whether two amounts become one: the same unit, or two metric units of one kind. */
function sameKind(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const ma = METRIC[a];
  const mb = METRIC[b];
  return ma !== undefined && mb !== undefined && ma.base === mb.base;
}

/**
 * 1 kg + 100 g = 1,1 kg; 500 g + 0,25 kg = 750 g; 1 kg + 5 g = 1005 g: the larger of the two
 * units when the total is at least one of it and reads exactly in two decimals, else the smaller.
 */
function addMetric(a: GroceryAmount, b: GroceryAmount): GroceryAmount {
  const ma = METRIC[a.unit!]!;
  const mb = METRIC[b.unit!]!;
  const total = (a.quantity ?? 0) * ma.factor + (b.quantity ?? 0) * mb.factor;
  if (a.quantity === null && b.quantity === null) return a;
  const [larger, smaller] = ma.factor >= mb.factor ? [a.unit!, b.unit!] : [b.unit!, a.unit!];
  const inLarger = total / METRIC[larger]!.factor;
  const exact = Math.abs(roundGroceryQuantity(inLarger) * METRIC[larger]!.factor - total) < 1e-6;
  if (inLarger >= 1 && exact) return { quantity: roundGroceryQuantity(inLarger), unit: larger };
  return { quantity: roundGroceryQuantity(total / METRIC[smaller]!.factor), unit: smaller };
}

/** One amount joined to a list of amounts: added to the one of its kind, else appended. */
export function addGroceryAmount(amounts: readonly GroceryAmount[], amount: GroceryAmount): GroceryAmount[] {
  // "Milch" without an amount adds nothing to "2 l Milch".
  if (amount.quantity === null && amount.unit === null) return [...amounts];
  const i = amounts.findIndex((a) => sameKind(a.unit, amount.unit));
  if (i < 0) return [...amounts, { quantity: amount.quantity, unit: amount.unit }];
  const have = amounts[i]!;
  const joined =
    have.unit === amount.unit
      ? { quantity: mergedGroceryQuantity(have.quantity, amount.quantity), unit: have.unit }
      : addMetric(have, amount);
  return amounts.map((a, j) => (j === i ? joined : a));
}

/** Two lists of amounts as one (the family's own and the meal plan's, or two lines). */
export function addGroceryAmounts(a: readonly GroceryAmount[], b: readonly GroceryAmount[]): GroceryAmount[] {
  return [...a, ...b].reduce<GroceryAmount[]>((sum, amount) => addGroceryAmount(sum, amount), []);
}

/** The amounts of one item someone typed or said: none, or the one it names. */
export function groceryInputAmounts(item: GroceryLineInput): GroceryAmount[] {
  return addGroceryAmount([], { quantity: item.quantity ?? null, unit: item.unit ?? null });
}

/**
 * The amounts of a line as the list sends it. A line from before lines had several amounts
 * (a cached state, an older client) carries only its one quantity and unit.
 */
export function groceryAmountsOf(line: {
  readonly amounts?: readonly GroceryAmount[];
  readonly quantity?: number | null;
  readonly unit?: string | null;
}): readonly GroceryAmount[] {
  if (Array.isArray(line.amounts)) return line.amounts;
  return groceryInputAmounts({ name: '', quantity: line.quantity ?? null, unit: line.unit ?? null });
}

/** The fields a line carries for its amounts: the list, and its first for one-amount readers. */
export function groceryAmountFields(amounts: readonly GroceryAmount[]): {
  amounts: readonly GroceryAmount[];
  quantity: number | null;
  unit: string | null;
} {
  return { amounts, quantity: amounts[0]?.quantity ?? null, unit: amounts[0]?.unit ?? null };
}

/** The open line a new item is merged into, or undefined when it gets a line of its own. */
export function groceryMergeTarget<T extends GroceryLineLike>(lines: readonly T[], item: GroceryLineInput): T | undefined {
  const key = groceryNameKey(item.name);
  return lines.find((g) => !g.checked && groceryNameKey(g.name) === key);
}

/** The line after the merge: same line, the item's amount joined to its amounts. */
export function mergeGroceryLine<T extends GroceryLineLike>(line: T, item: GroceryLineInput): T {
  return { ...line, ...groceryAmountFields(addGroceryAmounts(line.amounts, groceryInputAmounts(item))) };
}

/** "1 l + 2", "½ TL", "" (no amount): a line's amounts as the list shows them. */
export function formatGroceryAmounts(amounts: readonly GroceryAmount[], language: string): string {
  return amounts
    .map((a) =>
      [
        a.quantity === null ? '' : formatQuantity(a.quantity, language, a.unit),
        a.unit === null ? '' : unitAfter(a.quantity, a.unit, language),
      ]
        .filter((p) => p !== '')
        .join(' '),
    )
    .join(' + ');
}

/** "2 l Milch", "½ TL Zimt", "Salz", "Milch (1 l + 2)": a line in a sentence. */
export function formatGroceryLine(name: string, amounts: readonly GroceryAmount[], language: string): string {
  if (amounts.length === 0) return name;
  if (amounts.length === 1) return formatGroceryAmount(name, amounts[0]!.quantity, amounts[0]!.unit, language);
  return `${name} (${formatGroceryAmounts(amounts, language)})`;
}
