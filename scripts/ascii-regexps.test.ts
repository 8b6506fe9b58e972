import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { escapeRegexLiteral, escapeRegexLiterals } from './ascii-regexps.mjs';

const escapeLiteral = escapeRegexLiteral as (raw: string) => string;
const escapeSource = escapeRegexLiterals as (source: string, t: typeof ts) => string;

/** The RegExp a literal's source text denotes. */
function regexOf(literal: string): RegExp {
  return new Function(`return ${literal};`)() as RegExp;
}

describe('escapeRegexLiteral', () => {
  const cases: Array<[string, string[]]> = [
    [
      '/\\b(?:für|for)\\s+(?<n>\\d+|[a-zäöü]+)\\s+personen\\b/iu',
      ['für 4 personen', 'FÜR vier Personen', 'fur 4 personen', 'for zwölf personen'],
    ],
    ['/[’`]/g', ['it’s', "it's", 'a`b']],
    ['/ä/g', ['Bär', 'Bar']],
    ['/\\ä/', ['ä', '\\ä', 'a']],
    ['/[😀-😂]/u', ['😁', '😃', 'x']],
    ['/😀+/', ['😀😀', '\ud83d', 'x']],
  ];

  it.each(cases)('%s becomes ASCII and matches exactly what it did', (literal, samples) => {
    const escaped = escapeLiteral(literal);
    expect(escaped).toMatch(/^[\x00-\x7f]*$/);
    const before = regexOf(literal);
    const after = regexOf(escaped);
    expect(after.flags).toBe(before.flags);
    for (const s of samples) expect([s, after.test(s)]).toEqual([s, before.test(s)]);
  });
});

describe('escapeRegexLiterals', () => {
  it('rewrites regex literals only: strings, templates and comments keep their text', () => {
    const source = "const a = 'für'; const b = String.raw`ä${1}`; // schön\nconst r: RegExp = /grün|blau/iu; const d = 6 / 3 / 2;\n";
    const out = escapeSource(source, ts);
    expect(out).toBe(
      "const a = 'für'; const b = String.raw`ä${1}`; // schön\nconst r: RegExp = /gr\\u00fcn|blau/iu; const d = 6 / 3 / 2;\n",
    );
  });

  it('leaves an ASCII source untouched', () => {
    const source = 'const r = /abc/g;\n';
    expect(escapeSource(source, ts)).toBe(source);
  });
});
