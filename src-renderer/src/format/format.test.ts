import { describe, expect, it } from 'vitest';
import { addDays, clockAt, formatDay, formatWhen, REFERENCE_FRESH_MS, wallClock, type DayStyle } from './household-time';
import { formatAmount, formatIngredients, parseIngredients } from './ingredients';

describe('household time', () => {
  it('shows instants on the household wall clock, not the browser’s', () => {
    expect(wallClock('2026-12-01T23:30:00Z', 'Europe/Berlin')).toEqual({ date: '2026-12-02', time: '00:30' });
    expect(wallClock('2026-12-01T23:30:00Z', 'America/New_York')).toEqual({ date: '2026-12-01', time: '18:30' });
  });

  it("reads the wall clock of the master's timestamps from their household offset, as Intl would compute it", () => {
    // Berlin's DST switch nights, summer and winter: the same instants, once as the master writes them.
    const pairs = [
      ['2026-03-29T01:59:00+01:00', '2026-03-29T00:59:00Z'],
      ['2026-03-29T03:00:00+02:00', '2026-03-29T01:00:00Z'],
      ['2026-10-25T02:30:00+02:00', '2026-10-25T00:30:00Z'],
      ['2026-10-25T02:30:00+01:00', '2026-10-25T01:30:00Z'],
      ['2026-12-31T23:45:00.500+01:00', '2026-12-31T22:45:00.500Z'],
    ] as const;
    for (const [household, utc] of pairs) expect(wallClock(household, 'Europe/Berlin')).toEqual(wallClock(utc, 'Europe/Berlin'));
    expect(wallClock('2026-12-01T18:30:00-05:00', 'America/New_York')).toEqual({ date: '2026-12-01', time: '18:30' });
  });

  it('reads the clock off a fresh household timestamp as Intl would, and asks Intl once the timestamp is old', () => {
    const at = new Date('2026-03-29T00:59:40Z');
    // Berlin, just before summer time: the master's now from 20 s before gives the same clock as Intl.
    expect(clockAt(at, 'Europe/Berlin', '2026-03-29T01:59:20+01:00')).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(clockAt(at, 'Europe/Berlin', '2026-03-29T01:59:20+01:00')).toEqual(wallClock(at.toISOString(), 'Europe/Berlin'));
    expect(clockAt(new Date('2026-12-01T23:30:00Z'), 'America/New_York', '2026-12-01T18:29:30-05:00')).toEqual({
      date: '2026-12-01',
      time: '18:30',
    });
    // Two minutes later summer time has begun: the reference's winter offset would say 03:00.
    const later = new Date('2026-03-29T02:00:00Z');
    expect(Date.parse('2026-03-29T02:58:00+01:00')).toBeLessThan(later.getTime() - REFERENCE_FRESH_MS);
    expect(clockAt(later, 'Europe/Berlin', '2026-03-29T02:58:00+01:00')).toEqual({ date: '2026-03-29', time: '04:00' });
    expect(clockAt(later, 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '04:00' });
    expect(clockAt(later, 'Europe/Berlin', '2026-03-29T04:00:00Z')).toEqual({ date: '2026-03-29', time: '04:00' });
  });

  it('writes days in German and English exactly as Intl does, every day of a year', () => {
    const styles: Record<DayStyle, Intl.DateTimeFormatOptions> = {
      short: { weekday: 'short', day: 'numeric', month: 'short' },
      long: { weekday: 'long', day: 'numeric', month: 'long' },
      weekday: { weekday: 'long' },
      dayMonth: { day: 'numeric', month: 'short' },
    };
    for (const language of ['de', 'en']) {
      const formats = Object.entries(styles).map(
        ([style, options]) => [style as DayStyle, new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })] as const,
      );
      for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
        for (const [style, intl] of formats) expect(formatDay(day, language, style)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
      }
    }
    expect(formatDay('2026-12-01', 'de')).toBe('Di., 1. Dez.');
    expect(formatDay('2026-12-01', 'fr', 'long')).toBe('mardi 1 décembre');
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

  it('reads "1/2 TL Zimt" and "½ Tasse Milch" as amounts and shows them as a kitchen writes them', () => {
    const list = parseIngredients('1/2 TL Zimt\n½ Tasse Milch\n1,5 kg Kartoffeln');
    expect(list).toEqual([
      { name: 'Zimt', quantity: 0.5, unit: 'TL' },
      { name: 'Milch', quantity: 0.5, unit: 'Tasse' },
      { name: 'Kartoffeln', quantity: 1.5, unit: 'kg' },
    ]);
    expect(list.map((i) => `${formatAmount(i.quantity, i.unit, 'de')} ${i.name}`)).toEqual([
      '½ TL Zimt',
      '½ Tasse Milch',
      '1,5 kg Kartoffeln',
    ]);
    expect(parseIngredients(formatIngredients(list))).toEqual(list);
  });
});
