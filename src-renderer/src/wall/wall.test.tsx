import { act, cleanup, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChoreChart, HomeState } from '../../../src-shared';
import { useStore } from '../store';
import { WALL_STATE_KEY } from '../store/wall-slice';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { keepConnected } from './keep-connected';
import { inQuietHours } from './quiet-hours';
import { isWallAddress } from './wall-address';
import { WallDisplay } from './WallDisplay';

/** The fixture on Tuesday 1 Dec with a meal, a grocery and a two-person event today. */
function household(): HomeState {
  const data = homeFixture();
  const [dentist, ...rest] = data.events;
  return {
    ...data,
    events: [{ ...dentist!, assignee: 'mem_anna', assignees: ['mem_anna', 'mem_paul'] }, ...rest],
    meals: [
      {
        id: 'meal_1',
        date: '2026-12-01',
        meal: 'dinner',
        title: 'Linsensuppe',
        recipe_id: null,
        servings: 4,
        created_at: data.now,
        updated_at: data.now,
      },
    ],
  };
}

beforeEach(() => {
  resetStore();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T10:30:00+01:00'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.wall;
});

describe('the wall display', () => {
  it('shows today in large type, the week, today’s meals, the shopping list and what is due, with no control that changes anything', () => {
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<WallDisplay />);
    const today = screen.getByTestId('wall-today');
    expect(within(today).getByText('Zahnarzt')).toBeTruthy();
    expect(within(today).getByText('15:30–16:30')).toBeTruthy();
    // Both people's badges on the two-person event.
    expect(
      within(today)
        .getAllByTestId('member-badge')
        .map((b) => b.textContent),
    ).toEqual(['A', 'P']);
    const week = screen.getByTestId('wall-week');
    expect(week.querySelector('[data-date="2026-12-03"]')?.textContent).toContain('Elternabend');
    expect(screen.getByTestId('wall-meals').textContent).toContain('Linsensuppe');
    const shopping = screen.getByTestId('wall-shopping').textContent ?? '';
    for (const g of household().groceries.filter((x) => !x.checked)) expect(shopping).toContain(g.name);
    // The overdue task is due; the task without a date is not.
    const due = screen.getByTestId('wall-due').textContent ?? '';
    expect(due).toContain('Steuererklärung abgeben');
    expect(due).not.toContain('Fahrrad reparieren');
    expect(screen.getByTestId('wall-display').querySelectorAll('button, input, select, textarea, a[href]')).toHaveLength(0);
  });

  it('lists the chores still due with their person, each with a tick and nothing else to press', () => {
    const item = {
      title: 'Müll rausbringen',
      every: 'weekly',
      stars: 2,
      rotate: true,
      period: '2026-11-30',
      next_member_id: 'mem_anna',
    } as const;
    const member = { today: [], stars_week: 0, stars_spent: 0, stars_left: 0, rewards: [] };
    const chores: ChoreChart = {
      today: '2026-12-01',
      week: '2026-11-30',
      chores: [],
      members: [
        { ...member, member_id: 'mem_paul', week: [{ ...item, chore_id: 'chore_1', tick_id: null }] },
        { ...member, member_id: 'mem_anna', week: [{ ...item, chore_id: 'chore_2', title: 'Bad putzen', tick_id: 'tick_1' }] },
      ],
    };
    useStore.setState({ home: { status: 'ready', data: { ...household(), chores } } });
    render(<WallDisplay />);
    const due = screen.getByTestId('wall-due');
    const chore = due.querySelector('[data-kind="chore"]');
    expect(chore?.textContent).toContain('Müll rausbringen');
    expect(chore?.textContent).toContain('P');
    // Anna's chore is done this week: not due.
    expect(due.textContent).not.toContain('Bad putzen');
    expect(
      [...screen.getByTestId('wall-display').querySelectorAll('button, input, select, textarea, a[href]')].map((b) =>
        b.getAttribute('aria-label'),
      ),
    ).toEqual(['„Müll rausbringen“ erledigt (Paul)']);
  });

  it('dims in the viewer’s quiet hours and not outside them', () => {
    useStore.setState({ home: { status: 'ready', data: household() }, wallQuietHours: { start: '22:00', end: '07:00' } });
    render(<WallDisplay />);
    expect(screen.getByTestId('wall-display').dataset.dimmed).toBeUndefined();
    cleanup();
    useStore.setState({ wallQuietHours: { start: '10:00', end: '11:00' } });
    render(<WallDisplay />);
    expect(screen.getByTestId('wall-display').dataset.dimmed).toBe('true');
  });

  it('reads its clock off the state the master just sent, so its first paint does not wait for Intl', () => {
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    useStore.setState({ home: { status: 'ready', data: household() } });
    render(<WallDisplay />);
    expect(screen.getByTestId('wall-clock').textContent).toBe('10:30');
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
  });

  it('says since when it has no connection', () => {
    useStore.setState({ home: { status: 'ready', data: household() } });
    useStore.getState().markWallConnection(false, new Date('2026-12-01T09:15:00+01:00'));
    // A second loss keeps the first time.
    useStore.getState().markWallConnection(false, new Date('2026-12-01T09:45:00+01:00'));
    render(<WallDisplay />);
    expect(screen.getByTestId('wall-offline').textContent).toBe('Keine Verbindung seit 09:15 – das ist der letzte Stand.');
    act(() => useStore.getState().markWallConnection(true));
    expect(screen.queryByTestId('wall-offline')).toBeNull();
  });

  it('shows the weather an installed weather skill reports, and the viewer’s quiet hours', async () => {
    useStore.setState({ home: { status: 'ready', data: household() } });
    const api = fakeApi({
      'GET /api/notify/settings': () =>
        json({
          members: [
            { member_id: 'mem_anna', name: 'Anna', devices: 1, push: true, ntfy: false, quiet_hours: { start: '21:30', end: '06:30' } },
          ],
          ntfy_configured: false,
        }),
      'GET /api/skills': () =>
        json({
          skills: [
            {
              id: 'weather.local',
              enabled: true,
              actions: [{ name: 'forecast', tool: 'skill_weather_local_forecast', mutates: false }],
            },
          ],
          errors: [],
        } as never),
      'POST /api/tools/skill_weather_local_forecast': () =>
        json({ success: true, data: { summary: 'Sonnig, 4 °C' }, message: '', mutated: false }),
    });
    await useStore.getState().loadWallExtras();
    expect(useStore.getState().wallQuietHours).toEqual({ start: '21:30', end: '06:30' });
    render(<WallDisplay />);
    expect(screen.getByTestId('wall-weather').textContent).toBe('Sonnig, 4 °C');
    const call = api.calls.find((c) => c.path === '/api/tools/skill_weather_local_forecast');
    expect(call?.body).toEqual({ arguments: { location: 'Berlin' } });
  });

  it('without a weather skill the corner stays empty', async () => {
    useStore.setState({ home: { status: 'ready', data: household() } });
    fakeApi({
      'GET /api/notify/settings': () => json({ members: [], ntfy_configured: false }),
      'GET /api/skills': () => json({ skills: [], errors: [] }),
    });
    await useStore.getState().loadWallExtras();
    render(<WallDisplay />);
    expect(screen.queryByTestId('wall-weather')).toBeNull();
  });

  it('a start without the master shows the last state it saved', () => {
    localStorage.setItem(WALL_STATE_KEY, JSON.stringify(household()));
    useStore.getState().restoreWallState();
    render(<WallDisplay />);
    expect(within(screen.getByTestId('wall-today')).getByText('Zahnarzt')).toBeTruthy();
  });
});

