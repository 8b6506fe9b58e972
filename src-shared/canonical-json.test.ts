import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonOfKeys } from './canonical-json';

/**
 * The serializer every stored hash and signature was made with. The faster one must write
 * the same bytes for every input, or old events and seals would no longer verify.
 */
function referenceCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => referenceCanonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${referenceCanonicalJson(v)}`).join(',')}}`;
}

/** A small seeded generator, so a failure names an input that can be made again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  'a',
  'Ä',
  'ß',
  '"',
  '\\',
  '\n',
  '\u0000',
  '\u001f',
  '\u2028',
  '\ud83d\ude00',
  '\ud800',
  '\udfff',
  'ü'.repeat(3),
  '10',
  '9',
  'Z',
  'a b',
];
const NUMBERS = [0, -0, 1, -1, 0.1, 1e21, 1e-7, 2 ** 53, -(2 ** 31), 123.456, Number.MAX_VALUE, Number.MIN_VALUE];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function randomString(next: () => number): string {
  let out = '';
  const n = Math.floor(next() * 4);
  for (let i = 0; i < n; i++) out += pick(next, STRINGS);
  return out;
}

function randomValue(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 4 || roll < 0.35) {
    const kind = Math.floor(next() * 7);
    if (kind === 0) return null;
    if (kind === 1) return undefined;
    if (kind === 2) return next() < 0.5;
    if (kind === 3) return pick(next, NUMBERS);
    if (kind === 4) return Math.floor(next() * 1e6) / 7;
    if (kind === 5) return new Date(Math.floor(next() * 2e12));
    return randomString(next);
  }
  if (roll < 0.65) {
    const items = Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1));
    // A sparse array now and then: a hole is not an undefined item.
    if (next() < 0.15) items[items.length + 1] = randomValue(next, depth + 1);
    return items;
  }
  const object: Record<string, unknown> = {};
  const n = Math.floor(next() * 6);
  for (let i = 0; i < n; i++) object[randomString(next)] = randomValue(next, depth + 1);
  if (next() < 0.1) Object.defineProperty(object, '__proto__', { value: 1, enumerable: true });
  if (next() < 0.1) Object.defineProperty(object, 'hidden', { value: 1, enumerable: false });
  return object;
}

describe('canonical JSON', () => {
  it('writes the same text as the serializer the stored hashes were made with, for random values', () => {
    const next = random(30);
    for (let i = 0; i < 5000; i++) {
      const value = randomValue(next, 0);
      expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
    }
  });

  it('writes the same text for edge cases: key order, undefined, holes, functions, boxed values', () => {
    const cases: unknown[] = [
      undefined,
      null,
      'x',
      -0,
      { b: 1, a: 2, B: 3, _: 4, '': 5, ä: 6, '10': 7, '9': 8, '\ud83d\ude00': 9, '\uffff': 10 },
      { a: undefined, b: [undefined, null], c: () => 1 },
      [, 1, , 2],
      [[], {}, [[]], { a: {} }],
      new String('ab'),
      new Number(3),
      JSON.parse('{"__proto__":{"x":1},"z":[1,{"y":null}]}'),
      Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
      { [Symbol('s')]: 1, visible: true },
    ];
    for (const value of cases) expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
  });

  it('refuses NaN and Infinity anywhere', () => {
    for (const bad of [NaN, Infinity, [1, -Infinity], { a: { b: NaN } }]) {
      expect(() => canonicalJson(bad)).toThrow(/NaN or Infinity/);
      expect(() => referenceCanonicalJson(bad)).toThrow(/NaN or Infinity/);
    }
  });

  it('of an object with fixed keys passed in order, writes what sorting its keys writes', () => {
    const next = random(4);
    const keys = ['actor_id', 'created_at', 'event_id', 'payload', 'revision'] as const;
    for (let i = 0; i < 500; i++) {
      const value = Object.fromEntries([...keys].reverse().map((k) => [k, randomValue(next, 1)])) as Record<(typeof keys)[number], unknown>;
      expect(canonicalJsonOfKeys(value, keys)).toBe(referenceCanonicalJson(value));
    }
  });
});
