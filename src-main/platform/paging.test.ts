import { describe, expect, it } from 'vitest';
import { Refusal } from './errors';
import { pageOf, pageRequest, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './paging';

describe('pageRequest', () => {
  it('defaults to the first page of the default size', () => {
    expect(pageRequest({})).toEqual({ limit: PAGE_LIMIT_DEFAULT, offset: 0 });
    expect(pageRequest({ limit: '5', offset: '10' })).toEqual({ limit: 5, offset: 10 });
  });

  it('refuses what is not a whole number, or a limit out of range, naming the parameter', () => {
    for (const query of [
      { limit: 'abc' },
      { limit: '-1' },
      { limit: '0' },
      { limit: String(PAGE_LIMIT_MAX + 1) },
      { offset: '1.5' },
      { offset: ['1', '2'] },
      { limit: '99999999999' },
    ]) {
      expect(() => pageRequest(query), JSON.stringify(query)).toThrow(Refusal);
    }
    expect(() => pageRequest({ limit: '5000' })).toThrowError(`querystring/limit must be between 1 and ${PAGE_LIMIT_MAX}`);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 5 }, (_, i) => i);
  it('answers one page and the offset of the next while more follow', () => {
    expect(pageOf(items, { limit: 2, offset: 0 })).toEqual({ items: [0, 1], next: 2, total: 5 });
    expect(pageOf(items, { limit: 2, offset: 4 })).toEqual({ items: [4], total: 5 });
    expect(pageOf(items, { limit: 2, offset: 9 })).toEqual({ items: [], total: 5 });
  });
});
