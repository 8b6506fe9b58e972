import { describe, expect, it } from 'vitest';
import { formatGroceryAmount, formatQuantity } from './quantity-text';
import { readGroceryPhrase } from './grocery-phrase';

describe('amounts as a kitchen writes them', () => {
  it('kitchen fractions read as one glyph, other amounts as numbers in the language', () => {
    expect(formatQuantity(0.5, 'de')).toBe('½');
    expect(formatQuantity(1.5, 'de')).toBe('1½');
    expect(formatQuantity(0.25, 'en')).toBe('¼');
    expect(formatQuantity(0.33, 'de')).toBe('⅓');
    expect(formatQuantity(2.75, 'de')).toBe('2¾');
    expect(formatQuantity(1.2, 'de')).toBe('1,2');
    expect(formatQuantity(1.2, 'en')).toBe('1.2');
    expect(formatQuantity(250, 'de')).toBe('250');
    expect(formatQuantity(0.1 + 0.2, 'de')).toBe('0,3');
    expect(formatQuantity(1.5, 'de', 'kg')).toBe('1,5');
    expect(formatQuantity(0.5, 'en', 'l')).toBe('0.5');
    expect(formatQuantity(0.5, 'de', 'TL')).toBe('½');
  });

  it('"1/2 TL Zimt", "½ Tasse" and "1,5 kg" are read and shown right', () => {
    const shown = ['1/2 TL Zimt', '½ Tasse Mehl', '1,5 kg Kartoffeln', '1 1/2 l Milch', '3 Eier'].map((phrase) => {
      const read = readGroceryPhrase(phrase);
      if (!read.ok) throw new Error(phrase);
      return formatGroceryAmount(read.item.name, read.item.quantity ?? null, read.item.unit ?? null, 'de');
    });
    expect(shown).toEqual(['½ TL Zimt', '½ Tasse Mehl', '1,5 kg Kartoffeln', '1,5 l Milch', '3 Eier']);
  });

  it.each([
    ['1/2 TL Zimt', '½ TL Zimt', '½ tsp Zimt'],
    ['½ Tasse Milch', '½ Tasse Milch', '½ cup Milch'],
    ['1,5 kg Kartoffeln', '1,5 kg Kartoffeln', '1.5 kg Kartoffeln'],
    ['2 1/2 kg Kartoffeln', '2,5 kg Kartoffeln', '2.5 kg Kartoffeln'],
    ['2 1/2 Tassen Mehl', '2½ Tassen Mehl', '2½ cups Mehl'],
    ['1/2 tsp cinnamon', '½ TL Cinnamon', '½ tsp Cinnamon'],
    ['1.5 kg potatoes', '1,5 kg Potatoes', '1.5 kg Potatoes'],
    ['Milch 2 Packungen', '2 Packungen Milch', '2 packs Milch'],
    ['2 cups flour', '2 Tassen Flour', '2 cups Flour'],
  ])('"%s" reads as "%s" in German and "%s" in English', (phrase, de, en) => {
    const read = readGroceryPhrase(phrase);
    if (!read.ok) throw new Error(phrase);
    const show = (lang: string) => formatGroceryAmount(read.item.name, read.item.quantity ?? null, read.item.unit ?? null, lang);
    expect([show('de'), show('en')]).toEqual([de, en]);
  });

  it('an item without an amount is its name (and unit)', () => {
    expect(formatGroceryAmount('Salz', null, null, 'de')).toBe('Salz');
    expect(formatGroceryAmount('Zimt', null, 'TL', 'de')).toBe('TL Zimt');
  });
});
