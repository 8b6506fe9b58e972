// The dates a rule yields, on plain calendar days (days since 1970). Times of day and
// zones are not this file's business: every occurrence of a series keeps the wall time of
// its first one, so a series is a list of dates, and the caller turns each date into an
// instant in the series' zone (which keeps "Monday 17:00" at 17:00 across DST).
import { dayNumber, type Rule } from './rule';

interface Civil {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function civilOf(dayNum: number): Civil {
  const d = new Date(dayNum * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export function weekdayOfDay(dayNum: number): number {
  return (((dayNum + 3) % 7) + 7) % 7;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_LENGTHS[month - 1]!;
}

/** The first day of the period (day, week from WKST, month, year) with the given index after the start's. */
function periodOf(rule: Rule, startDay: number, index: number): { first: number; last: number } {
  switch (rule.freq) {
    case 'DAILY':
      return { first: startDay + index, last: startDay + index };
    case 'WEEKLY': {
      const weekStart = startDay - ((weekdayOfDay(startDay) - rule.wkst + 7) % 7) + 7 * index;
      return { first: weekStart, last: weekStart + 6 };
    }
    case 'MONTHLY': {
      const s = civilOf(startDay);
      const monthIndex = s.year * 12 + (s.month - 1) + index;
      const year = Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      const first = dayNumber(year, month, 1);
      return { first, last: first + daysInMonth(year, month) - 1 };
    }
    case 'YEARLY': {
      const year = civilOf(startDay).year + index;
      return { first: dayNumber(year, 1, 1), last: dayNumber(year, 12, 31) };
    }
  }
}

/** Index of the period that holds `dayNum` (may be negative before the start). */
export function periodIndexOf(rule: Rule, startDay: number, dayNum: number): number {
  switch (rule.freq) {
    case 'DAILY':
      return dayNum - startDay;
    case 'WEEKLY':
      return Math.floor((dayNum - periodOf(rule, startDay, 0).first) / 7);
    case 'MONTHLY': {
      const a = civilOf(startDay);
      const b = civilOf(dayNum);
      return (b.year - a.year) * 12 + (b.month - a.month);
    }
    case 'YEARLY':
      return civilOf(dayNum).year - civilOf(startDay).year;
  }
}

/** Whether day `d` (in a month of `dim` days, on day `dom`) is the n-th weekday of its month or year. */
function nthMatches(n: number, position: number, length: number): boolean {
  if (n === 0) return true;
  return n > 0 ? Math.floor((position - 1) / 7) + 1 === n : -(Math.floor((length - position) / 7) + 1) === n;
}

/** The rule's implicit parts (RFC 5545 3.3.10): without BYxxx, a series repeats on its start's weekday, day or date. */
function effective(rule: Rule, startDay: number): Rule {
  if (rule.byDay.length || rule.byMonthDay.length) return rule;
  const s = civilOf(startDay);
  switch (rule.freq) {
    case 'WEEKLY':
      return { ...rule, byDay: [{ weekday: weekdayOfDay(startDay), n: 0 }] };
    case 'MONTHLY':
      return { ...rule, byMonthDay: [s.day] };
    case 'YEARLY':
      return { ...rule, byMonthDay: [s.day], byMonth: rule.byMonth.length ? rule.byMonth : [s.month] };
    default:
      return rule;
  }
}

/** The days of one period that the rule picks, ascending (BYSETPOS applied). */
function daysOfPeriod(rule: Rule, first: number, last: number): number[] {
  // The common household rules ("every Monday", "on the 1st") are computed, not searched.
  if (rule.bySetPos.length === 0 && rule.byMonth.length === 0) {
    if (rule.freq === 'WEEKLY' && rule.byMonthDay.length === 0 && rule.byDay.every((b) => b.n === 0)) {
      return [...new Set(rule.byDay.map((b) => first + ((b.weekday - weekdayOfDay(first) + 7) % 7)))].sort((a, b) => a - b);
    }
    if (rule.freq === 'MONTHLY' && rule.byDay.length === 0) {
      const dim = last - first + 1;
      const days = new Set<number>();
      for (const md of rule.byMonthDay) {
        const day = md > 0 ? md : dim + md + 1;
        if (day >= 1 && day <= dim) days.add(first + day - 1);
      }
      return [...days].sort((a, b) => a - b);
    }
  }
  const picked: number[] = [];
  const ordinalInYear = rule.freq === 'YEARLY' && rule.byMonth.length === 0;
  const yearLength = last - first + 1;
  // The civil date walks along with the day number: a Date per day would cost more than the rest.
  let { year, month, day } = civilOf(first);
  let dim = daysInMonth(year, month);
  for (let d = first; d <= last; d++) {
    if (d !== first) {
      if (++day > dim) {
        day = 1;
        if (++month > 12) {
          month = 1;
          year++;
        }
        dim = daysInMonth(year, month);
      }
    }
    if (rule.byMonth.length && !rule.byMonth.includes(month)) {
      // Skip to the month's last day at once: a yearly rule walks 12 months, not 365 days.
      d += dim - day;
      day = dim;
      continue;
    }
    if (rule.byMonthDay.length && !rule.byMonthDay.some((md) => md === day || md === day - dim - 1)) continue;
    if (rule.byDay.length) {
      const wd = weekdayOfDay(d);
      const ok = rule.byDay.some(
        (b) => b.weekday === wd && (ordinalInYear ? nthMatches(b.n, d - first + 1, yearLength) : nthMatches(b.n, day, dim)),
      );
      if (!ok) continue;
    }
    picked.push(d);
  }
  if (!rule.bySetPos.length) return picked;
  const chosen = new Set<number>();
  for (const pos of rule.bySetPos) {
    const d = pos > 0 ? picked[pos - 1] : picked[picked.length + pos];
    if (d !== undefined) chosen.add(d);
  }
  return [...chosen].sort((a, b) => a - b);
}

export interface ExpandOptions {
  /** Only days on or after this one are wanted (earlier periods are skipped when COUNT allows). */
  readonly fromDay: number;
  /** Stop after this day. */
  readonly toDay: number;
  /** Periods looked at, at most: an impossible rule ("30 February") ends here instead of looping. */
  readonly maxPeriods: number;
}

/**
 * Yields the days of the series, ascending, from `fromDay` to `toDay`. The start day
 * counts only when the rule picks it, and COUNT counts every day from the start. UNTIL
 * is the caller's to check (it may carry a time in some zone).
 */
export function* ruleDays(rule: Rule, startDay: number, opts: ExpandOptions): Generator<number> {
  const r = effective(rule, startDay);
  let index = 0;
  if (r.count === null) {
    // Without COUNT nothing before the window matters: jump to its period, on the interval's beat.
    const target = periodIndexOf(r, startDay, opts.fromDay);
    if (target > 0) index = Math.floor(target / r.interval) * r.interval;
  }
  let counted = 0;
  for (let looked = 0; looked < opts.maxPeriods; looked++, index += r.interval) {
    const { first, last } = periodOf(r, startDay, index);
    if (first > opts.toDay) return;
    for (const d of daysOfPeriod(r, first, last)) {
      if (d < startDay) continue;
      if (r.count !== null && ++counted > r.count) return;
      if (d > opts.toDay) return;
      if (d >= opts.fromDay) yield d;
    }
  }
}
