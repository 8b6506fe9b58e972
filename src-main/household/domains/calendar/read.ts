// The calendar as the family sees it: one-off events and the occurrences of every series
// in a window, EXDATEs left out and changed occurrences at their new times.
import type { CalendarEvent } from '../../../../src-shared';
import { assigneesOfRecord, type EventRecord } from '../../store';
import type { HouseholdStore } from '../../household-store';
import { occurrencesIn, overrideOccurrence, type Occurrence } from '../../recurrence';
import { presentEvent, presentOccurrence } from './present';

/** Occurrences one list holds at most (a year of a daily series is 366). */
export const OCCURRENCES_PER_LIST = 5_000;

export interface CalendarItem {
  /** The event, or for an occurrence its series. */
  readonly eventId: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly allDay: boolean;
  readonly title: string;
  readonly location: string;
  readonly notes: string;
  readonly assignee: string | null;
  readonly assignees: readonly string[];
  readonly present: (tz: string) => CalendarEvent;
}

const oneOff = (e: EventRecord): CalendarItem => ({
  ...e,
  eventId: e.id,
  assignee: e.assignee ?? null,
  assignees: assigneesOfRecord(e),
  present: (tz) => presentEvent(e, tz),
});
const occurrence = (e: EventRecord, o: Occurrence): CalendarItem => ({
  ...o,
  assignee: e.assignee ?? null,
  assignees: assigneesOfRecord(e),
  present: (tz) => presentOccurrence(e, o, tz),
});

const DAY_MS = 86_400_000;
const NONE: ReadonlySet<number> = new Set();
const byStart = (a: CalendarItem, b: CalendarItem) => a.startMs - b.startMs || a.endMs - b.endMs;

/** Everything overlapping [fromMs, toMs), by start. */
export function calendarItems(store: HouseholdStore, tz: string, fromMs: number, toMs: number): CalendarItem[] {
  const items: CalendarItem[] = store.events.overlapping(fromMs, toMs).map(oneOff);
  const series = store.events.seriesActiveIn(fromMs, toMs);
  const moved = store.events.overridesOverlapping(fromMs, toMs);
  // The common case (no series in sight) keeps the one query and its index order.
  if (series.length === 0 && moved.length === 0) return items;
  // Changed occurrences whose original start is near the window, for every series in one query.
  const longest = series.reduce((m, e) => Math.max(m, e.endMs - e.startMs), 0);
  const overridden = store.events.overriddenBetween(fromMs - longest - 2 * DAY_MS, toMs + 2 * DAY_MS);
  const byId = new Map(series.map((e) => [e.id, e]));
  const extra: CalendarItem[] = [];
  let budget = OCCURRENCES_PER_LIST;
  for (const e of series) {
    for (const o of occurrencesIn(e, tz, fromMs, toMs, overridden.get(e.id) ?? NONE)) {
      if (budget-- <= 0) break;
      extra.push(occurrence(e, o));
    }
  }
  for (const o of moved) {
    const e = byId.get(o.eventId) ?? store.events.get(o.eventId);
    if (e?.rrule && !e.exdates.includes(o.occurrenceMs)) extra.push(occurrence(e, overrideOccurrence(o)));
  }
  return merge(items, extra.sort(byStart));
}

/** Two lists sorted by start as one (the one-off events come sorted from their index). */
function merge(a: CalendarItem[], b: CalendarItem[]): CalendarItem[] {
  const out: CalendarItem[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = byStart(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** The occurrences of one series overlapping [fromMs, toMs), overrides applied, by start. */
export function seriesItems(store: HouseholdStore, e: EventRecord, tz: string, fromMs: number, toMs: number): Occurrence[] {
  const overrides = store.events.overridesOf(e.id);
  const keys = new Set(overrides.map((o) => o.occurrenceMs));
  const out = occurrencesIn(e, tz, fromMs, toMs, keys);
  for (const o of overrides)
    if (o.startMs < toMs && o.endMs > fromMs && !e.exdates.includes(o.occurrenceMs)) out.push(overrideOccurrence(o));
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** The first occurrence of a series (overrides applied) that starts after `afterMs`, looking two years ahead. */
export function nextOccurrence(store: HouseholdStore, e: EventRecord, tz: string, afterMs: number): Occurrence | undefined {
  const step = 90 * 86_400_000;
  for (let from = afterMs; from < afterMs + 8 * step; from += step) {
    const found = seriesItems(store, e, tz, from, from + step).find((o) => o.startMs > afterMs);
    if (found) return found;
  }
  return undefined;
}
