import { describe, expect, it } from 'vitest';
import type { GroceryAmount } from './home';
import {
  addGroceryAmount,
  addGroceryAmounts,
  formatGroceryAmounts,
  formatGroceryLine,
  groceryAmountsOf,
  groceryMergeTarget,
  mergeGroceryLine,
  mergedGroceryQuantity,
  type GroceryLineLike,
} from './grocery-lines';
import { readGroceryPhrase } from './grocery-phrase';

const amount = (quantity: number | null, unit: string | null = null): GroceryAmount => ({ quantity, unit });
const line = (name: string, amounts: GroceryAmount[], more: Partial<GroceryLineLike> = {}): GroceryLineLike => ({
  name,
  amounts,
  checked: false,
  ...more,
});

const typed = (text: string) => {
  const r = readGroceryPhrase(text);
  if (!r.ok) throw new Error(r.problem);
  return r.item;
};

const merged = (start: GroceryLineLike, ...phrases: string[]) => phrases.reduce((l, p) => mergeGroceryLine(l, typed(p)), start).amounts;

describe('merging shopping-list lines', () => {
  it('finds the open line for the same item in any case, spacing, number or unit', () => {
    const milk = line('Milch', [amount(2)]);
    const lines = [line('Brot', []), milk];
    expect(groceryMergeTarget(lines, typed('milch'))).toBe(milk);
    expect(groceryMergeTarget(lines, typed('  MILCH  '))).toBe(milk);
    expect(groceryMergeTarget(lines, typed('3 Milch'))).toBe(milk);
    expect(groceryMergeTarget(lines, typed('1 l Milch'))).toBe(milk);
    expect(groceryMergeTarget([line('Eier', [amount(6)])], typed('1 Ei'))?.name).toBe('Eier');
  });

  it('keeps a ticked line and another item apart', () => {
    expect(groceryMergeTarget([line('Milch', [amount(1)], { checked: true })], typed('Milch'))).toBeUndefined();
    expect(groceryMergeTarget([line('Hafermilch', [amount(1)])], typed('Milch'))).toBeUndefined();
  });

  it('another unit joins the same line as a second amount', () => {
    expect(merged(line('Milch', [amount(1, 'l')]), '2 Milch')).toEqual([amount(1, 'l'), amount(2)]);
    expect(merged(line('Milch', [amount(1, 'l')]), '2 Packungen Milch', '1 Liter Milch')).toEqual([amount(2, 'l'), amount(2, 'Packung')]);
    expect(mergeGroceryLine({ ...line('Milch', [amount(1, 'l')]), quantity: 1, unit: 'l' }, typed('2 Milch'))).toMatchObject({
      amounts: [amount(1, 'l'), amount(2)],
      quantity: 1,
      unit: 'l',
    });
  });

  it('g and kg, ml and l add up into one amount', () => {
    expect(merged(line('Mehl', [amount(1, 'kg')]), '100 g Mehl')).toEqual([amount(1.1, 'kg')]);
    expect(merged(line('Mehl', [amount(500, 'g')]), '1/4 kg Mehl')).toEqual([amount(750, 'g')]);
    expect(merged(line('Mehl', [amount(500, 'g')]), '1,5 kg Mehl')).toEqual([amount(2, 'kg')]);
    expect(merged(line('Mehl', [amount(1, 'kg')]), '5 g Mehl')).toEqual([amount(1005, 'g')]);
    expect(merged(line('Milch', [amount(1, 'l')]), '500 ml Milch')).toEqual([amount(1.5, 'l')]);
    expect(merged(line('Milch', [amount(200, 'ml')]), '0,3 l Milch')).toEqual([amount(500, 'ml')]);
    expect(merged(line('Milch', [amount(1, 'l')]), '250 g Milch')).toEqual([amount(1, 'l'), amount(250, 'g')]);
  });

  it('adds the amounts where both have one, keeps the one amount otherwise', () => {
    expect(merged(line('Milch', [amount(2)]), '3 Milch')).toEqual([amount(5)]);
    expect(merged(line('Milch', [amount(2)]), 'Milch')).toEqual([amount(2)]);
    expect(merged(line('Milch', []), '2 Milch')).toEqual([amount(2)]);
    expect(merged(line('Milch', []), 'Milch')).toEqual([]);
    expect(merged(line('Mehl', [amount(0.5, 'kg')]), '1,5 kg Mehl')).toEqual([amount(2, 'kg')]);
    expect(mergedGroceryQuantity(0.1, 0.2)).toBe(0.3);
    expect(addGroceryAmount([amount(null, 'TL')], amount(0.5, 'TL'))).toEqual([amount(0.5, 'TL')]);
    expect(addGroceryAmounts([amount(1, 'l')], [amount(2), amount(500, 'ml')])).toEqual([amount(1.5, 'l'), amount(2)]);
  });

  it('shows every amount of a line, in each language', () => {
    expect(formatGroceryAmounts([amount(1, 'l'), amount(2)], 'de')).toBe('1 l + 2');
    expect(formatGroceryAmounts([amount(1.5, 'kg'), amount(0.5, 'TL')], 'de')).toBe('1,5 kg + ½ TL');
    expect(formatGroceryAmounts([amount(1.5, 'kg'), amount(0.5, 'TL')], 'en')).toBe('1.5 kg + ½ tsp');
    expect(formatGroceryAmounts([amount(1, 'l'), amount(2, 'Packung')], 'en')).toBe('1 l + 2 packs');
    expect(formatGroceryAmounts([], 'de')).toBe('');
    expect(formatGroceryAmounts([amount(1, 'l'), amount(2, 'Packung')], 'de')).toBe('1 l + 2 Packungen');
    expect(formatGroceryLine('Milch', [amount(1, 'l'), amount(2)], 'de')).toBe('Milch (1 l + 2)');
    expect(formatGroceryLine('Zimt', [amount(0.5, 'TL')], 'de')).toBe('½ TL Zimt');
    expect(formatGroceryLine('Salz', [], 'en')).toBe('Salz');
  });

  it('reads the one amount of a line sent before lines had several', () => {
    expect(groceryAmountsOf({ quantity: 2, unit: 'l' })).toEqual([amount(2, 'l')]);
    expect(groceryAmountsOf({ quantity: null, unit: null })).toEqual([]);
    expect(groceryAmountsOf({ amounts: [amount(1, 'l'), amount(2)], quantity: 1, unit: 'l' })).toEqual([amount(1, 'l'), amount(2)]);
  });
});
