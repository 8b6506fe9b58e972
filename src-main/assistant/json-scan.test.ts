import { describe, expect, it } from 'vitest';
import { balancedEnd, splitTopLevel, tryParse } from './json-scan';

describe('json scan', () => {
  it('finds the closing bracket past brackets and quotes inside strings', () => {
    const text = 'sag {"a": "}", "b": [1, {"c": "\\"]"}]} danach';
    const start = text.indexOf('{');
    expect(text.slice(start, balancedEnd(text, start) + 1)).toBe('{"a": "}", "b": [1, {"c": "\\"]"}]}');
    expect(balancedEnd('{"offen": [1, 2', 0)).toBe(-1);
  });

  it('cuts only at separators outside brackets and strings', () => {
    expect(splitTopLevel('{"a": "x; y"}; [1; 2] ;  ; {"b": 1}', ';').map((p) => p.trim())).toEqual(['{"a": "x; y"}', '[1; 2]', '{"b": 1}']);
    expect(splitTopLevel('{"n": 1}\n{"n": 2},{"n": 3}', '\n,').map((p) => tryParse(p))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });
});
