import { randomBytes } from 'node:crypto';

/** Starts anywhere in each process, so two processes (or two starts) never count alike. */
let counter = randomBytes(4).readUInt32BE(0);

/**
 * 16 hex digits that sort by when they were made: 8 of the second, then 8 of a per-process
 * counter. Rows keyed by such ids land beside each other at the end of an index; random ids
 * put each row on a page of its own, and a commit writes every page it touched. Not a secret:
 * only for ids that nobody holds as a credential.
 */
export function timeOrderedHex(nowMs: number = Date.now()): string {
  counter = (counter + 1) >>> 0;
  return (
    Math.floor(nowMs / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8) + counter.toString(16).padStart(8, '0')
  );
}
