import { timeOrderedHex } from '../platform/time-ordered-id';

/**
 * A new id for a record or event JARVIS makes itself: the type's prefix and 16 hex digits, as
 * ids always were, now in the order they were made (ids of older databases stay as they are).
 */
export function newRecordId(prefix: string): string {
  return `${prefix}_${timeOrderedHex()}`;
}
