import { randomBytes } from 'node:crypto';
import { ID_PREFIXES, type EntityKind } from '../../../src-shared';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const ID_LENGTH = 16;
// Random bytes are drawn in blocks: one system call per 256 ids instead of one per id.
let pool = Buffer.alloc(0);
let offset = 0;

/** A stable id with its kind prefix: `evt_k3x9…` (16 random characters, ~82 bits). */
export function newId(kind: EntityKind): string {
  return newPrefixedId(ID_PREFIXES[kind]);
}

export function newPrefixedId(prefix: string): string {
  if (offset + ID_LENGTH > pool.length) {
    pool = randomBytes(ID_LENGTH * 256);
    offset = 0;
  }
  let out = prefix;
  for (let i = 0; i < ID_LENGTH; i++) out += ALPHABET[pool[offset + i]! % ALPHABET.length];
  offset += ID_LENGTH;
  return out;
}
