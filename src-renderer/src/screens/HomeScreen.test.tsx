import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentStatus, HomeState } from '../../../src-shared';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { HomeScreen } from './HomeScreen';

// Home on a seeded day: Tuesday 1 Dec 2026, 10:30 in Berlin.

const stamp = '2026-12-01T08:00:00+01:00';

function seededDay(
  system: Record<string, ComponentStatus> = {
    ollama: { state: 'ok', detail: 'qwen2.5:7b (tools) at http://127.0.0.1:11434' },
    store: { state: 'ok', detail: 'SQLite WAL' },
  },
): HomeState {
  const base = homeFixture();
  return {
    ...base,
    events: [
      {
        ...base.events[0]!,
        id: 'evt_now',
        title: 'Frühstück mit Oma',
        start: '2026-12-01T10:00:00+01:00',
        end: '2026-12-01T11:00:00+01:00',
        location: '',
      },
      ...base.events,
    ],
    tasks: [
      ...base.tasks,
      {
        id: 'task_4',
        title: 'Müll rausbringen',
        notes: '',
        due: '2026-12-01T00:00:00+01:00',
        priority: 'normal',
        status: 'open',
        tags: [],
        created_at: stamp,
        updated_at: stamp,
        assignee: null,
      },
      {
        id: 'task_5',
        title: 'Winterreifen',
        notes: '',
        due: '2026-12-05T00:00:00+01:00',
        priority: 'normal',
        status: 'open',
        tags: [],
        created_at: stamp,
        updated_at: stamp,
        assignee: null,
      },
    ],
    reminders: [
      ...base.reminders,
      {
        id: 'rem_2',
        text: 'Blumen gießen',
        at: '2026-12-01T09:00:00+01:00',
        source: 'manual',
        event_id: null,
        fired_at: '2026-12-01T09:00:05+01:00',
        created_at: stamp,
        assignee: null,
      },
      {
        id: 'rem_3',
        text: 'Zeitung abbestellen',
        at: '2026-12-02T09:00:00+01:00',
        source: 'manual',
        event_id: null,
        fired_at: null,
        created_at: stamp,
        assignee: null,
      },
    ],
    groceries: [...base.groceries, { ...base.groceries[0]!, id: 'groc_3', name: 'Brot', checked: true }],
    meals: [...base.meals, { ...base.meals[0]!, id: 'meal_2', meal: 'lunch', title: 'Linsensuppe', recipe_id: null, servings: 2 }],
    system,
  };
}

