import { describe, expect, it } from 'vitest';
import { findLoneSurrogate, hasLoneSurrogate } from './lone-surrogates';

describe('lone surrogates', () => {
  it('are found in strings, keys and deep inside; pairs and ordinary text pass', () => {
    expect(hasLoneSurrogate('a\ud800b')).toBe(true);
    expect(hasLoneSurrogate('\udfff')).toBe(true);
    expect(hasLoneSurrogate('😀 Grüße \u0000')).toBe(false);
    expect(findLoneSurrogate(JSON.parse('{"arguments":{"title":"\\ud800"}}'))).toBe('/arguments/title');
    expect(findLoneSurrogate(JSON.parse('{"a":[1,{"\\udc00":2}]}'))).toBe('/a/1/\udc00');
    expect(findLoneSurrogate({ ok: ['😀', 'ä', null, 1, true] })).toBeUndefined();
  });

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findLoneSurrogate(deep)).toMatch(/^(\/0)+$/);
  });
});
