// JSON.parse holds the event loop for as long as a body takes to parse, and what it costs
// depends on the shape, not the size: 1 MB of `[]` takes a quarter of a second, 1 MB of
// `[[[[` nearly a second. A body larger than one slice is therefore taken apart first (one
// pass that finds its containers and commas), and its pieces are parsed natively, a few
// milliseconds at a time, with the other requests answered in between.
import { Refusal } from '../errors';
import { hasLoneSurrogate } from './lone-surrogates';

export const JSON_BODY_LIMITS = {
  /** Deeper bodies are refused: nothing JARVIS accepts nests so far. */
  maxDepth: 64,
  /** A body or piece at most this long is parsed in one go. */
  sliceChars: 16 * 1024,
  /** How long all large bodies together may hold the event loop in one turn. */
  turnMs: 4,
  /** Large bodies parsed at once: each one finishes soon rather than all of them late. */
  parsing: 2,
  /** Large bodies waiting for their turn at most; one more is refused at once. */
  waiting: 64,
} as const;

// The same refusals as the JSON parser fastify brings: a key __proto__, or a key
// constructor holding a prototype, could change objects the program builds later.
const PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"/;
const CONSTRUCTOR =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"/;
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function poisoned(node: object): boolean {
  if (hasOwn(node, '__proto__')) return true;
  const c = (node as { constructor?: unknown }).constructor;
  return hasOwn(node, 'constructor') && c !== null && typeof c === 'object' && hasOwn(c, 'prototype');
}

function refusePoison(root: object): void {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (poisoned(node)) throw new SyntaxError('Object contains forbidden prototype property');
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') stack.push(v as object);
  }
}

function parsePiece(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (value !== null && typeof value === 'object' && (PROTO.test(text) || CONSTRUCTOR.test(text))) refusePoison(value);
  return value;
}

function tooDeep(): Refusal {
  return new Refusal('invalid', 'INVALID_JSON', `The request body is nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels.`);
}

// One slice of large-body work per turn of the event loop, for all large bodies together,
// so that a crowd of them delays a health check by one slice, not by one slice each.
const waiting: (() => void)[] = [];
let turnStarted = 0;
let scheduled = false;

function release(): void {
  scheduled = false;
  turnStarted = performance.now();
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(release);
}

function nextSlice(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

const due = () => performance.now() - turnStarted > JSON_BODY_LIMITS.turnMs;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where the string opening at `at` closes. */
function stringEnd(text: string, at: number): number {
  let j = at;
  for (;;) {
    j = text.indexOf('"', j + 1);
    if (j < 0) throw new SyntaxError('Unterminated string in JSON');
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return j;
  }
}

/**
 * One pass over a body: brackets match, strings end, no deeper than the limit; the close of
 * every container longer than a slice, and every comma by the level of its container.
 */
class Shape {
  readonly closes = new Map<number, number>();
  readonly commas: number[][] = Array.from({ length: JSON_BODY_LIMITS.maxDepth + 1 }, () => []);
  private readonly open: number[] = [];
  private at = 0;

  constructor(private readonly text: string) {}

  /** Scans about `chars` more characters; true once the whole body is scanned. */
  step(chars: number): boolean {
    const { text, open, commas, closes } = this;
    const stop = Math.min(text.length, this.at + chars);
    let i = this.at;
    for (; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) i = stringEnd(text, i);
      else if (c === 0x5b || c === 0x7b) {
        if (open.push(i) > JSON_BODY_LIMITS.maxDepth) throw tooDeep();
      } else if (c === 0x5d || c === 0x7d) {
        const from = open.pop();
        if (from === undefined || text.charCodeAt(from) !== c - 2) throw new SyntaxError(`Unexpected token in JSON at position ${i}`);
        if (i - from > JSON_BODY_LIMITS.sliceChars) closes.set(from, i);
      } else if (c === 0x2c && open.length > 0) commas[open.length]!.push(i);
    }
    this.at = i;
    if (i < text.length) return false;
    if (open.length > 0) throw new SyntaxError('Unexpected end of JSON input');
    return true;
  }
}