describe('quiet hours', () => {
  it('run past midnight when their end is before their start; the end itself is not quiet', () => {
    const night = { start: '22:00', end: '07:00' } as const;
    expect(['22:00', '23:59', '00:00', '06:59'].map((t) => inQuietHours(t, night))).toEqual([true, true, true, true]);
    expect(['07:00', '12:00', '21:59'].map((t) => inQuietHours(t, night))).toEqual([false, false, false]);
    expect(inQuietHours('13:30', { start: '13:00', end: '15:00' })).toBe(true);
    expect(inQuietHours('12:00', null)).toBe(false);
  });
});

describe('the wall address', () => {
  it('is the app with ?wall', () => {
    expect(isWallAddress('?wall')).toBe(true);
    expect(isWallAddress('?screen=home')).toBe(false);
  });
});

/** An EventSource stand-in the test opens, fails and closes. */
class FakeSource {
  static opened: FakeSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

describe('keeping the wall display connected', () => {
  it('opens the stream again when the browser gave up on it, records when it was lost and saves each new state', async () => {
    FakeSource.opened = [];
    fakeApi({
      'GET /api/state': () => json(household()),
      'GET /api/health': () => json({ ok: true, version: '1', components: {} } as never),
    });
    const timers: (() => void)[] = [];
    const stop = keepConnected(useStore, {
      open: () => new FakeSource() as unknown as EventSource,
      setTimer: (run) => timers.push(run),
      clearTimer: () => {},
    });
    const first = FakeSource.opened[0]!;
    first.readyState = 1;
    first.onopen?.();
    await waitFor(() => expect(localStorage.getItem(WALL_STATE_KEY)).not.toBeNull());
    expect(useStore.getState().wallOfflineSince).toBeNull();

    // The master restarts and answers the stream with an error: the browser closes it for good.
    first.readyState = 2;
    first.onerror?.();
    expect(useStore.getState().wallOfflineSince).not.toBeNull();
    timers.shift()!();
    expect(FakeSource.opened).toHaveLength(2);
    const second = FakeSource.opened[1]!;
    second.readyState = 1;
    second.onopen?.();
    expect(useStore.getState().wallOfflineSince).toBeNull();
    // Connected: the next check opens nothing new.
    timers.shift()!();
    expect(FakeSource.opened).toHaveLength(2);
    stop();
  });
});
