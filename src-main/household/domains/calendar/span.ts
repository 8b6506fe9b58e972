// When an event runs after a create or an edit: `when` with a time and a duration, or
// `when` without a time and (for several days) `last_day`, inclusive. Moving an all-day
// event keeps its number of days, as moving a timed one keeps its length.
import type { SymbolicDay, SymbolicTime } from '../../../../src-shared';
import type { EventRecord } from '../../store';
import type { HomeEnv } from '../../env';
import { HomeError } from '../../errors';
import { addDays, daysBetween, localDateOf, startOfDay } from '../../time';
import { resolveAt } from '../handler';

export const DEFAULT_DURATION_MIN = 60;
/** The longest all-day event the tools make: a year (a school year, a long stay abroad). */
export const MAX_ALL_DAY_DAYS = 366;

export type Span = Pick<EventRecord, 'startMs' | 'endMs' | 'allDay'>;

export interface SpanChange {
  readonly when?: SymbolicTime;
  readonly duration_minutes?: number;
  readonly last_day?: SymbolicDay;
}

/** Local days an all-day span covers (at least one). */
export function allDayCount(span: Span, tz: string): number {
  return Math.max(1, daysBetween(localDateOf(span.startMs, tz), localDateOf(span.endMs, tz)));
}

function allDay(env: HomeEnv, first: string, days: number): Span {
  // Local midnight to local midnight: a day that changes the clock has 23 or 25 hours.
  return { startMs: startOfDay(first, env.timezone), endMs: startOfDay(addDays(first, days), env.timezone), allDay: true };
}

function lastDayOf(env: HomeEnv, first: string, lastDay: SymbolicDay): number {
  const last = resolveAt(lastDay, env, '/last_day').date;
  const days = daysBetween(first, last) + 1;
  if (days < 1) throw new HomeError('INVALID_INPUT', `Der letzte Tag (${last}) liegt vor dem ersten (${first}).`, '/last_day');
  if (days > MAX_ALL_DAY_DAYS)
    throw new HomeError('INVALID_INPUT', `Ein ganztägiger Termin dauert höchstens ${MAX_ALL_DAY_DAYS} Tage.`, '/last_day');
  return days;
}

const TIMED_LAST_DAY = 'last_day gilt nur für ganztägige Termine; mit Uhrzeit bestimmt duration_minutes das Ende.';

/** The span of a new event (`base` undefined) or of `base` after the change. */
export function spanAfter(env: HomeEnv, change: SpanChange, base?: Span): Span {
  const tz = env.timezone;
  if (change.when) {
    const r = resolveAt(change.when, env, '/when');
    if (r.time !== undefined) {
      if (change.last_day) throw new HomeError('INVALID_INPUT', TIMED_LAST_DAY, '/last_day');
      const keep = base && !base.allDay ? Math.round((base.endMs - base.startMs) / 60_000) : DEFAULT_DURATION_MIN;
      return { startMs: r.ms, endMs: r.ms + (change.duration_minutes ?? keep) * 60_000, allDay: false };
    }
    const days = change.last_day ? lastDayOf(env, r.date, change.last_day) : base?.allDay ? allDayCount(base, tz) : 1;
    return allDay(env, r.date, days);
  }
  if (!base) throw new Error('a new event needs `when`');
  if (change.last_day) {
    if (!base.allDay) throw new HomeError('INVALID_INPUT', TIMED_LAST_DAY, '/last_day');
    const first = localDateOf(base.startMs, tz);
    return allDay(env, first, lastDayOf(env, first, change.last_day));
  }
  if (change.duration_minutes !== undefined && !base.allDay) return { ...base, endMs: base.startMs + change.duration_minutes * 60_000 };
  return { startMs: base.startMs, endMs: base.endMs, allDay: base.allDay };
}
