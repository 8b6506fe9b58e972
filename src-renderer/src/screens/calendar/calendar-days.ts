// Which days an event covers and where it sits in a week row: the arithmetic behind the
// month, week and agenda views, on local dates ("YYYY-MM-DD") of the household.
import type { CalendarEvent } from '../../../../src-shared';
import { addDays, daysBetween, wallClock, weekdayOf } from '../../format/household-time';
import { byCodePoint, byInstant } from '../../format/compare';
import type { CalendarView } from '../../store/calendar-view';

/** How many days the agenda shows from its first day. */
export const AGENDA_DAYS = 30;

/** The local days of one event, by time zone: the month grid asks for them about 50 times per event. */
const daysOf = new WeakMap<CalendarEvent, Map<string, EventDays>>();

interface EventDays {
  readonly first: string;
  readonly last: string;
}

/** The first and the last local day an event touches (an end at midnight belongs to the day before). */
export function eventDays(event: CalendarEvent, timeZone: string): EventDays {
  let byZone = daysOf.get(event);
  if (!byZone) daysOf.set(event, (byZone = new Map()));
  let days = byZone.get(timeZone);
  if (!days) byZone.set(timeZone, (days = computeEventDays(event, timeZone)));
  return days;
}

// Events are immutable in the store (a change replaces the object), so an answer kept per
// object and zone never goes stale.
function computeEventDays(event: CalendarEvent, timeZone: string): EventDays {
  const start = wallClock(event.start, timeZone);
  const end = wallClock(event.end, timeZone);
  const last = end.time === '00:00' && end.date > start.date ? addDays(end.date, -1) : end.date;
  return { first: start.date, last: last < start.date ? start.date : last };
}

/** One occurrence of a series and a one-off event alike: the id alone is not unique for a series. */
export function eventKey(event: CalendarEvent): string {
  return `${event.id}|${event.occurrence_start ?? ''}`;
}

/** An occurrence of a recurring series (asks "only this / following / all" when changed). */
export function isOccurrence(event: CalendarEvent): boolean {
  return Boolean(event.rrule);
}

/** Monday of the week that holds `date`. */
export function weekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The first day of the month that holds `date`. */
export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** The month that holds `date`, `delta` months on, as its first day. */
export function addMonths(date: string, delta: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The days a view shows for its anchor date: whole weeks for month and week, the day itself, 30 days for the agenda. */
export function visibleRange(view: CalendarView, anchor: string): { from: string; days: number } {
  if (view === 'week') return { from: weekStart(anchor), days: 7 };
  if (view === 'day') return { from: anchor, days: 1 };
  if (view === 'agenda') return { from: anchor, days: AGENDA_DAYS };
  const first = monthStart(anchor);
  const from = weekStart(first);
  const last = addDays(addMonths(first, 1), -1);
  return { from, days: daysBetween(from, addDays(weekStart(last), 7)) };
}

/** The anchor one page on (or back) in a view. */
export function pageAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : view === 'day' ? 1 : AGENDA_DAYS));
}

/** An event's piece inside one week row: its first column, how many columns, its lane (row). */
export interface Segment {
  readonly event: CalendarEvent;
  readonly col: number;
  readonly span: number;
  readonly lane: number;
  /** The event began before this row / goes on after it. */
  readonly continuesBefore: boolean;
  readonly continuesAfter: boolean;
  /** All-day or longer than one day: drawn as a bar. */
  readonly bar: boolean;
}

/** Bars first (longest first), then by start: the order a calendar stacks a week's events. */
function stackOrder(
  a: { event: CalendarEvent; span: number; bar: boolean },
  b: { event: CalendarEvent; span: number; bar: boolean },
): number {
  return (
    Number(b.bar) - Number(a.bar) || b.span - a.span || byInstant(a.event.start, b.event.start) || byCodePoint(a.event.title, b.event.title)
  );
}

/**
 * Lays out the events of the 7 days from `from` in lanes: each event gets the lowest lane
 * free on all its days, so a multi-day event is one bar across its columns.
 */
export function layoutWeek(events: readonly CalendarEvent[], from: string, timeZone: string): { segments: Segment[]; lanes: number } {
  const to = addDays(from, 6);
  const pieces = events
    .map((event) => {
      const { first, last } = eventDays(event, timeZone);
      if (last < from || first > to) return undefined;
      const startCol = Math.max(0, daysBetween(from, first));
      const endCol = Math.min(6, daysBetween(from, last));
      return {
        event,
        col: startCol,
        span: endCol - startCol + 1,
        continuesBefore: first < from,
        continuesAfter: last > to,
        bar: event.all_day || first !== last,
      };
    })
    .filter((p): p is NonNullable<typeof p> => p !== undefined)
    .sort(stackOrder);
  const used: boolean[][] = [];
  const segments = pieces.map((p) => {
    let lane = 0;
    while ((used[lane] ?? []).slice(p.col, p.col + p.span).some(Boolean)) lane++;
    const row = (used[lane] ??= []);
    for (let c = p.col; c < p.col + p.span; c++) row[c] = true;
    return { ...p, lane };
  });
  return { segments, lanes: used.length };
}

/** The events that touch `day`, all-day and multi-day ones first, then by start. */
export function eventsOn(events: readonly CalendarEvent[], day: string, timeZone: string): CalendarEvent[] {
  return events
    .filter((e) => {
      const { first, last } = eventDays(e, timeZone);
      return first <= day && day <= last;
    })
    .sort((a, b) => Number(b.all_day) - Number(a.all_day) || byInstant(a.start, b.start));
}
