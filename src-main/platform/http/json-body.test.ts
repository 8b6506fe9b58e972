import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/fuzz-inputs';
import { JSON_BODY_LIMITS, knownFreeOfSurrogates, parseJsonBody } from './json-body';

/** A random JSON text of roughly `size` characters, with odd whitespace and tricky strings. */
function randomJson(random: () => number, size: number): string {
  const space = () => ['', ' ', '\n', '\t ', '\r\n  '][Math.floor(random() * 5)]!;
  const strings = ['', 'a', 'x"y', 'back\\slash', '[{,:}]', 'ümlaut ✓', '\u2028', 'tab\tnew\nline', 'k'.repeat(40)];
  let budget = size;
  const value = (depth: number): string => {
    const r = random();
    if (depth > 40 || budget <= 0 || r < 0.35) {
      const s = random();
      const scalar =
        s < 0.3
          ? JSON.stringify(strings[Math.floor(random() * strings.length)])
          : s < 0.5
            ? String(Math.round((random() - 0.5) * 1e6) / 100)
            : s < 0.6
              ? ['true', 'false', 'null'][Math.floor(random() * 3)]!
              : s < 0.62
                ? JSON.stringify('s'.repeat(Math.floor(random() * JSON_BODY_LIMITS.sliceChars * 1.5)))
                : String(Math.floor(random() * 1000));
      budget -= scalar.length + 2;
      return scalar;
    }
    const n = Math.floor(random() * (depth < 2 ? 400 : 12));
    const items: string[] = [];
    for (let i = 0; i < n && budget > 0; i++) {
      if (r < 0.7) items.push(`${space()}${value(depth + 1)}${space()}`);
      else items.push(`${space()}${JSON.stringify(`k${Math.floor(random() * 50)}`)}${space()}:${space()}${value(depth + 1)}`);
    }
    return r < 0.7 ? `[${items.join(',')}${space()}]` : `{${items.join(',')}${space()}}`;
  };
  const parts: string[] = [];
  let length = 0;
  do {
    budget = Math.min(size - length, 20_000);
    const part = value(0);
    parts.push(part);
    length += part.length + 1;
  } while (length < size);
  return parts.length === 1 ? parts[0]! : `[${parts.join(`,${space()}`)}]`;
}

async function outcome(parse: () => unknown): Promise<string> {
  try {
    return `ok ${JSON.stringify(await parse())}`;
  } catch (err) {
    return err instanceof SyntaxError ? 'syntax error' : `other: ${String(err)}`;
  }
}

describe('parseJsonBody', () => {
  it('gives what JSON.parse gives, keys in the same order, for large and small bodies', async () => {
    const random = seededRandom(0x5eed);
    for (let i = 0; i < 24; i++) {
      const text = randomJson(random, i % 4 === 0 ? 2_000 : 40_000 + Math.floor(random() * 120_000));
      expect(await outcome(() => parseJsonBody(text)), `body ${i}`).toBe(await outcome(() => JSON.parse(text)));
    }
  });

  it('refuses what JSON.parse refuses: cut, doubled or stray characters anywhere', async () => {
    const random = seededRandom(0xbad);
    for (let i = 0; i < 30; i++) {
      const text = randomJson(random, 30_000 + Math.floor(random() * 40_000));
      const at = Math.floor(random() * text.length);
      const broken = [text.slice(0, at), text.slice(0, at) + ',' + text.slice(at), text.slice(0, at) + '}' + text.slice(at + 1)][i % 3]!;
      expect(await outcome(() => parseJsonBody(broken)), `body ${i} at ${at}`).toBe(await outcome(() => JSON.parse(broken)));
    }
  });

  it('refuses missing members and trailing commas around members longer than a slice', async () => {
    const long = JSON.stringify('x'.repeat(JSON_BODY_LIMITS.sliceChars + 10));
    for (const text of [`[${long}, ]`, `[ ,${long}]`, `[${long},,1]`, `{"a":${long}, }`, `{"a" ${long}}`, `{${long}}`, `[${long}] 1`]) {
      await expect(parseJsonBody(text), text.slice(0, 20)).rejects.toThrow(SyntaxError);
    }
    expect(await parseJsonBody(`[${' '.repeat(JSON_BODY_LIMITS.sliceChars * 2)}]`)).toEqual([]);
  });

  it('refuses __proto__ and constructor.prototype keys, in pieces and in members longer than a slice', async () => {
    const long = JSON.stringify('x'.repeat(JSON_BODY_LIMITS.sliceChars + 10));
    const filler = `[${Array.from({ length: 3000 }, (_, i) => i).join(',')}]`;
    for (const text of [
      '{"__proto__":{"polluted":true}}',
      '{"a":{"constructor":{"prototype":{"polluted":true}}}}',
      `[${filler},{"\\u005f_proto__":1}]`,
      `{"__proto__":${long}}`,
      `{"constructor":{"prototype":${long}}}`,
      `{"x":${filler},"y":[${filler},{"constructor":{"prototype":1}}]}`,
    ]) {
      await expect(parseJsonBody(text), text.slice(0, 40)).rejects.toThrow('forbidden prototype property');
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(await parseJsonBody(`{"constructor":${long}}`)).toEqual({ constructor: JSON.parse(long) });
  });

  it(`refuses bodies nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels with a clear error, small or large`, async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(await parseJsonBody(deep(JSON_BODY_LIMITS.maxDepth))).toBeDefined();
    for (const text of [deep(JSON_BODY_LIMITS.maxDepth + 1), '['.repeat(1_000_000), `[${' '.repeat(20_000)}${deep(100)}]`]) {
      await expect(parseJsonBody(text)).rejects.toMatchObject({ code: 'INVALID_JSON', message: expect.stringContaining('nested deeper') });
    }
  });

  it('refuses an empty body', async () => {
    await expect(parseJsonBody('')).rejects.toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('knownFreeOfSurrogates', () => {
  it('vouches only for bodies whose text holds no surrogate escape and no surrogate', async () => {
    const big = (inner: string) => `{"x":[${Array.from({ length: 4000 }, (_, i) => i).join(',')}],"t":"${inner}"}`;
    expect(knownFreeOfSurrogates(await parseJsonBody(big('Grüße 😀')))).toBe(true);
    expect(knownFreeOfSurrogates(await parseJsonBody('{"t":"plain"}'))).toBe(true);
    for (const text of [big('\\ud800'), big('\\uD83D\\uDE00'), '{"t":"\\udfff"}', `{"t":"\ud800"}`]) {
      expect(knownFreeOfSurrogates(await parseJsonBody(text)), text.slice(-20)).toBe(false);
    }
    expect(knownFreeOfSurrogates(JSON.parse('{"t":"plain"}'))).toBe(false);
  });
});
