// A stored series (an event row with a rule) and its occurrences as instants: each
// occurrence keeps the first one's wall time in the series' zone, so the instants move
// with DST and the clock on the wall does not.
import type { EventBody, EventRecord, OverrideRecord } from '../store';
import { instantOf, wallClockAt } from '../time';
import { civilOf, ruleDays } from './expand';
import { dayNumber, parseRule, type Rule } from './rule';

const DAY_MS = 86_400_000;

/** Occurrences one call computes per series at most: a daily series over a year is 366. */
export const OCCURRENCES_PER_SERIES = 1_000;
/** Periods the expander looks at per call: enough for COUNT=5000 and for gaps like "every 29 February". */
const MAX_PERIODS = 20_000;

export interface Occurrence extends Readonly<EventBody> {
  readonly eventId: string;
  /** Original start: the key of the occurrence (its RECURRENCE-ID). */
  readonly occurrenceMs: number;
  readonly overridden: boolean;
}

/** What the expander needs of a series: its rule parsed once, its zone, its start as a wall time. */
export interface SeriesShape {
  readonly rule: Rule;
  readonly zone: string;
  readonly startDay: number;
  /** Seconds after local midnight (0 for all-day series). */
  readonly second: number;
  readonly allDay: boolean;
  /** Timed: duration in ms; all-day: length in days. */
  readonly length: number;
  /** Last instant an occurrence may start at (UNTIL), or null. */
  readonly untilMs: number | null;
}

const ruleCache = new Map<string, Rule>();

function cachedRule(text: string): Rule {
  let rule = ruleCache.get(text);
  if (!rule) {
    rule = parseRule(text);
    if (ruleCache.size > 1_000) ruleCache.clear();
    ruleCache.set(text, rule);
  }
  return rule;
}

function dayOf(ms: number, zone: string): { day: number; second: number } {
  const w = wallClockAt(ms, zone);
  return { day: dayNumber(w.year, w.month, w.day), second: w.hour * 3600 + w.minute * 60 + w.second };
}

function instantOfDay(day: number, second: number, zone: string): number {
  const c = civilOf(day);
  return instantOf({ ...c, hour: Math.floor(second / 3600), minute: Math.floor((second % 3600) / 60), second: second % 60 }, zone);
}

export function shapeOf(
  e: Pick<EventRecord, 'rrule' | 'tzid' | 'startMs' | 'endMs' | 'allDay'>,
  householdZone: string,
  ruleText = e.rrule,
): SeriesShape {
  if (!ruleText) throw new Error('not a series');
  const rule = cachedRule(ruleText);
  const zone = e.tzid ?? householdZone;
  const start = dayOf(e.startMs, zone);
  const length = e.allDay ? Math.max(1, Math.round(dayOf(e.endMs, zone).day - start.day)) : e.endMs - e.startMs;
  let untilMs: number | null = null;
  if (rule.until) {
    const u = rule.until;
    if (u.utc) untilMs = u.day * DAY_MS + (u.second ?? 0) * 1000;
    else if (u.second === null)
      untilMs = instantOfDay(u.day + 1, 0, zone) - 1; // a DATE includes its whole day
    else untilMs = instantOfDay(u.day, u.second, zone);
  }
  return { rule, zone, startDay: start.day, second: e.allDay ? 0 : start.second, allDay: e.allDay, length, untilMs };
}

/** Start and end of the occurrence on `day`. */
export function spanOnDay(s: SeriesShape, day: number): { startMs: number; endMs: number } {
  if (s.allDay) return { startMs: instantOfDay(day, 0, s.zone), endMs: instantOfDay(day + s.length, 0, s.zone) };
  const startMs = instantOfDay(day, s.second, s.zone);
  return { startMs, endMs: startMs + s.length };
}

/** The days of the series from `fromDay` to `toDay`, UNTIL applied, at most `limit`. */
export function seriesDays(s: SeriesShape, fromDay: number, toDay: number, limit = OCCURRENCES_PER_SERIES): number[] {
  const out: number[] = [];
  for (const day of ruleDays(s.rule, s.startDay, { fromDay, toDay, maxPeriods: MAX_PERIODS })) {
    if (s.untilMs !== null && spanOnDay(s, day).startMs > s.untilMs) break;
    out.push(day);
    if (out.length >= limit) break;
  }
  return out;
}