const ok = () => json({ success: true, data: {}, message: 'ok', mutated: true });
const card = (id: string) => within(screen.getByTestId(id));

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: seededDay() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Home shows the family’s day', () => {
  it('now and next, tasks due and overdue, today’s reminders and meals, the shopping count', () => {
    fakeApi({});
    render(<HomeScreen />);
    const events = card('card-next-event');
    expect(events.getByText('Jetzt · bis 11:00')).toBeTruthy();
    expect(events.getByText('Frühstück mit Oma')).toBeTruthy();
    expect(events.getByText('Heute 15:30')).toBeTruthy();

    const tasks = screen.getByTestId('card-open-tasks');
    // Overdue first, marked with its date; a task due later this week is not on Home.
    expect(
      within(tasks)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Erledigt: Steuererklärung abgeben', 'Erledigt: Müll rausbringen']);
    expect(within(tasks).getByText('überfällig · 30. Nov.')).toBeTruthy();
    expect(within(tasks).queryByText('Winterreifen')).toBeNull();
    expect(within(tasks).getByRole('button', { name: '2 weitere offene Aufgaben' })).toBeTruthy();

    const reminders = screen.getByTestId('card-reminders-today');
    expect(
      within(reminders)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Blumen gießen09:00 · ist fällig'), expect.stringContaining('Zahnarzt15:00')]);
    expect(within(reminders).queryByText('Zeitung abbestellen')).toBeNull();

    const meals = screen.getByTestId('card-meals-today');
    expect(
      within(meals)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MittagLinsensuppe2 Portionen', 'AbendSpaghetti Bolognese4 Portionen']);

    expect(card('card-shopping').getByText('2 Sachen auf der Liste')).toBeTruthy();
    expect(screen.getByTestId('card-greeting').textContent).toContain('2 Termine heute · 2 Aufgaben fällig');
  });

  it('shows no system telemetry: no status grid, no component names or details', () => {
    fakeApi({});
    const { container } = render(<HomeScreen />);
    expect(container.querySelector('.status-grid')).toBeNull();
    expect(screen.queryByTestId('home-attention')).toBeNull();
    expect(container.textContent).not.toMatch(/ollama|qwen|SQLite|127\.0\.0\.1/i);
  });

  it('ticking a task marks it done through tasks_update', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_update': ok, 'GET /api/state': () => json(seededDay()) });
    render(<HomeScreen />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Erledigt: Müll rausbringen' }));
    expect(api.calls[0]).toMatchObject({ path: '/api/tools/tasks_update', body: { arguments: { id: 'task_4', status: 'done' } } });
    expect(screen.queryByRole('checkbox', { name: 'Erledigt: Müll rausbringen' })).toBeNull();
    // The tasks come again, not the whole household.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/state?domains=tasks')).toBe(true));
  });

  it('a reminder is dismissed through reminders_delete (with undo) and snoozed through reminders_snooze', async () => {
    const api = fakeApi({
      'POST /api/tools/reminders_delete': ok,
      'POST /api/tools/reminders_snooze': ok,
      'GET /api/state': () => json(seededDay()),
    });
    render(<HomeScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Erledigt: Zahnarzt' }));
    expect(api.calls[0]).toMatchObject({ path: '/api/tools/reminders_delete', body: { arguments: { id: 'rem_1' } } });
    await waitFor(() => expect(useStore.getState().undoOffer).toBeDefined());

    api.calls.length = 0;
    // The same reminder moves: no new one that could lose its person.
    fireEvent.click(screen.getByRole('button', { name: 'In 1 Std. noch einmal erinnern: Blumen gießen' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/api/tools/reminders_snooze', '/api/state?domains=reminders']));
    expect(api.calls[0]!.body).toEqual({ arguments: { id: 'rem_2', minutes: 60 } });

    api.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'In 10 Min. noch einmal erinnern: Blumen gießen' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/api/tools/reminders_snooze', '/api/state?domains=reminders']));
    expect(api.calls[0]!.body).toEqual({ arguments: { id: 'rem_2', minutes: 10 } });
  });

  it('a reminder still to come shows at an hour after its own time while the snooze runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    fakeApi({
      'POST /api/tools/reminders_snooze': async () => {
        await gate;
        return ok();
      },
      'GET /api/state': () => json(seededDay()),
    });
    render(<HomeScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'In 1 Std. noch einmal erinnern: Zahnarzt' }));
    expect(useStore.getState().home.data?.reminders.find((r) => r.id === 'rem_1')?.at).toBe('2026-12-01T16:00:00+01:00');
    release();
  });

  it('one tap opens the shopping list, the meal plan, the calendar and the other tasks', () => {
    fakeApi({});
    render(<HomeScreen />);
    for (const [name, target] of [
      ['Liste öffnen', 'food'],
      ['Essensplan öffnen', 'food'],
      ['Kalender öffnen', 'calendar'],
      ['2 weitere offene Aufgaben', 'tasks'],
    ] as const) {
      useStore.setState({ screen: 'home' });
      fireEvent.click(screen.getByRole('button', { name }));
      expect(useStore.getState().screen, name).toBe(target);
    }
  });

  it('renders in English without a collator or Intl on the first render', async () => {
    fakeApi({});
    await act(() => applyLanguage('en'));
    const collator = vi.spyOn(String.prototype, 'localeCompare');
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    render(<HomeScreen />);
    expect(card('card-next-event').getByText('Now · until 11:00')).toBeTruthy();
    expect(card('card-open-tasks').getByText('overdue · Nov 30')).toBeTruthy();
    expect(card('card-reminders-today').getByText('09:00 · is due')).toBeTruthy();
    expect(card('card-meals-today').getByText('Linsensuppe')).toBeTruthy();
    expect(card('card-shopping').getByText('2 items on the list')).toBeTruthy();
    expect(screen.getByTestId('screen-home').textContent).not.toMatch(/Heute|Termin|Aufgabe|Erinnerung|Liste öffnen/);
    expect(collator).not.toHaveBeenCalled();
    expect(intl).not.toHaveBeenCalled();
  });
});

describe('Home’s attention sentence', () => {
  const withSystem = (system: Record<string, ComponentStatus>) => useStore.setState({ home: { status: 'ready', data: seededDay(system) } });

  it('shows only when something needs the household, in plain words and the UI language', async () => {
    fakeApi({});
    withSystem({ ollama: { state: 'off', detail: 'not checked yet (http://127.0.0.1:11434)' } });
    const { unmount } = render(<HomeScreen />);
    expect(screen.queryByTestId('home-attention')).toBeNull();
    unmount();

    const cases: [Record<string, ComponentStatus>, string][] = [
      [
        { ollama: { state: 'error', detail: 'Ollama ist unter http://127.0.0.1:9 nicht erreichbar (ECONNREFUSED).' } },
        'Der Assistent erreicht sein Sprachmodell gerade nicht – Befehle wie „Was steht morgen an?“ funktionieren trotzdem.',
      ],
      [
        { ollama: { state: 'degraded', detail: 'In Ollama ist kein Modell installiert (OLLAMA_MODEL=auto).' } },
        'Der Sprachassistent ist nicht eingerichtet – in Wissen & System steht, was fehlt.',
      ],
      [
        { ollama: { state: 'ok', detail: '' }, store: { state: 'error', detail: 'SQLITE_CANTOPEN at JARVIS_DATA' } },
        'Die Haushaltsdaten können gerade nicht gelesen oder gespeichert werden – in Wissen & System steht, warum.',
      ],
    ];
    for (const [system, sentence] of cases) {
      withSystem(system);
      const view = render(<HomeScreen />);
      const attention = screen.getByTestId('home-attention');
      expect(within(attention).getByText(sentence)).toBeTruthy();
      expect(attention.textContent).not.toMatch(/[A-Z]+_[A-Z]+|ECONN|127\.0\.0\.1|ollama/i);
      fireEvent.click(within(attention).getByRole('button', { name: 'Wissen & System öffnen' }));
      expect(useStore.getState().screen).toBe('system');
      view.unmount();
    }

    await act(() => applyLanguage('en'));
    withSystem({ ollama: { state: 'error', detail: 'Ollama ist unter http://127.0.0.1:9 nicht erreichbar (ECONNREFUSED).' } });
    render(<HomeScreen />);
    expect(screen.getByTestId('home-attention').textContent).toBe(
      'The assistant cannot reach its language model right now – commands like “What’s on tomorrow?” still work.Open Knowledge & System',
    );
  });
});
