import { randomBytes } from 'node:crypto';
import { ID_PREFIXES, type EntityKind } from '../../../src-shared';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A stable id with its kind prefix: `evt_k3x9…` (16 random characters, ~82 bits). */
export function newId(kind: EntityKind): string {
  const bytes = randomBytes(16);
  let out: string = ID_PREFIXES[kind];
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}
