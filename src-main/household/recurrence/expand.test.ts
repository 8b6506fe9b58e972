import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { civilOf, ruleDays } from './expand';
import { dayNumber, parseRule } from './rule';

const iso = (d: number) => {
  const c = civilOf(d);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
};

/** The first `n` dates ical.js yields for the rule from `start` (it always yields the start first). */
function icalDates(rule: string, start: string, n: number): string[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const it = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromData({ year: y, month: m, day: d, hour: 9, minute: 0 }));
  const out: string[] = [];
  for (let t = it.next(); t && out.length < n; t = it.next())
    out.push(`${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`);
  return out;
}

function ourDates(rule: string, start: string, n: number): string[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const startDay = dayNumber(y, m, d);
  const out: string[] = [];
  for (const day of ruleDays(parseRule(rule), startDay, { fromDay: startDay, toDay: startDay + 366 * 30, maxPeriods: 20_000 })) {
    out.push(iso(day));
    if (out.length >= n) break;
  }
  return out;
}

describe('rule expansion agrees with ical.js', () => {
  // Starts that the rule itself yields (RFC 5545 leaves other starts undefined). Not compared:
  // a yearly 29 February, which ical.js moves to 1 March where RFC 5545 skips the year, and
  // BYDAY=20MO in a yearly rule, which ical.js repeats weekly (the 20th Monday is tested below).
  it.each([
    ['FREQ=DAILY', '2026-01-30'],
    ['FREQ=DAILY;INTERVAL=3;BYMONTH=1,3', '2026-01-02'],
    ['FREQ=DAILY;BYDAY=MO,WE,FR', '2026-01-02'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-01'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU', '2026-01-04'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU', '2026-01-04'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', '2026-01-01'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31'],
    ['FREQ=MONTHLY;BYDAY=2TU', '2026-01-13'],
    ['FREQ=MONTHLY;BYDAY=-1SU', '2026-01-25'],
    ['FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO,3MO', '2026-01-05'],
    ['FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '2026-02-13'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30'],
    ['FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', '2026-01-03'],
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', '2026-03-29'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', '2026-11-26'],
    ['FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1', '2026-01-01'],
    ['FREQ=WEEKLY;COUNT=5;BYDAY=TU,TH', '2026-01-01'.replace('01-01', '01-06')],
    ['FREQ=DAILY;COUNT=10;INTERVAL=2', '2026-03-28'],
  ])('%s from %s', (rule, start) => {
    const n = /COUNT=(\d+)/.exec(rule) ? Number(/COUNT=(\d+)/.exec(rule)![1]) : 25;
    expect(ourDates(rule, start, n)).toEqual(icalDates(rule, start, n));
  });

  it('skips straight to a window years after the start without walking the years between', () => {
    const rule = parseRule('FREQ=DAILY');
    const start = dayNumber(1900, 1, 1);
    const from = dayNumber(2026, 3, 1);
    // maxPeriods 10 would not reach 2026 if the expander walked from 1900.
    expect([...ruleDays(rule, start, { fromDay: from, toDay: from + 2, maxPeriods: 10 })].map(iso)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
  });
});

describe('rule expansion where ical.js differs from RFC 5545', () => {
  it('the 20th Monday of the year, once a year', () => {
    expect(ourDates('FREQ=YEARLY;BYDAY=20MO', '2026-05-18', 3)).toEqual(['2026-05-18', '2027-05-17', '2028-05-15']);
  });
});
