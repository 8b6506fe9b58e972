// The calendar opened at start (last time's screen, or the address's): its month's events are
// asked for while the bundle still loads, and the first paint waits for them, so the month
// paints once with its events instead of with Home's few and then again.
import type { LocalDate } from '../../../../src-shared';
import { startEarly } from '../../early-requests';
import { wallClock } from '../../format/household-time';
import { calendarListArgs, readCalendarView } from '../../store/calendar-view';
import type { Store } from '../../store';
import { visibleRange } from './calendar-days';

/** The device's local date: the household's today nearly always, and only a guess (see below). */
function deviceToday(now: Date): LocalDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Sends the opening view's `calendar_list` for the device's today. Where the household's today
 * differs (a desktop in another zone, just after midnight), the view asks for its own window
 * and this answer is never taken.
 */
export function startOpeningMonth(now = new Date()): void {
  const { from, days } = visibleRange(readCalendarView(), deviceToday(now));
  startEarly('POST', '/api/tools/calendar_list', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: calendarListArgs(from, days) }),
  });
}

/** Loads the window the calendar view shows first, from the household's today (once the home state is in). */
export async function loadOpeningMonth(store: { getState(): Store }): Promise<void> {
  const s = store.getState();
  const home = s.home.data;
  if (!home) return;
  const anchor = s.calendarAnchor ?? wallClock(home.now, home.timezone).date;
  const { from, days } = visibleRange(s.calendarView, anchor);
  await s.ensureCalendarWindow(from, days);
}
