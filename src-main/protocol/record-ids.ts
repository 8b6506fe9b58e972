import { randomBytes } from 'node:crypto';

/** A new id for a record or event the service makes itself: the type's prefix and 16 random hex digits. */
export function newRecordId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}
