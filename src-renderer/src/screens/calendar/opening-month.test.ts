import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { loadOpeningMonth, startOpeningMonth } from './opening-month';

beforeEach(() => {
  resetStore();
  // The household's today in the fixture: 1 December 2026.
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => vi.unstubAllGlobals());

const elternabend = (from: string): CalendarEvent => ({
  id: 'evt_1',
  title: `Elternabend ab ${from}`,
  start: '2026-12-09T19:00:00+01:00',
  end: '2026-12-09T20:00:00+01:00',
  all_day: false,
  location: '',
  notes: '',
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
  rrule: null,
  occurrence_start: null,
  overridden: false,
  assignee: null,
  assignees: [],
});

function calendarApi() {
  return fakeApi({
    'POST /api/tools/calendar_list': (body) => {
      const from = (body as { arguments: { from: { date: string } } }).arguments.from.date;
      return json({ success: true, message: 'ok', mutated: false, data: { from, to: from, events: [elternabend(from)] } });
    },
  });
}

const listCalls = (calls: readonly { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/tools/calendar_list').map((c) => (c.body as { arguments: unknown }).arguments);

describe('the opening month', () => {
  it('is asked for once, early, and the view mounting right after does not ask again', async () => {
    const { calls } = calendarApi();
    startOpeningMonth(new Date(2026, 11, 1, 10, 30));
    await loadOpeningMonth(useStore);
    // The month of 1 December 2026 in whole weeks: Monday 30 November, five weeks.
    expect(listCalls(calls)).toEqual([{ from: { kind: 'absolute', date: '2026-11-30' }, days: 35 }]);
    expect(useStore.getState().calendarWindow.data?.events.map((e) => e.title)).toEqual(['Elternabend ab 2026-11-30']);
    // What CalendarCard's effect does when it mounts.
    await useStore.getState().ensureCalendarWindow('2026-11-30', 35);
    expect(listCalls(calls)).toHaveLength(1);
    // A page to another month asks, as before.
    await useStore.getState().ensureCalendarWindow('2026-12-28', 42);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it("shows the household's month when the device's date is another one", async () => {
    const { calls } = calendarApi();
    // The device thinks it is still October: its early month is never used.
    startOpeningMonth(new Date(2026, 9, 31, 23, 30));
    await loadOpeningMonth(useStore);
    expect(listCalls(calls).map((a) => (a as { from: { date: string } }).from.date)).toEqual(['2026-09-28', '2026-11-30']);
    expect(useStore.getState().calendarWindow.data?.from).toBe('2026-11-30');
    expect(useStore.getState().calendarWindow.data?.events.map((e) => e.title)).toEqual(['Elternabend ab 2026-11-30']);
  });

  it('asks again after a failed load instead of keeping the error', async () => {
    let failing = true;
    const { calls } = fakeApi({
      'POST /api/tools/calendar_list': () =>
        failing
          ? json({ success: false, message: 'busy', mutated: false, error: { code: 'BUSY', message: 'Gerade beschäftigt' } })
          : json({
              success: true,
              message: 'ok',
              mutated: false,
              data: { from: '2026-11-30', to: '2027-01-04', events: [elternabend('2026-11-30')] },
            }),
    });
    await loadOpeningMonth(useStore);
    expect(useStore.getState().calendarWindow.status).toBe('error');
    failing = false;
    await useStore.getState().ensureCalendarWindow('2026-11-30', 35);
    expect(listCalls(calls)).toHaveLength(2);
    expect(useStore.getState().calendarWindow.status).toBe('ready');
  });
});
