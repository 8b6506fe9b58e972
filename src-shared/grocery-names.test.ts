import { describe, expect, it } from 'vitest';
import { aisleOf } from './grocery-aisles';
import { groceryNameKey, sameGroceryName } from './grocery-names';

describe('sameGroceryName', () => {
  it.each([
    ['Milch', 'milch'],
    ['Ei', 'Eier'],
    ['Tomate', 'Tomaten'],
    ['Kartoffel', 'Kartoffeln'],
    ['Apfel', 'Äpfel'],
    ['egg', 'Eggs'],
    ['tomato', 'tomatoes'],
    ['berry', 'berries'],
    ['peach', 'peaches'],
    ['Frische  Milch', 'frische milch'],
  ])('"%s" and "%s" are the same item', (a, b) => {
    expect(sameGroceryName(a, b)).toBe(true);
  });

  it.each([
    ['Milch', 'Mehl'],
    ['Nuss', 'Nudel'],
    ['Reis', 'Mais'],
  ])('"%s" and "%s" stay apart', (a, b) => {
    expect(sameGroceryName(a, b)).toBe(false);
  });

  it('keeps "ss" words whole', () => {
    expect(groceryNameKey('Nuss')).toBe('nuss');
  });
});

describe('aisleOf', () => {
  it.each([
    ['Milch', 'dairy'],
    ['Vollmilch', 'dairy'],
    ['Eier', 'dairy'],
    ['Tomaten', 'produce'],
    ['Äpfel', 'produce'],
    ['Roggenbrot', 'bakery'],
    ['Hackfleisch', 'meat'],
    ['Mehl', 'pantry'],
    ['Olivenöl', 'pantry'],
    ['Zimt', 'spices'],
    ['Paprikapulver', 'spices'],
    ['Paprika', 'produce'],
    ['Mineralwasser', 'drinks'],
    ['Toilettenpapier', 'household'],
    ['whole milk', 'dairy'],
    ['bananas', 'produce'],
    ['rice', 'pantry'],
    ['Geschenkband', 'other'],
  ])('puts "%s" in %s', (name, aisle) => {
    expect(aisleOf(name)).toBe(aisle);
  });
});
