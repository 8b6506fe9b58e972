import { formatGroceryAmounts, readGroceryPhrase, type IngredientInput } from '../../../src-shared';

/**
 * "500 g Mehl" / "1/2 TL Zimt" / "½ Tasse Milch" / "2 Eier" / "Salz" → {quantity, unit, name};
 * one ingredient per line, read by the shopping list's own parser. A line it cannot read
 * as an amount stays the ingredient's name, as written.
 */
export function parseIngredients(text: string): IngredientInput[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const read = readGroceryPhrase(line);
      if (!read.ok) return { name: line, quantity: null, unit: null };
      return { name: read.item.name, quantity: read.item.quantity ?? null, unit: read.item.unit ?? null };
    });
}

export function formatIngredients(list: readonly IngredientInput[]): string {
  // Written back the way the parser reads it: "0.5", never "½" in an edit field (both parse).
  return list.map((i) => [i.quantity ?? '', i.unit ?? '', i.name].filter((x) => x !== '').join(' ')).join('\n');
}

/** "½ TL", "2 Packungen", "2 packs" (en), "": one amount as the shopping list shows it. */
export function formatAmount(quantity: number | null | undefined, unit: string | null | undefined, language: string): string {
  return formatGroceryAmounts([{ quantity: quantity ?? null, unit: unit ?? null }], language);
}
