import { groceryNameKey } from '../../../src-shared';

/**
 * Aggregation key of a grocery before lines held several amounts: name plus canonical unit.
 * Only the version 3 migration still computes it.
 */
export function groceryKey(name: string, unit: string | null): string {
  return `${groceryNameKey(name)}|${unit ?? ''}`;
}

/** The key of a shopping-list line: the item as one (case, spaces, singular/plural), any unit. */
export function groceryLineKey(name: string): string {
  return groceryNameKey(name);
}
