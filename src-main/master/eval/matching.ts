import { WEEKDAYS } from '../../../src-shared';
import { localDateOf } from '../../../src-shared/time-zone';

// How an evaluation compares what a model did with what the case expects: leniently where
// a household would not care (case, a longer title, "morgen" as a date or as an offset),
// strictly where it would (numbers, ids, enums, the day).

export interface MatchContext {
  readonly now: Date;
  readonly timezone: string;
  /** Ids that setup steps stored under their `as` name. */
  readonly refs: Readonly<Record<string, string>>;
}

/** "@name" -> the stored id, recursively; everything else unchanged. */
export function resolveRefs(value: unknown, refs: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string' && value.startsWith('@')) return refs[value.slice(1)] ?? value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, refs));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, refs)]));
  return value;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day a symbolic time names, as the household tools resolve it; undefined if it is not one. */
export function dayOf(value: unknown, ctx: Pick<MatchContext, 'now' | 'timezone'>): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const today = localDateOf(ctx.now.getTime(), ctx.timezone);
  if (v.kind === 'relative' && typeof v.offset_days === 'number') return addDays(today, v.offset_days);
  if (v.kind === 'absolute' && typeof v.date === 'string') return v.date;
  if (v.kind === 'weekday' && typeof v.weekday === 'string') {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const current = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    const target = WEEKDAYS.indexOf(v.weekday as (typeof WEEKDAYS)[number]);
    if (target < 0) return undefined;
    let ahead = (target - current + 7) % 7;
    if (ahead === 0 && v.force_next === true) ahead = 7;
    return addDays(today, ahead);
  }
  return undefined;
}

function fold(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Does `actual` satisfy `expected` (a subset for objects)? */
export function matches(expected: unknown, actual: unknown, ctx: MatchContext): boolean {
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return typeof actual === 'number' && fold(expected) === String(actual);
    const e = fold(expected);
    const a = fold(actual);
    if (e.startsWith('^')) return a.startsWith(e.slice(1));
    if (e.startsWith('~')) return a.includes(e.slice(1));
    return a === e || (e.length >= 3 && a.length >= 3 && (a.includes(e) || e.includes(a)));
  }
  if (typeof expected === 'number' || typeof expected === 'boolean' || expected === null) return actual === expected;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length < expected.length) return false;
    return expected.every((e) => actual.some((a) => matches(e, a, ctx)));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const day = dayOf(expected, ctx);
    if (day !== undefined) {
      const e = expected as Record<string, unknown>;
      const a = actual as Record<string, unknown>;
      return dayOf(actual, ctx) === day && (e.time === undefined || e.time === a.time);
    }
    return Object.entries(expected).every(([k, v]) => matches(v, (actual as Record<string, unknown>)[k], ctx));
  }
  return false;
}
