import { describe, expect, it } from 'vitest';
import { groceryMergeTarget, mergeGroceryLine, mergedGroceryQuantity, type GroceryLineLike } from './grocery-lines';
import { readGroceryPhrase } from './grocery-phrase';

const line = (name: string, quantity: number | null, unit: string | null = null, more: Partial<GroceryLineLike> = {}) => ({
  name,
  quantity,
  unit,
  checked: false,
  source: 'manual',
  ...more,
});

const typed = (text: string) => {
  const r = readGroceryPhrase(text);
  if (!r.ok) throw new Error(r.problem);
  return r.item;
};

describe('merging shopping-list lines', () => {
  it('finds the open line for the same item in any case, spacing or number', () => {
    const milk = line('Milch', 2);
    const lines = [line('Brot', null), milk];
    expect(groceryMergeTarget(lines, typed('milch'))).toBe(milk);
    expect(groceryMergeTarget(lines, typed('  MILCH  '))).toBe(milk);
    expect(groceryMergeTarget(lines, typed('3 Milch'))).toBe(milk);
    expect(groceryMergeTarget([line('Eier', 6)], typed('1 Ei'))?.name).toBe('Eier');
  });

  it('keeps separate lines for another unit, a ticked line and a meal-plan line', () => {
    expect(groceryMergeTarget([line('Milch', 1, 'l')], typed('2 Milch'))).toBeUndefined();
    expect(groceryMergeTarget([line('Milch', 1, null, { checked: true })], typed('Milch'))).toBeUndefined();
    expect(groceryMergeTarget([line('Milch', 1, null, { source: 'mealplan' })], typed('Milch'))).toBeUndefined();
    expect(groceryMergeTarget([line('Hafermilch', 1)], typed('Milch'))).toBeUndefined();
  });

  it('adds the amounts where both have one, keeps the one amount otherwise', () => {
    expect(mergeGroceryLine(line('Milch', 2), typed('3 Milch')).quantity).toBe(5);
    expect(mergeGroceryLine(line('Milch', 2), typed('Milch')).quantity).toBe(2);
    expect(mergeGroceryLine(line('Milch', null), typed('2 Milch')).quantity).toBe(2);
    expect(mergeGroceryLine(line('Milch', null), typed('Milch')).quantity).toBeNull();
    expect(mergeGroceryLine(line('Mehl', 0.5, 'kg'), typed('1,5 kg Mehl')).quantity).toBe(2);
    expect(mergedGroceryQuantity(0.1, 0.2)).toBe(0.3);
  });
});
