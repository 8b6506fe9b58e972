import type { RagSourceLocation } from '../../src-shared';
import type { Block } from './extract';
import { IngestError } from './errors';

export interface ChunkOptions {
  /** A chunk is closed once adding the next block would pass this many characters. */
  readonly targetChars: number;
  /** A single block longer than this is split on word boundaries. */
  readonly maxChars: number;
  /** Characters of context carried from the end of one chunk into the next. */
  readonly overlapChars: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { targetChars: 900, maxChars: 1400, overlapChars: 150 };

export interface ChunkLimits {
  /** More chunks than this refuse the document (IngestError TOO_MANY_CHUNKS). */
  readonly maxChunks?: number;
  /** Called now and then; throws when the document's time is up. */
  readonly check?: () => void;
}

export interface Chunk {
  readonly text: string;
  readonly location: RagSourceLocation;
}

/**
 * Packs blocks into chunks without cutting through a paragraph, row or mail part. A new
 * section (another heading, mail part or record) and a new page always start a new chunk;
 * within a section and page the end of the previous chunk is repeated at the start of the
 * next, so a sentence that spans the seam is still found whole. A document that would
 * make more than `limits.maxChunks` chunks is refused as soon as it passes the limit.
 */
export function chunkBlocks(blocks: readonly Block[], options: ChunkOptions = DEFAULT_CHUNKING, limits: ChunkLimits = {}): Chunk[] {
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let first: RagSourceLocation | undefined;
  let last: RagSourceLocation | undefined;
  let length = 0;
  let carry = '';
  let carryPage: number | undefined;
  const maxChunks = limits.maxChunks ?? Infinity;
  const push = (chunk: Chunk) => {
    if (chunks.length >= maxChunks) {
      throw new IngestError(
        'TOO_MANY_CHUNKS',
        `The document would make more than ${maxChunks} search chunks; it was not indexed. Split it into smaller files.`,
      );
    }
    if (chunks.length % 256 === 0) limits.check?.();
    chunks.push(chunk);
  };

  const flush = () => {
    if (!first || parts.length === 0) return;
    const text = parts.join('\n\n');
    push({ text, location: spanLocation(first, last ?? first) });
    carry = tail(text, options.overlapChars);
    carryPage = first.page;
    parts = [];
    first = last = undefined;
    length = 0;
  };

  for (const block of blocks) {
    const text = block.text.trim();
    if (!text) continue;
    if (first && sectionOf(first) !== sectionOf(block.location)) {
      flush();
      carry = '';
    } else if (first ? first.page !== block.location.page : carryPage !== block.location.page) {
      // One page per chunk, overlap included: a citation names the page the text is on.
      flush();
      carry = '';
    }
    if (text.length > options.maxChars) {
      flush();
      for (const piece of splitLong(text, options)) push({ text: piece, location: block.location });
      carry = tail(text, options.overlapChars);
      carryPage = block.location.page;
      continue;
    }
    if (first && length + text.length > options.targetChars) flush();
    if (!first) {
      first = block.location;
      if (carry) {
        parts.push(carry);
        length += carry.length;
      }
    }
    parts.push(text);
    length += text.length + 2;
    last = block.location;
  }
  flush();
  return chunks;
}

/** What must not be mixed in one chunk: headings, mail parts, JSON paths, calendar entries. */
function sectionOf(l: RagSourceLocation): string {
  // Sibling records (items[3], items[4]) share a section so small records pack together.
  return `${l.heading ?? ''}\u0000${(l.part ?? '').replace(/\[\d+\]$/, '[]')}`;
}

function spanLocation(a: RagSourceLocation, b: RagSourceLocation): RagSourceLocation {
  const out: Record<string, unknown> = { ...a };
  const end = (start: number | undefined, stop: number | undefined) =>
    start !== undefined && stop !== undefined && stop > start ? stop : undefined;
  const pageEnd = end(a.page, b.page_end ?? b.page);
  const lineEnd = a.page === b.page ? end(a.line, b.line_end ?? b.line) : undefined;
  const rowEnd = end(a.row, b.row_end ?? b.row);
  delete out.page_end;
  delete out.line_end;
  delete out.row_end;
  if (pageEnd !== undefined) out.page_end = pageEnd;
  if (lineEnd !== undefined) out.line_end = lineEnd;
  else if (a.line_end !== undefined && pageEnd === undefined) out.line_end = a.line_end;
  if (rowEnd !== undefined) out.row_end = rowEnd;
  if (a.part !== undefined && b.part !== undefined && b.part !== a.part) out.part = `${a.part} – ${b.part}`;
  return out as RagSourceLocation;
}

/** The last `n` characters, starting at a word boundary. */
function tail(text: string, n: number): string {
  if (n <= 0) return '';
  if (text.length <= n) return text;
  const cut = text.slice(text.length - n);
  const space = cut.search(/\s/);
  return (space >= 0 ? cut.slice(space + 1) : cut).trim();
}

function splitLong(text: string, options: ChunkOptions): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + options.targetChars);
    if (end < text.length) {
      // Prefer a sentence end, else a space, in the last third of the window.
      const window = text.slice(start, end);
      const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('.\n'), window.lastIndexOf('! '), window.lastIndexOf('? '));
      const space = window.lastIndexOf(' ');
      const cut = sentence > options.targetChars * 0.6 ? sentence + 1 : space > options.targetChars * 0.6 ? space : window.length;
      end = start + cut;
    }
    pieces.push(text.slice(start, end).trim());
    if (end >= text.length) break;
    let next = Math.max(start + 1, end - options.overlapChars);
    const space = text.indexOf(' ', next);
    if (space >= 0 && space < end) next = space + 1;
    start = next;
  }
  return pieces.filter(Boolean);
}
