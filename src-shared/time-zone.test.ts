import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDateOf, localTimeOf, offsetMinutesAt, toRfc3339 } from './time-zone';

const oracles = new Map<string, Intl.DateTimeFormat>();

/** RFC3339 straight from Intl (no offset caches, no arithmetic of ours): the oracle. */
function intlRfc3339(ms: number, timeZone: string): string {
  let oracle = oracles.get(timeZone);
  if (!oracle) {
    oracle = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    oracles.set(timeZone, oracle);
  }
  const parts = oracle.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const zone = get('timeZoneName').replace('GMT', '');
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}${zone === '' ? '+00:00' : zone}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('toRfc3339', () => {
  it('Berlin spring forward (29 March 2026, 02:00 -> 03:00): the offset flips at 01:00 UTC exactly', () => {
    expect(toRfc3339(Date.parse('2026-03-29T00:59:59.999Z'), 'Europe/Berlin')).toBe('2026-03-29T01:59:59+01:00');
    expect(toRfc3339(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:00:00+02:00');
    expect(offsetMinutesAt(Date.parse('2026-03-29T00:59:59.999Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutesAt(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
  });

  it('Berlin fall back (25 October 2026, 03:00 -> 02:00): both 02:30 print, with their own offsets', () => {
    expect(toRfc3339(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    expect(toRfc3339(Date.parse('2026-10-25T00:59:59Z'), 'Europe/Berlin')).toBe('2026-10-25T02:59:59+02:00');
    expect(toRfc3339(Date.parse('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:00:00+01:00');
    expect(toRfc3339(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+01:00');
  });

  it('agrees with Intl every 15 minutes across both Berlin switches of 2026, asked in any order', () => {
    const instants: number[] = [];
    for (const day of ['2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z']) {
      for (let t = Date.parse(day); t < Date.parse(day) + 36 * HOUR; t += 15 * MINUTE) instants.push(t, t - 1000, t + 7 * MINUTE + 30_000);
    }
    // Backwards too, so no answer depends on what the cache saw before.
    for (const t of [...instants, ...instants.reverse()]) expect(toRfc3339(t, 'Europe/Berlin')).toBe(intlRfc3339(t, 'Europe/Berlin'));
  });

  it('agrees with Intl in zones with negative, half-hour and 45-minute offsets and half-hour DST', () => {
    const zones = ['America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    // A deterministic spread over 1970..2099 (before standard time, zones had offsets in
    // seconds, which the household model rounds to minutes).
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const tz of zones) {
      for (let i = 0; i < 400; i++) {
        const t = Math.floor(next() * Date.parse('2099-06-01T00:00:00Z'));
        expect(toRfc3339(t, tz), `${tz} ${t}`).toBe(intlRfc3339(t, tz));
      }
    }
  });

  it('drops milliseconds toward the earlier second, also before 1970', () => {
    expect(toRfc3339(Date.parse('2026-12-01T14:30:05.999Z'), 'Europe/Berlin')).toBe('2026-12-01T15:30:05+01:00');
    expect(toRfc3339(-1, 'UTC')).toBe('1969-12-31T23:59:59+00:00');
    expect(toRfc3339(Date.parse('1960-02-29T23:59:59.500Z'), 'UTC')).toBe('1960-02-29T23:59:59+00:00');
  });

  it('gets leap days and year ends right', () => {
    expect(toRfc3339(Date.parse('2028-02-29T22:59:59Z'), 'Europe/Berlin')).toBe('2028-02-29T23:59:59+01:00');
    expect(toRfc3339(Date.parse('2028-02-29T23:00:00Z'), 'Europe/Berlin')).toBe('2028-03-01T00:00:00+01:00');
    expect(toRfc3339(Date.parse('2100-02-28T23:00:00Z'), 'Europe/Berlin')).toBe('2100-03-01T00:00:00+01:00');
    expect(toRfc3339(Date.parse('2000-02-29T12:00:00Z'), 'UTC')).toBe('2000-02-29T12:00:00+00:00');
    expect(toRfc3339(Date.parse('2026-12-31T23:00:00Z'), 'Europe/Berlin')).toBe('2027-01-01T00:00:00+01:00');
  });

  it('prints the same as the wall clock of Date, from year 100 to 9999 and beyond', () => {
    const viaDate = (ms: number) => `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const first = Date.parse('0100-01-01T00:00:00Z');
    const last = Date.parse('9999-12-31T23:59:59.999Z');
    for (let i = 0; i < 2000; i++) {
      const t = Math.floor(first + next() * (last - first));
      expect(toRfc3339(t, 'UTC')).toBe(viaDate(t));
    }
    expect(toRfc3339(last, 'UTC')).toBe('9999-12-31T23:59:59+00:00');
    // Past year 9999 there is no four-digit year: Date's extended form, as before.
    expect(toRfc3339(last + 1, 'UTC')).toBe(viaDate(last + 1));
  });

  it('matches localDateOf and localTimeOf on the same instant', () => {
    for (let t = Date.parse('2026-10-24T20:00:00Z'); t < Date.parse('2026-10-25T06:00:00Z'); t += 10 * MINUTE) {
      const s = toRfc3339(t, 'Europe/Berlin');
      expect(s.slice(0, 10)).toBe(localDateOf(t, 'Europe/Berlin'));
      expect(s.slice(11, 16)).toBe(localTimeOf(t, 'Europe/Berlin'));
    }
  });
});

// The offset cache is per process and these tests share it: each test uses its own years,
// so every one of them starts cold.
describe('offsetMinutesAt (cached by UTC day, by quarter hour on switch days)', () => {
  afterEach(() => vi.restoreAllMocks());
  const intlOffset = (ms: number, tz: string) => {
    const s = intlRfc3339(ms, tz);
    const sign = s.at(-6) === '-' ? -1 : 1;
    return sign * (Number(s.slice(-5, -3)) * 60 + Number(s.slice(-2)));
  };

  it('Berlin 2027: every minute of both switch days, asked after the switch first', () => {
    for (const day of ['2027-03-28', '2027-10-31']) {
      const first = Date.parse(`${day}T00:00:00Z`);
      // Prime the day's cache with an instant after the switch, then walk the whole day.
      offsetMinutesAt(first + 20 * HOUR, 'Europe/Berlin');
      for (let t = first - HOUR; t < first + 25 * HOUR; t += MINUTE)
        expect(offsetMinutesAt(t, 'Europe/Berlin'), new Date(t).toISOString()).toBe(intlOffset(t, 'Europe/Berlin'));
    }
  });

  it('Berlin 2028: the switch instants themselves, asked first, to the millisecond', () => {
    const spring = Date.parse('2028-03-26T01:00:00Z');
    const autumn = Date.parse('2028-10-29T01:00:00Z');
    expect(offsetMinutesAt(spring, 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(spring - 1, 'Europe/Berlin')).toBe(60);
    expect(offsetMinutesAt(autumn - 1, 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(autumn, 'Europe/Berlin')).toBe(60);
    expect(toRfc3339(spring - 1, 'Europe/Berlin')).toBe('2028-03-26T01:59:59+01:00');
    expect(toRfc3339(spring, 'Europe/Berlin')).toBe('2028-03-26T03:00:00+02:00');
    expect(toRfc3339(autumn - 1, 'Europe/Berlin')).toBe('2028-10-29T02:59:59+02:00');
    expect(toRfc3339(autumn, 'Europe/Berlin')).toBe('2028-10-29T02:00:00+01:00');
  });

  it('agrees with Intl every 15 minutes of a whole year, in zones switching at odd UTC hours', () => {
    // New York and Santiago switch at local midnight-ish hours far from 00:00 UTC, Lord Howe
    // by half an hour, Chatham at 45 minutes past; Casablanca leaves summer time for Ramadan.
    const zones = ['Europe/Berlin', 'America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Africa/Casablanca'];
    const year = { from: Date.parse('2029-01-01T00:00:00Z'), to: Date.parse('2030-01-01T00:00:00Z') };
    for (const tz of zones) {
      for (let t = year.from; t < year.to; t += 15 * MINUTE) {
        if (offsetMinutesAt(t + 7 * MINUTE, tz) !== intlOffset(t + 7 * MINUTE, tz)) expect.fail(`${tz} at ${new Date(t).toISOString()}`);
      }
    }
  });

  it('a week without a switch asks Intl twice a day at most, and a second time not at all', () => {
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const monday = Date.parse('2031-01-06T00:00:00Z');
    for (let t = monday; t < monday + 7 * 24 * HOUR; t += 5 * MINUTE) toRfc3339(t, 'Europe/Berlin');
    expect(intl.mock.calls.length).toBeLessThanOrEqual(8);
    intl.mockClear();
    for (let t = monday; t < monday + 7 * 24 * HOUR; t += 5 * MINUTE) toRfc3339(t, 'Europe/Berlin');
    expect(intl).not.toHaveBeenCalled();
  });
});