/** The first index in sorted `list` at or after `value`. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

class Builder {
  constructor(
    private readonly text: string,
    private readonly shape: Shape,
  ) {}

  private blank(from: number, to: number): boolean {
    while (from < to && isSpace(this.text.charCodeAt(from))) from++;
    return from >= to;
  }

  private trim(from: number, to: number): [number, number] {
    const { text } = this;
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    if (from >= to) throw new SyntaxError('Unexpected token in JSON: a value is missing');
    return [from, to];
  }

  async value(from: number, to: number, level: number): Promise<unknown> {
    [from, to] = this.trim(from, to);
    const c = this.text.charCodeAt(from);
    const close = this.shape.closes.get(from);
    if (close === undefined) return parsePiece(this.text.slice(from, to));
    if (close !== to - 1) throw new SyntaxError(`Unexpected token in JSON at position ${close + 1}`);
    return c === 0x5b ? this.array(from, close, level + 1) : this.object(from, close, level + 1);
  }

  /** Start and end of each direct member of the container `open`..`close` at `level`. */
  private members(open: number, close: number, level: number): { bounds: number[]; count: number } {
    const commas = this.shape.commas[level]!;
    const first = lowerBound(commas, open);
    const last = lowerBound(commas, close);
    const bounds = [open, ...commas.slice(first, last), close];
    return { bounds, count: bounds.length - 1 };
  }

  /** Members first..last (inclusive), parsed natively as one piece wrapped in `[]` or `{}`. */
  private piece(bounds: number[], first: number, last: number, wrap: '[]' | '{}'): unknown {
    for (let k = first; k <= last; k++) this.trim(bounds[k]! + 1, bounds[k + 1]!);
    return parsePiece(`${wrap[0]}${this.text.slice(bounds[first]! + 1, bounds[last + 1]!)}${wrap[1]}`);
  }

  private async each(
    open: number,
    close: number,
    level: number,
    wrap: '[]' | '{}',
    onPiece: (value: unknown) => void,
    onLarge: (from: number, to: number) => Promise<void>,
  ): Promise<void> {
    const { bounds, count } = this.members(open, close, level);
    if (count === 1 && this.blank(open + 1, close)) return;
    let first = 0;
    const flush = (upTo: number) => {
      if (upTo >= first) onPiece(this.piece(bounds, first, upTo, wrap));
    };
    for (let k = 0; k < count; k++) {
      const from = bounds[k]! + 1;
      const to = bounds[k + 1]!;
      if (to - from > JSON_BODY_LIMITS.sliceChars) {
        flush(k - 1);
        await onLarge(from, to);
        first = k + 1;
      } else if (to - (bounds[first]! + 1) > JSON_BODY_LIMITS.sliceChars) {
        flush(k - 1);
        first = k;
      }
      if (due()) await nextSlice();
    }
    flush(count - 1);
  }

  private async array(open: number, close: number, level: number): Promise<unknown[]> {
    const out: unknown[] = [];
    await this.each(
      open,
      close,
      level,
      '[]',
      (part) => {
        out.push(...(part as unknown[]));
      },
      async (from, to) => {
        out.push(await this.value(from, to, level));
      },
    );
    return out;
  }

  private async object(open: number, close: number, level: number): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    await this.each(
      open,
      close,
      level,
      '{}',
      // A piece holds no key __proto__ (parsePiece refused it), so assigning is safe.
      (part) => Object.assign(out, part),
      async (from, to) => {
        const [start, end] = this.trim(from, to);
        if (this.text.charCodeAt(start) !== 0x22) throw new SyntaxError(`Unexpected token in JSON at position ${start}`);
        const keyEnd = stringEnd(this.text, start);
        const key = JSON.parse(this.text.slice(start, keyEnd + 1)) as string;
        let colon = keyEnd + 1;
        while (colon < end && isSpace(this.text.charCodeAt(colon))) colon++;
        if (this.text.charCodeAt(colon) !== 0x3a) throw new SyntaxError(`Unexpected token in JSON at position ${colon}`);
        const value = await this.value(colon + 1, end, level);
        const entry = { [key]: value };
        if (key === '__proto__' || poisoned(entry)) throw new SyntaxError('Object contains forbidden prototype property');
        out[key] = value;
      },
    );
    return out;
  }
}

// Half a surrogate pair reaches a parsed value only from an escape (\ud800) or from the text
// itself; a body with neither needs no walk over its values to look for one.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const withoutSurrogates = new WeakSet<object>();

/** True for a value parsed by parseJsonBody from a text that can hold no half of a surrogate pair. */
export function knownFreeOfSurrogates(value: unknown): boolean {
  return value !== null && typeof value === 'object' && withoutSurrogates.has(value);
}

function remember(text: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !SURROGATE_ESCAPE.test(text) && !hasLoneSurrogate(text)) withoutSurrogates.add(value);
  return value;
}

let parsing = 0;
const inLine: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (parsing >= JSON_BODY_LIMITS.parsing) {
    if (inLine.length >= JSON_BODY_LIMITS.waiting)
      throw new Refusal('unavailable', 'BUSY', 'Too many large requests arrived at once; send this one again shortly.');
    await new Promise<void>((resolve) => inLine.push(resolve));
  }
  parsing++;
  try {
    return await work();
  } finally {
    parsing--;
    inLine.shift()?.();
  }
}

/**
 * Parses a JSON request body as fastify's own parser would (the same refusals of
 * __proto__ and constructor.prototype), and refuses a body nested deeper than the limit.
 * A small body is parsed at once; a larger one in slices of a few milliseconds.
 */
export async function parseJsonBody(text: string): Promise<unknown> {
  if (text.length === 0) throw new Refusal('invalid', 'INVALID_JSON', 'The request body is empty but declared as JSON.');
  const shape = new Shape(text);
  if (text.length <= JSON_BODY_LIMITS.sliceChars) {
    shape.step(text.length);
    return remember(text, parsePiece(text));
  }
  return inTurn(async () => {
    await nextSlice();
    while (!shape.step(64 * 1024)) if (due()) await nextSlice();
    return remember(text, await new Builder(text, shape).value(0, text.length, 0));
  });
}
