import { groceryNameKey } from '../../../src-shared';

/** Aggregation key of a grocery: the name as one item (case, spaces, singular/plural) plus canonical unit. */
export function groceryKey(name: string, unit: string | null): string {
  return `${groceryNameKey(name)}|${unit ?? ''}`;
}