/** The local day of an instant in the series' zone. */
export function seriesDayOf(s: SeriesShape, ms: number): number {
  return dayOf(ms, s.zone).day;
}

/**
 * The occurrences of series `e` that overlap [fromMs, toMs), as the rule makes them (before
 * EXDATEs and overrides), at most OCCURRENCES_PER_SERIES.
 */
export function ruleOccurrencesIn(s: SeriesShape, fromMs: number, toMs: number): { day: number; startMs: number; endMs: number }[] {
  const spanDays = s.allDay ? s.length : Math.ceil(s.length / DAY_MS);
  // One day of slack either side: the zone's day and the window's need not line up.
  const fromDay = seriesDayOf(s, fromMs) - spanDays - 1;
  const toDay = seriesDayOf(s, toMs) + 1;
  const out = [];
  for (const day of seriesDays(s, fromDay, toDay)) {
    const span = spanOnDay(s, day);
    if (span.startMs < toMs && span.endMs > fromMs) out.push({ day, ...span });
    else if (span.startMs === span.endMs && span.startMs >= fromMs && span.startMs < toMs) out.push({ day, ...span });
  }
  return out;
}

/**
 * The occurrences of a series in [fromMs, toMs): EXDATEs left out, overridden ones replaced
 * by their override (the window's overrides are listed on their own by the caller, since an
 * override can move an occurrence into or out of the window).
 */
export function occurrencesIn(
  e: EventRecord,
  householdZone: string,
  fromMs: number,
  toMs: number,
  overridden: ReadonlySet<number>,
): Occurrence[] {
  const s = shapeOf(e, householdZone);
  const excluded = e.exdates.length ? new Set(e.exdates) : undefined;
  const out: Occurrence[] = [];
  for (const o of ruleOccurrencesIn(s, fromMs, toMs)) {
    if (excluded?.has(o.startMs) || overridden.has(o.startMs)) continue;
    out.push({
      eventId: e.id,
      occurrenceMs: o.startMs,
      title: e.title,
      startMs: o.startMs,
      endMs: o.endMs,
      allDay: e.allDay,
      location: e.location,
      notes: e.notes,
      overridden: false,
    });
  }
  return out;
}

export function overrideOccurrence(o: OverrideRecord): Occurrence {
  return {
    eventId: o.eventId,
    occurrenceMs: o.occurrenceMs,
    title: o.title,
    startMs: o.startMs,
    endMs: o.endMs,
    allDay: o.allDay,
    location: o.location,
    notes: o.notes,
    overridden: true,
  };
}

/** Whether `ms` is the start of an occurrence the rule makes (EXDATEs not considered). */
export function isRuleOccurrence(s: SeriesShape, ms: number): boolean {
  const day = seriesDayOf(s, ms);
  return seriesDays(s, day, day, 1).some((d) => spanOnDay(s, d).startMs === ms);
}

/** The first occurrence the rule makes starting at or after `ms`, within ten years. */
export function firstOccurrenceFrom(s: SeriesShape, ms: number): { day: number; startMs: number; endMs: number } | undefined {
  const day = seriesDayOf(s, ms);
  for (let from = day; from < day + 3660; from += 366) {
    for (const d of seriesDays(s, from, from + 365, 400)) {
      const span = spanOnDay(s, d);
      if (span.startMs >= ms) return { day: d, ...span };
    }
  }
  return undefined;
}

/**
 * End of the last occurrence of a series with COUNT or UNTIL; null while it is endless,
 * or when its end lies so far ahead that it does not matter to a list.
 */
export function seriesEndOf(s: SeriesShape): number | null {
  if (s.rule.count === null && s.untilMs === null) return null;
  if (s.untilMs !== null && s.untilMs - spanOnDay(s, s.startDay).startMs > 20 * 366 * DAY_MS) return null;
  const toDay = s.untilMs === null ? s.startDay + 366 * 200 : seriesDayOf(s, s.untilMs) + 1;
  const days = seriesDays(s, s.startDay, toDay, s.rule.count ?? Number.MAX_SAFE_INTEGER);
  if (s.rule.count !== null && days.length < s.rule.count) return null;
  const last = days.at(-1);
  return last === undefined ? spanOnDay(s, s.startDay).endMs : spanOnDay(s, last).endMs;
}
