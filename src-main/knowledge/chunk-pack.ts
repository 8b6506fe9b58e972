// A document's chunks as one UTF-8 buffer with offsets. The reading thread hands the buffer
// over by transfer: an array of 20,000 chunk objects would instead be copied object by
// object on the main thread when it arrives (tens of milliseconds of a blocked event loop).
import type { RagSourceLocation } from '../../src-shared';
import type { Chunk } from './chunker';

export interface PackedChunks {
  readonly count: number;
  /** Each chunk's text followed by its location as JSON, all UTF-8. */
  readonly bytes: Uint8Array;
  /** Where each part ends in `bytes`: chunk i's text at 2i, its location at 2i + 1. */
  readonly ends: Uint32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function packChunks(chunks: readonly Chunk[]): PackedChunks {
  const parts: string[] = [];
  for (const c of chunks) parts.push(c.text, JSON.stringify(c.location));
  const ends = new Uint32Array(parts.length);
  let total = 0;
  for (const [i, part] of parts.entries()) {
    // Lone surrogates count as the three bytes of U+FFFD, which is what the encoder writes.
    total += Buffer.byteLength(part, 'utf8');
    ends[i] = total;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const [i, part] of parts.entries()) {
    encoder.encodeInto(part, bytes.subarray(at, ends[i]));
    at = ends[i]!;
  }
  return { count: chunks.length, bytes, ends };
}

/** The buffers to list as transferred when posting a pack. */
export function packTransferList(pack: PackedChunks): ArrayBuffer[] {
  return [pack.bytes.buffer as ArrayBuffer, pack.ends.buffer as ArrayBuffer];
}

function part(pack: PackedChunks, index: number): string {
  const start = index === 0 ? 0 : pack.ends[index - 1]!;
  return decoder.decode(pack.bytes.subarray(start, pack.ends[index]));
}

/** Chunks `from` up to `to` (exclusive), decoded only now: a caller takes one slice at a time. */
export function unpackChunks(pack: PackedChunks, from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  for (let i = from; i < Math.min(to, pack.count); i++)
    out.push({
      text: part(pack, 2 * i),
      location: JSON.parse(part(pack, 2 * i + 1)) as RagSourceLocation,
    });
  return out;
}

/** The texts of chunks `from` up to `to` (exclusive). */
export function unpackTexts(pack: PackedChunks, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < Math.min(to, pack.count); i++) out.push(part(pack, 2 * i));
  return out;
}
