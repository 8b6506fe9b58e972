import type { IngredientInput } from '../../../src-shared';

/** "500 g Mehl" / "2 Eier" / "Salz" → {quantity, unit, name}; one ingredient per line. */
export function parseIngredients(text: string): IngredientInput[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d+(?:[.,]\d+)?)\s*(\S+)?\s*(.*)$/.exec(line);
      if (!m) return { name: line, quantity: null, unit: null };
      const quantity = Number(m[1]!.replace(',', '.'));
      // "2 Eier": the second word is the name, not a unit.
      if (!m[3]) return { name: m[2] ?? line, quantity, unit: null };
      return { name: m[3], quantity, unit: m[2] ?? null };
    });
}

export function formatIngredients(list: readonly IngredientInput[]): string {
  return list.map((i) => [i.quantity ?? '', i.unit ?? '', i.name].filter((x) => x !== '').join(' ')).join('\n');
}

export function formatAmount(quantity: number | null | undefined, unit: string | null | undefined, language: string): string {
  if (quantity === null || quantity === undefined) return unit ?? '';
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(quantity)}${unit ? ` ${unit}` : ''}`;
}
