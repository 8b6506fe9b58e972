// Wall-clock arithmetic in an IANA time zone with nothing but Intl: the offset of an
// instant, and the instant of a local wall time (DST gaps and overlaps resolved the way
// calendars do it: a time that does not exist moves forward by the gap, an ambiguous one
// takes its first occurrence).

export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for an unknown zone (checked once at start-up by the caller). */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

const QUARTER_HOUR = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Bounds each cache; a household lists weeks, so this is years of history. */
const CACHE_LIMIT = 50_000;

/** Offsets already asked of Intl, per zone: by UTC day when uniform, else by quarter hour. */
interface ZoneOffsets {
  /** UTC day number -> its one offset, or null when the offset changes during that day. */
  readonly days: Map<number, number | null>;
  /** Quarter-hour number -> offset, for the days with a change. */
  readonly quarters: Map<number, number>;
}
const zoneOffsets = new Map<string, ZoneOffsets>();

function offsetsOf(timeZone: string): ZoneOffsets {
  let z = zoneOffsets.get(timeZone);
  if (!z) {
    z = { days: new Map(), quarters: new Map() };
    zoneOffsets.set(timeZone, z);
  }
  return z;
}

/** The offset at a quarter-hour boundary, from Intl (once per boundary). */
function quarterOffset(z: ZoneOffsets, quarter: number, timeZone: string): number {
  const hit = z.quarters.get(quarter);
  if (hit !== undefined) return hit;
  const start = quarter * QUARTER_HOUR;
  const parts = formatter(timeZone).formatToParts(new Date(start));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = Math.round((asUtc - start) / 60_000);
  if (z.quarters.size >= CACHE_LIMIT) z.quarters.clear();
  z.quarters.set(quarter, offset);
  return offset;
}

/**
 * Offset east of UTC in minutes at instant `ms` (Berlin: 60 in winter, 120 in summer).
 *
 * Intl is slow (microseconds a call) and a calendar week formats hundreds of timestamps,
 * so answers are cached. Zones change offset only on quarter-hour boundaries, so a
 * quarter hour has one offset. A whole UTC day does too when its first instant and the
 * next day's first instant agree: that only assumes no zone switches there and back
 * within 24 hours. In the tz data Node ships, 1970 to 2040, all 418 zones sampled every
 * six hours, the closest two switches are a week apart (Brazil, October 2000). A new week
 * then costs about eight Intl calls instead of 672, plus 96 for a day with a switch.
 */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  const z = offsetsOf(timeZone);
  const day = Math.floor(ms / DAY_MS);
  let uniform = z.days.get(day);
  if (uniform === undefined) {
    const first = quarterOffset(z, (day * DAY_MS) / QUARTER_HOUR, timeZone);
    const next = quarterOffset(z, ((day + 1) * DAY_MS) / QUARTER_HOUR, timeZone);
    uniform = first === next ? first : null;
    if (z.days.size >= CACHE_LIMIT) z.days.clear();
    z.days.set(day, uniform);
  }
  return uniform ?? quarterOffset(z, Math.floor(ms / QUARTER_HOUR), timeZone);
}

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const d = new Date(ms + offsetMinutesAt(ms, timeZone) * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The instant of a local wall time. */
export function instantOf(w: Omit<WallClock, 'second'> & { second?: number }, timeZone: string): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);
  // The offset can differ on either side of a transition; the candidates are the
  // offsets in force a day before and a day after.
  const before = offsetMinutesAt(naive - 86_400_000, timeZone);
  const after = offsetMinutesAt(naive + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((off) => naive - off * 60_000)
    .filter((ms) => offsetMinutesAt(ms, timeZone) * 60_000 === naive - ms)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In a gap (spring forward): keep the distance from the earlier offset, which lands
  // the same number of minutes after the gap (02:30 -> 03:30 in Berlin).
  return naive - before * 60_000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => pad(n));

/** "+01:00" per offset in minutes; a zone has only a handful. */
const offsetSuffixes = new Map<number, string>();
function offsetSuffix(off: number): string {
  let s = offsetSuffixes.get(off);
  if (s === undefined) {
    const abs = Math.abs(off);
    s = `${off < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    offsetSuffixes.set(off, s);
  }
  return s;
}

/** "HH:MM:" per minute of the day. */
// Built on the first formatted time, not at import: the first /api/health formats none.
let clockMinutes: readonly string[] | undefined;
const clockMinute = (m: number): string =>
  (clockMinutes ??= Array.from({ length: 1440 }, (_, i) => `${TWO_DIGITS[Math.floor(i / 60)]}:${TWO_DIGITS[i % 60]}:`))[m]!;
/** "YYYY-MM-DDT" per day number (days since 1970 on the wall clock). */
const datePrefixes = new Map<number, string>();

/**
 * "YYYY-MM-DDT" of a day since 1970, by integer arithmetic after Howard Hinnant's
 * civil_from_days (https://howardhinnant.github.io/date_algorithms.html#civil_from_days).
 * Undefined outside years 0000..9999, which have no four-digit form.
 */
function datePrefix(days: number): string | undefined {
  const hit = datePrefixes.get(days);
  if (hit !== undefined) return hit;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) return undefined;
  const prefix = `${TWO_DIGITS[Math.floor(year / 100)]}${TWO_DIGITS[year % 100]}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T`;
  if (datePrefixes.size >= CACHE_LIMIT) datePrefixes.clear();
  datePrefixes.set(days, prefix);
  return prefix;
}

/**
 * "YYYY-MM-DDTHH:MM:SS" of a wall clock given as ms since 1970 on that clock, from cached
 * pieces: Date#toISOString costs several times as much (and its result is sliced again),
 * and a calendar list formats four timestamps per event. Undefined outside 0000..9999;
 * the caller falls back to Date there.
 */
function wallIso(wallMs: number): string | undefined {
  const days = Math.floor(wallMs / DAY_MS);
  const secOfDay = Math.floor((wallMs - days * DAY_MS) / 1000);
  const prefix = datePrefix(days);
  return prefix === undefined ? undefined : prefix + clockMinute(Math.floor(secOfDay / 60)) + TWO_DIGITS[secOfDay % 60]!;
}

/** RFC3339 with the zone's offset at that instant: 2026-03-29T03:30:00+02:00. */
export function toRfc3339(ms: number, timeZone: string): string {
  const off = offsetMinutesAt(ms, timeZone);
  // The wall clock is UTC shifted by the offset, to whole seconds.
  const wallMs = Math.floor(ms / 1000) * 1000 + off * 60_000;
  const wall = wallIso(wallMs) ?? new Date(wallMs).toISOString().slice(0, 19);
  return `${wall}${offsetSuffix(off)}`;
}

export function localDateOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function localTimeOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}
