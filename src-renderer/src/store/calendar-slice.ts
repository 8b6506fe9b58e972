import type { StateCreator } from 'zustand';
import type { CalendarEvent, HomeToolArgs, HomeToolData, LocalDate, ToolResult } from '../../../src-shared';
import { callTool } from '../api';
import { failed, loading, type Resource } from './resource';
import { CALENDAR_VIEW_KEY, calendarListArgs, readCalendarView, type CalendarView } from './calendar-view';
import type { Store } from './index';

export { CALENDAR_VIEWS, type CalendarView } from './calendar-view';

export type CalendarTool = 'calendar_create' | 'calendar_update' | 'calendar_delete';

/** The events of the days a calendar view shows (occurrences of series expanded by the master). */
export interface CalendarWindow {
  readonly from: LocalDate;
  readonly days: number;
  readonly events: readonly CalendarEvent[];
}

/**
 * How long a window asked for counts as fresh for `ensureCalendarWindow`: the opening calendar
 * asks for its month at start and again when the view mounts, moments later.
 */
const FRESH_MS = 5000;

export interface CalendarSlice {
  /** Month, week or agenda; kept in localStorage like the other UI choices. */
  calendarView: CalendarView;
  /** The day the view is paged to; null follows today. */
  calendarAnchor: LocalDate | null;
  calendarWindow: Resource<CalendarWindow>;
  setCalendarView(view: CalendarView): void;
  setCalendarAnchor(anchor: LocalDate | null): void;
  /** Loads the events of [from, from + days) through calendar_list. */
  loadCalendarWindow(from: LocalDate, days: number): Promise<void>;
  /**
   * The same, unless that window is already on its way or was loaded in the last seconds: the
   * view's first mount after the opening calendar's own request does not ask twice.
   */
  ensureCalendarWindow(from: LocalDate, days: number): Promise<void>;
  /** Loads the current window again (after a change); nothing before the first load. */
  refreshCalendar(): Promise<void>;
  /**
   * Runs a calendar write and refreshes what shows it. Rejects with the server's ApiError
   * (its `path` names the refused argument), so a form can keep its input and mark the field.
   */
  writeCalendar<N extends CalendarTool>(tool: N, args: HomeToolArgs[N]): Promise<ToolResult<HomeToolData[N]>>;
  /** Takes events out of view at once while their delete is on its way; the returned function puts them back. */
  hideCalendarEvents(match: (event: CalendarEvent) => boolean): () => void;
}

let requested = '';

export const createCalendarSlice: StateCreator<Store, [], [], CalendarSlice> = (set, get) => {
  /** The last window asked for: its key, when, and its request. */
  let last: { key: string; at: number; done: Promise<void> } | undefined;

  async function load(key: string, from: LocalDate, days: number): Promise<void> {
    requested = key;
    const current = get().calendarWindow;
    const same = current.data?.from === from && current.data.days === days;
    if (!same) set({ calendarWindow: loading(current) });
    try {
      const result = await callTool('calendar_list', calendarListArgs(from, days));
      // A later page asked meanwhile: this answer is for a window no longer shown.
      if (requested !== key) return;
      set({ calendarWindow: { status: 'ready', data: { from, days, events: result.data?.events ?? [] } } });
    } catch (e) {
      if (requested === key) set({ calendarWindow: failed(get().calendarWindow, e) });
    }
  }

  return {
    calendarView: readCalendarView(),
    calendarAnchor: null,
    calendarWindow: { status: 'idle' },
    setCalendarView(view) {
      set({ calendarView: view });
      try {
        globalThis.localStorage?.setItem(CALENDAR_VIEW_KEY, JSON.stringify({ view }));
      } catch {
        // Private mode or a full quota: the choice just does not survive a restart.
      }
    },
    setCalendarAnchor(anchor) {
      set({ calendarAnchor: anchor });
    },
    loadCalendarWindow(from, days) {
      const key = `${from}|${days}`;
      const done = load(key, from, days);
      last = { key, at: Date.now(), done };
      return done;
    },
    ensureCalendarWindow(from, days) {
      const key = `${from}|${days}`;
      const status = get().calendarWindow.status;
      const fresh = last?.key === key && Date.now() - last.at < FRESH_MS && status !== 'error' && status !== 'idle';
      return fresh && last ? last.done : get().loadCalendarWindow(from, days);
    },
    async refreshCalendar() {
      const data = get().calendarWindow.data;
      if (data) await get().loadCalendarWindow(data.from, data.days);
    },
    async writeCalendar(tool, args) {
      const result = await callTool(tool, args);
      await Promise.all([get().refreshCalendar(), get().loadHomeParts(['calendar'])]);
      return result;
    },
    hideCalendarEvents(match) {
      const before = get().calendarWindow;
      const home = get().home;
      if (before.status === 'ready')
        set({ calendarWindow: { status: 'ready', data: { ...before.data, events: before.data.events.filter((e) => !match(e)) } } });
      if (home.status === 'ready')
        set({ home: { status: 'ready', data: { ...home.data, events: home.data.events.filter((e) => !match(e)) } } });
      return () => set({ calendarWindow: before, home });
    },
  };
};
