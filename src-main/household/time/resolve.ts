// The one place where symbolic times become dates and instants.
import { WEEKDAYS, type LocalDate, type SymbolicTime, type WallTime } from '../../../src-shared';
import { addDays, parseDate, weekdayOf } from './calendar-date';
import { instantOf, localDateOf, toRfc3339 } from '../../../src-shared/time-zone';

export interface ResolvedTime {
  readonly date: LocalDate;
  /** Present when the symbolic time had a time of day. */
  readonly time?: WallTime;
  /** Epoch ms of the local wall time (local midnight when there is no time). */
  readonly ms: number;
  /** RFC3339 in the household zone. */
  readonly rfc3339: string;
}

export class TimeResolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeResolutionError';
  }
}

/** Today's date in the household zone. */
export function today(now: Date, timeZone: string): LocalDate {
  return localDateOf(now.getTime(), timeZone);
}

export function resolveDate(when: SymbolicTime, now: Date, timeZone: string): LocalDate {
  const base = today(now, timeZone);
  switch (when.kind) {
    case 'relative':
      return addDays(base, when.offset_days);
    case 'weekday': {
      const current = WEEKDAYS.indexOf(weekdayOf(base));
      const target = WEEKDAYS.indexOf(when.weekday);
      let ahead = (target - current + 7) % 7;
      if (ahead === 0 && when.force_next) ahead = 7;
      return addDays(base, ahead);
    }
    case 'absolute':
      try {
        parseDate(when.date);
      } catch {
        throw new TimeResolutionError(`Ungültiges Datum: ${when.date}`);
      }
      return when.date;
  }
}

/** Local midnight at the start of `date` as epoch ms. */
export function startOfDay(date: LocalDate, timeZone: string): number {
  const { year, month, day } = parseDate(date);
  return instantOf({ year, month, day, hour: 0, minute: 0 }, timeZone);
}

export function atWallTime(date: LocalDate, time: WallTime, timeZone: string): number {
  const { year, month, day } = parseDate(date);
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantOf({ year, month, day, hour: h, minute: m }, timeZone);
}

export function resolveTime(when: SymbolicTime, now: Date, timeZone: string): ResolvedTime {
  const date = resolveDate(when, now, timeZone);
  const ms = when.time === undefined ? startOfDay(date, timeZone) : atWallTime(date, when.time, timeZone);
  return { date, ...(when.time === undefined ? {} : { time: when.time }), ms, rfc3339: toRfc3339(ms, timeZone) };
}
