export { resolveTime, resolveDate, today, startOfDay, atWallTime, TimeResolutionError } from './resolve';
export type { ResolvedTime } from './resolve';
export { addDays, weekdayOf, daysBetween, parseDate } from './calendar-date';
export {
  toRfc3339,
  localDateOf,
  localTimeOf,
  offsetMinutesAt,
  assertTimeZone,
  wallClockAt,
  instantOf,
} from '../../../src-shared/time-zone';
export { formatDateDe, formatDateTimeDe, formatTimeDe } from './german';
