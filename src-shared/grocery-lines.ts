// When a new shopping-list item joins a line that is already open: the same item (name in any
// case, spacing or number) with the same unit, added by hand. The UI's instant preview, the
// groceries tool and every sentence that adds an item use these rules, so a family never sees
// "Milch" twice.
import { groceryNameKey } from './grocery-names';

/** What a line on the list needs for the merge rule. */
export interface GroceryLineLike {
  readonly name: string;
  readonly quantity: number | null;
  readonly unit: string | null;
  readonly checked: boolean;
  readonly source: string;
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

/** Both amounts add up; when only one line has an amount, that amount stays. */
export function mergedGroceryQuantity(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null) return b ?? null;
  if (b == null) return a;
  return roundGroceryQuantity(a + b);
}

/** The open line a new item is merged into, or undefined when it gets a line of its own. */
export function groceryMergeTarget<T extends GroceryLineLike>(lines: readonly T[], item: GroceryLineInput): T | undefined {
  const key = groceryNameKey(item.name);
  const unit = item.unit ?? null;
  // Meal-plan lines are rewritten by the plan; the family's own lines are the ones to top up.
  return lines.find((g) => !g.checked && g.source === 'manual' && (g.unit ?? null) === unit && groceryNameKey(g.name) === key);
}

/** The line after the merge: same line, amounts added. */
export function mergeGroceryLine<T extends GroceryLineLike>(line: T, item: GroceryLineInput): T {
  return { ...line, quantity: mergedGroceryQuantity(line.quantity, item.quantity) };
}
