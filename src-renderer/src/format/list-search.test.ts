import { describe, expect, it } from 'vitest';
import { matchesSearch } from './list-search';

describe('the list search', () => {
  it('finds a part of the name in any case and spacing', () => {
    expect(matchesSearch('Hafermilch', 'milch')).toBe(true);
    expect(matchesSearch('Müll  rausbringen', ' MÜLL raus ')).toBe(true);
    expect(matchesSearch('Brot', 'milch')).toBe(false);
  });

  it('shows everything while the search is empty', () => {
    expect(matchesSearch('Brot', '   ')).toBe(true);
  });
});
