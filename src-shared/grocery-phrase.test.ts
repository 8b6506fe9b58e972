import { describe, expect, it } from 'vitest';
import { parseCount, parseGroceryItem, readGroceryPhrase, unitOf } from './grocery-phrase';

describe('readGroceryPhrase', () => {
  it.each([
    ['2 Liter Milch', { name: 'Milch', quantity: 2, unit: 'l' }],
    ['1/2 TL Zimt', { name: 'Zimt', quantity: 0.5, unit: 'TL' }],
    ['½ kg Mehl', { name: 'Mehl', quantity: 0.5, unit: 'kg' }],
    ['1 ½ kg Kartoffeln', { name: 'Kartoffeln', quantity: 1.5, unit: 'kg' }],
    ['1½ l Apfelsaft', { name: 'Apfelsaft', quantity: 1.5, unit: 'l' }],
    ['1 1/2 TL Salz', { name: 'Salz', quantity: 1.5, unit: 'TL' }],
    ['500g Hackfleisch', { name: 'Hackfleisch', quantity: 500, unit: 'g' }],
    ['0,5 l Sahne', { name: 'Sahne', quantity: 0.5, unit: 'l' }],
    ['zwei Flaschen Wasser', { name: 'Wasser', quantity: 2, unit: 'Flasche' }],
    ['3 Eier', { name: 'Eier', quantity: 3 }],
    ['ein Brot', { name: 'Brot' }],
    ['ein Liter Milch', { name: 'Milch', quantity: 1, unit: 'l' }],
    ['a bottle of wine', { name: 'Wine', quantity: 1, unit: 'Flasche' }],
    ['2 tsp cinnamon', { name: 'Cinnamon', quantity: 2, unit: 'TL' }],
    ['milch', { name: 'Milch' }],
    ['Milch 1 l', { name: 'Milch', quantity: 1, unit: 'l' }],
    ['Milch 2 Packungen', { name: 'Milch', quantity: 2, unit: 'Packung' }],
    ['Mehl 500g', { name: 'Mehl', quantity: 500, unit: 'g' }],
    ['Zimt ½ TL', { name: 'Zimt', quantity: 0.5, unit: 'TL' }],
    ['Vitamin B 12', { name: 'Vitamin B 12' }],
    ['Cola 0', { name: 'Cola 0' }],
    ['  Frische   Milch ', { name: 'Frische Milch' }],
  ])('reads "%s"', (phrase, item) => {
    expect(readGroceryPhrase(phrase)).toEqual({ ok: true, item });
  });

  it.each([
    ['3-4 Tomaten', '3-4'],
    ['1/0 kg Mehl', '1/0'],
    ['2,5,1 l Milch', '2,5,1'],
    ['0 Milch', '0'],
    ['2000000 g Zucker', '2000000'],
    ['Zucker 0 kg', '0'],
  ])('says that the amount of "%s" cannot be read', (phrase, amount) => {
    expect(readGroceryPhrase(phrase)).toEqual({ ok: false, problem: 'UNREADABLE_AMOUNT', amount });
  });

  it('says when only an amount was typed', () => {
    expect(readGroceryPhrase('2 Liter')).toMatchObject({ ok: false, problem: 'MISSING_NAME' });
    expect(readGroceryPhrase('5')).toMatchObject({ ok: false, problem: 'MISSING_NAME' });
  });

  it('refuses blank and overlong names', () => {
    expect(readGroceryPhrase('   ')).toEqual({ ok: false, problem: 'EMPTY' });
    expect(readGroceryPhrase(`2 ${'x'.repeat(81)}`)).toEqual({ ok: false, problem: 'TOO_LONG' });
  });

  it('gives the assistant undefined where the UI gets a reason', () => {
    expect(parseGroceryItem('3-4 Tomaten')).toBeUndefined();
    expect(parseGroceryItem('2 Liter Milch')).toEqual({ name: 'Milch', quantity: 2, unit: 'l' });
  });
});

describe('parseCount and unitOf', () => {
  it('reads digits, decimal commas, fractions and number words', () => {
    expect(parseCount('4')).toBe(4);
    expect(parseCount('2,5')).toBe(2.5);
    expect(parseCount('3/4')).toBe(0.75);
    expect(parseCount('¼')).toBe(0.25);
    expect(parseCount('vier')).toBe(4);
    expect(parseCount('two')).toBe(2);
    expect(parseCount('Milch')).toBeUndefined();
  });

  it('maps German and English unit words to one unit', () => {
    expect(unitOf('Esslöffel')).toBe('EL');
    expect(unitOf('tbsp')).toBe('EL');
    expect(unitOf('Liter')).toBe('l');
    expect(unitOf('Dosen')).toBe('Dose');
    expect(unitOf('Milch')).toBeUndefined();
  });
});
