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

/**
 * Offset east of UTC in minutes at instant `ms` (Berlin: 60 in winter, 120 in summer).
 * Zones change offset only on quarter-hour boundaries, so the answer is cached per
 * quarter hour: listing a week of events formats hundreds of timestamps.
 */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let cache = offsetCache.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(timeZone, cache);
  }
  const hit = cache.get(bucket);
  if (hit !== undefined) return hit;
  const start = bucket * QUARTER_HOUR;
  const parts = formatter(timeZone).formatToParts(new Date(start));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = Math.round((asUtc - start) / 60_000);
  if (cache.size > 50_000) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const d = new Date(ms + offsetMinutesAt(ms, timeZone) * 60_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
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

/** RFC3339 with the zone's offset at that instant: 2026-03-29T03:30:00+02:00. */
export function toRfc3339(ms: number, timeZone: string): string {
  const off = offsetMinutesAt(ms, timeZone);
  // The wall clock is UTC shifted by the offset; toISOString gives its fields in one call.
  const wall = new Date(Math.floor(ms / 1000) * 1000 + off * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(off);
  return `${wall}${off < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function localDateOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function localTimeOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}
