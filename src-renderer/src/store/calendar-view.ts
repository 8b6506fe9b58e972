// The calendar's chosen view, readable before the store exists: the opening calendar asks for
// its month while the rest of the bundle still loads (`screens/calendar/opening-month.ts`).
import type { CalendarListArgs, LocalDate } from '../../../src-shared';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Where the view is kept, like the other UI choices. */
export const CALENDAR_VIEW_KEY = 'jarvis.calendar';

/** The view chosen last time; the month when none was, or the stored one is unreadable. */
export function readCalendarView(): CalendarView {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(CALENDAR_VIEW_KEY) ?? '{}') as { view?: string };
    return CALENDAR_VIEWS.includes(raw.view as CalendarView) ? (raw.view as CalendarView) : 'month';
  } catch {
    return 'month';
  }
}

/** The arguments of `calendar_list` for the days [from, from + days): one shape, so an early request and the view's own match. */
export function calendarListArgs(from: LocalDate, days: number): CalendarListArgs {
  return { from: { kind: 'absolute', date: from }, days };
}
