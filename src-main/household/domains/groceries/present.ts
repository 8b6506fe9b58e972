import { groceryAmountFields, type GroceryItem } from '../../../../src-shared';
import { groceryLineAmounts } from '../../quantities';
import type { GroceryRecord } from '../../store';
import { toRfc3339 } from '../../time';

export function presentGrocery(g: GroceryRecord, tz: string): GroceryItem {
  return {
    id: g.id,
    name: g.name,
    ...groceryAmountFields(groceryLineAmounts(g)),
    checked: g.checked,
    source: g.source,
    meal_ids: g.mealIds,
    created_at: toRfc3339(g.createdMs, tz),
    updated_at: toRfc3339(g.updatedMs, tz),
  };
}
