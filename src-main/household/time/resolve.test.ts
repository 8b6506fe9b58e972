import { describe, expect, it } from 'vitest';
import { addDays, formatDateTimeDe, localDateOf, resolveTime, startOfDay, toRfc3339 } from './index';

const TZ = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);

describe('symbolic time resolution', () => {
  it('resolves "morgen 15:30" to RFC3339 with the winter offset', () => {
    const r = resolveTime({ kind: 'relative', offset_days: 1, time: '15:30' }, at('2026-11-30T10:00:00Z'), TZ);
    expect(r.rfc3339).toBe('2026-12-01T15:30:00+01:00');
    expect(r.date).toBe('2026-12-01');
  });

  it('today without a time is local midnight', () => {
    const r = resolveTime({ kind: 'relative', offset_days: 0 }, at('2026-07-10T12:00:00Z'), TZ);
    expect(r.rfc3339).toBe('2026-07-10T00:00:00+02:00');
    expect(r.time).toBeUndefined();
  });

  it('uses the local date, not the UTC date, just after midnight', () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Berlin (summer).
    const now = at('2026-07-09T22:30:00Z');
    expect(resolveTime({ kind: 'relative', offset_days: 0 }, now, TZ).date).toBe('2026-07-10');
    expect(resolveTime({ kind: 'relative', offset_days: 1, time: '00:00' }, now, TZ).rfc3339).toBe('2026-07-11T00:00:00+02:00');
  });

  it('uses the local date just before midnight', () => {
    // 22:59 UTC on 31 Dec is 23:59 local, still the 31st.
    const now = at('2026-12-31T22:59:00Z');
    expect(resolveTime({ kind: 'relative', offset_days: 0 }, now, TZ).date).toBe('2026-12-31');
    expect(resolveTime({ kind: 'relative', offset_days: 1 }, now, TZ).date).toBe('2027-01-01');
  });

  it('a weekday without force_next is today when today is that day', () => {
    const monday = at('2026-11-30T08:00:00Z'); // Monday
    expect(resolveTime({ kind: 'weekday', weekday: 'monday' }, monday, TZ).date).toBe('2026-11-30');
    expect(resolveTime({ kind: 'weekday', weekday: 'monday', force_next: true }, monday, TZ).date).toBe('2026-12-07');
    expect(resolveTime({ kind: 'weekday', weekday: 'sunday' }, monday, TZ).date).toBe('2026-12-06');
    expect(resolveTime({ kind: 'weekday', weekday: 'tuesday', force_next: true }, monday, TZ).date).toBe('2026-12-01');
  });

  it('an absolute date and time resolves as written', () => {
    const r = resolveTime({ kind: 'absolute', date: '2026-08-31', time: '18:00' }, at('2026-01-01T00:00:00Z'), TZ);
    expect(r.rfc3339).toBe('2026-08-31T18:00:00+02:00');
  });

  it('rejects a date that does not exist', () => {
    expect(() => resolveTime({ kind: 'absolute', date: '2026-02-30' }, at('2026-01-01T00:00:00Z'), TZ)).toThrow(/Ungültiges Datum/);
  });

  describe('spring forward, 29 March 2026 (02:00 -> 03:00)', () => {
    const saturday = at('2026-03-28T12:00:00Z');
    it('keeps 15:30 at 15:30 across the switch (offset changes from +01 to +02)', () => {
      expect(resolveTime({ kind: 'relative', offset_days: 0, time: '15:30' }, saturday, TZ).rfc3339).toBe('2026-03-28T15:30:00+01:00');
      expect(resolveTime({ kind: 'relative', offset_days: 1, time: '15:30' }, saturday, TZ).rfc3339).toBe('2026-03-29T15:30:00+02:00');
    });
    it('moves a wall time inside the gap forward by the gap', () => {
      expect(resolveTime({ kind: 'weekday', weekday: 'sunday', time: '02:30' }, saturday, TZ).rfc3339).toBe('2026-03-29T03:30:00+02:00');
    });
    it('the day of the switch has 23 hours', () => {
      expect(startOfDay('2026-03-30', TZ) - startOfDay('2026-03-29', TZ)).toBe(23 * 3_600_000);
    });
    it('01:59 and 03:00 are one minute apart', () => {
      const a = resolveTime({ kind: 'absolute', date: '2026-03-29', time: '01:59' }, saturday, TZ).ms;
      const b = resolveTime({ kind: 'absolute', date: '2026-03-29', time: '03:00' }, saturday, TZ).ms;
      expect(b - a).toBe(60_000);
    });
  });

  describe('fall back, 25 October 2026 (03:00 -> 02:00)', () => {
    const saturday = at('2026-10-24T12:00:00Z');
    it('keeps 15:30 at 15:30 across the switch (offset changes from +02 to +01)', () => {
      expect(resolveTime({ kind: 'relative', offset_days: 1, time: '15:30' }, saturday, TZ).rfc3339).toBe('2026-10-25T15:30:00+01:00');
    });
    it('an ambiguous wall time takes its first occurrence', () => {
      expect(resolveTime({ kind: 'absolute', date: '2026-10-25', time: '02:30' }, saturday, TZ).rfc3339).toBe('2026-10-25T02:30:00+02:00');
    });
    it('the day of the switch has 25 hours', () => {
      expect(startOfDay('2026-10-26', TZ) - startOfDay('2026-10-25', TZ)).toBe(25 * 3_600_000);
    });
    it('the second 02:30 (after the switch) prints with +01:00', () => {
      expect(toRfc3339(Date.parse('2026-10-25T01:30:00Z'), TZ)).toBe('2026-10-25T02:30:00+01:00');
    });
  });

  it('works in another zone (America/New_York, switch on 8 March 2026)', () => {
    const r = resolveTime({ kind: 'absolute', date: '2026-03-08', time: '02:30' }, at('2026-03-01T00:00:00Z'), 'America/New_York');
    expect(r.rfc3339).toBe('2026-03-08T03:30:00-04:00');
    expect(localDateOf(Date.parse('2026-03-09T03:00:00Z'), 'America/New_York')).toBe('2026-03-08');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('words dates in German', () => {
    expect(formatDateTimeDe(Date.parse('2026-12-01T14:30:00Z'), TZ)).toBe('Dienstag, 1. Dezember 2026 um 15:30 Uhr');
  });
});
