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

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Offset east of UTC in minutes at instant `ms` (Berlin: 60 in winter, 120 in summer). */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  const w = wallClockAt(Math.floor(ms / 1000) * 1000, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
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
  const w = wallClockAt(ms, timeZone);
  const off = offsetMinutesAt(ms, timeZone);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function localDateOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function localTimeOf(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}
