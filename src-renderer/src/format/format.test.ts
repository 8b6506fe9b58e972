import { describe, expect, it } from 'vitest';
import { addDays, formatWhen, wallClock } from './household-time';
import { formatIngredients, parseIngredients } from './ingredients';

describe('household time', () => {
  it('shows instants on the household wall clock, not the browser’s', () => {
    expect(wallClock('2026-12-01T23:30:00Z', 'Europe/Berlin')).toEqual({ date: '2026-12-02', time: '00:30' });
    expect(wallClock('2026-12-01T23:30:00Z', 'America/New_York')).toEqual({ date: '2026-12-01', time: '18:30' });
  });

  it('adds days across month and DST boundaries', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
  });

  it('says today and tomorrow relative to the household today', () => {
    const labels = { today: 'Heute', tomorrow: 'Morgen' };
    expect(formatWhen('2026-12-02T09:00:00+01:00', 'Europe/Berlin', '2026-12-01', 'de', labels)).toBe('Morgen 09:00');
  });
});

describe('ingredients', () => {
  it('parses "amount unit name" lines and round-trips them', () => {
    const list = parseIngredients('500 g Mehl\n2 Eier\nSalz\n0,5 l Milch');
    expect(list).toEqual([
      { name: 'Mehl', quantity: 500, unit: 'g' },
      { name: 'Eier', quantity: 2, unit: null },
      { name: 'Salz', quantity: null, unit: null },
      { name: 'Milch', quantity: 0.5, unit: 'l' },
    ]);
    expect(formatIngredients(list)).toBe('500 g Mehl\n2 Eier\nSalz\n0.5 l Milch');
  });
});
