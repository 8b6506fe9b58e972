import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent, HomeState } from '../../../../src-shared';
import { applyLanguage } from '../../i18n';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { CalendarScreen } from '../CalendarScreen';

const stamp = '2026-12-01T08:00:00+01:00';
const base = { location: '', notes: '', created_at: stamp, updated_at: stamp } as const;

/** Skiing over three whole days, and one Monday of a weekly gym series, beside the fixture's two events. */
const ski: CalendarEvent = {
  ...base,
  id: 'evt_ski',
  title: 'Skiurlaub',
  start: '2026-12-04T00:00:00+01:00',
  end: '2026-12-07T00:00:00+01:00',
  all_day: true,
  rrule: null,
  occurrence_start: null,
  overridden: false,
  assignee: null,
  assignees: [],
};
const gym: CalendarEvent = {
  ...base,
  id: 'evt_gym',
  title: 'Turnen',
  start: '2026-12-07T17:00:00+01:00',
  end: '2026-12-07T18:00:00+01:00',
  all_day: false,
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  occurrence_start: '2026-12-07T17:00:00+01:00',
  overridden: false,
  assignee: null,
  assignees: [],
};

function household(): HomeState {
  const data = homeFixture();
  return { ...data, events: [...data.events, ski, gym] };
}

const ok = () => json({ success: true, data: {}, message: 'ok', mutated: true });

/** The master's answers: the window of events, the state, and every calendar write accepted. */
function api(overrides: Partial<Record<'POST /api/tools/calendar_create' | 'POST /api/tools/calendar_update', () => Response>> = {}) {
  return fakeApi({
    'POST /api/tools/calendar_list': () =>
      json({ success: true, data: { from: '2026-11-30', to: '2027-01-04', events: household().events }, message: '', mutated: false }),
    'GET /api/state': () => json(household()),
    'POST /api/tools/calendar_create': overrides['POST /api/tools/calendar_create'] ?? ok,
    'POST /api/tools/calendar_update': overrides['POST /api/tools/calendar_update'] ?? ok,
    'POST /api/tools/calendar_delete': ok,
  });
}

function argsOf(calls: { path: string; body: unknown }[], tool: string): unknown[] {
  return calls.filter((c) => c.path === `/api/tools/${tool}`).map((c) => (c.body as { arguments: unknown }).arguments);
}

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: household() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('calendar views', () => {
  it('month: an event on its day, a multi-day event as one bar over its days, today marked', async () => {
    api();
    render(<CalendarScreen />);
    const month = screen.getByTestId('month-view');
    expect(within(screen.getByTestId('card-calendar')).getByRole('heading', { level: 2 }).textContent).toBe('Dezember 2026');
    const parents = within(month).getByRole('button', { name: /Elternabend/ });
    expect(parents.dataset.start).toBe('2026-12-03');
    expect(parents.dataset.span).toBe('1');
    const skiing = within(month).getByRole('button', { name: /Skiurlaub/ });
    expect([skiing.dataset.start, skiing.dataset.span]).toEqual(['2026-12-04', '3']);
    const today = month.querySelector('[aria-current="date"]') as HTMLElement;
    expect(today.dataset.date).toBe('2026-12-01');
    expect(month.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    await waitFor(() => expect(useStore.getState().calendarWindow.status).toBe('ready'));
  });

  it('week: events in their day columns, a multi-day event in each of its days; the choice is kept', () => {
    api();
    render(<CalendarScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Woche' }));
    const week = screen.getByTestId('week-view');
    const day = (date: string) => week.querySelector(`[data-date="${date}"]`) as HTMLElement;
    expect(week.querySelectorAll('.week-day')).toHaveLength(7);
    expect(day('2026-11-30')).toBeTruthy(); // the week starts on Monday
    expect(within(day('2026-12-03')).getByRole('button', { name: /Elternabend/ })).toBeTruthy();
    expect(within(day('2026-12-01')).getByRole('button', { name: /15:30.*Zahnarzt/ })).toBeTruthy();
    expect(day('2026-12-01').getAttribute('aria-current')).toBe('date');
    for (const date of ['2026-12-04', '2026-12-05', '2026-12-06']) expect(day(date).textContent).toContain('Skiurlaub');
    expect(day('2026-12-03').textContent).not.toContain('Skiurlaub');
    expect(JSON.parse(localStorage.getItem('jarvis.calendar') ?? '{}')).toEqual({ view: 'week' });
  });

  it('agenda: days in order with their events; delete of a one-off is undone by re-creating it', async () => {
    const calls = api().calls;
    useStore.getState().setCalendarView('agenda');
    render(<CalendarScreen />);
    const agenda = screen.getByTestId('agenda-view');
    const days = [...agenda.querySelectorAll<HTMLElement>('.agenda-day')].map((d) => d.dataset.date);
    expect(days).toEqual(['2026-12-01', '2026-12-03', '2026-12-04', '2026-12-07']);
    const today = agenda.querySelector('[data-date="2026-12-01"]') as HTMLElement;
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.textContent).toContain('Heute');
    expect(today.textContent).toContain('15:30–16:30');
    expect((agenda.querySelector('[data-date="2026-12-04"]') as HTMLElement).textContent).toContain('bis 6. Dez.');

    fireEvent.click(within(today).getByRole('button', { name: 'Löschen: Zahnarzt' }));
    expect(within(screen.getByTestId('agenda-view')).queryByRole('button', { name: 'Löschen: Zahnarzt' })).toBeNull(); // gone at once
    await waitFor(() => expect(argsOf(calls, 'calendar_delete')).toEqual([{ id: 'evt_1' }]));
    const notice = await waitFor(() => {
      const n = useStore.getState().notices.find((x) => x.action);
      expect(n?.text).toBe('Termin „Zahnarzt“ gelöscht.');
      return n!;
    });
    expect(notice.action?.label).toBe('Rückgängig');
    act(() => notice.action!.run());
    await waitFor(() =>
      expect(argsOf(calls, 'calendar_create')).toEqual([
        {
          title: 'Zahnarzt',
          when: { kind: 'absolute', date: '2026-12-01', time: '15:30' },
          duration_minutes: 60,
          location: 'Praxis Weber',
        },
      ]),
    );
  });
});

describe('deleting a multi-day all-day event', () => {
  it('goes at once with undo, and undo brings back all of its days', async () => {
    const calls = api().calls;
    useStore.getState().setCalendarView('agenda');
    render(<CalendarScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Löschen: Skiurlaub' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(argsOf(calls, 'calendar_delete')).toEqual([{ id: 'evt_ski' }]));
    const notice = await waitFor(() => {
      const n = useStore.getState().notices.find((x) => x.action);
      expect(n?.text).toBe('Termin „Skiurlaub“ gelöscht.');
      return n!;
    });
    act(() => notice.action!.run());
    await waitFor(() =>
      expect(argsOf(calls, 'calendar_create')).toEqual([
        { title: 'Skiurlaub', when: { kind: 'absolute', date: '2026-12-04' }, last_day: { kind: 'absolute', date: '2026-12-06' } },
      ]),
    );
  });
});

describe('the event editor', () => {
  function openNew() {
    fireEvent.click(screen.getByRole('button', { name: '+ Neuer Termin' }));
    return screen.getByRole('dialog', { name: 'Neuer Termin' });
  }

  it.each([
    ['daily', {}, 'FREQ=DAILY', 'Täglich'],
    ['weekly', { interval: '2' }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Alle 2 Wochen am Dienstag'],
    ['weekly', { add: 'Donnerstag' }, 'FREQ=WEEKLY;BYDAY=TU,TH', 'Jeden Dienstag und Donnerstag'],
    ['monthly', { monthDay: '1' }, 'FREQ=MONTHLY;BYMONTHDAY=1', 'Am 1. jedes Monats'],
    ['yearly', {}, 'FREQ=YEARLY', 'Jährlich'],
  ] as const)('repeat %s %j sends %s and says "%s"', async (kind, extra, rrule, words) => {
    const calls = api().calls;
    render(<CalendarScreen />);
    const dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Restmüll' } });
    fireEvent.change(within(dialog).getByLabelText('Beginn'), { target: { value: '2026-12-08' } });
    fireEvent.change(within(dialog).getByLabelText('Beginn Uhrzeit'), { target: { value: '07:00' } });
    fireEvent.change(within(dialog).getByLabelText('Wiederholen'), { target: { value: kind } });
    if ('interval' in extra) fireEvent.change(within(dialog).getByLabelText('Alle … Wochen'), { target: { value: extra.interval } });
    if ('add' in extra) fireEvent.click(within(dialog).getByRole('button', { name: extra.add }));
    if ('monthDay' in extra) fireEvent.change(within(dialog).getByLabelText('Am Tag des Monats'), { target: { value: extra.monthDay } });
    expect(within(dialog).getByTestId('rule-words').textContent).toBe(`Wiederholt sich: ${words}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(argsOf(calls, 'calendar_create')).toEqual([
      { title: 'Restmüll', when: { kind: 'absolute', date: '2026-12-08', time: '07:00' }, duration_minutes: 60, rrule },
    ]);
  });

  it('sends an all-day event without a time, with notes and location', async () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    const dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Oma Geburtstag' } });
    fireEvent.click(within(dialog).getByLabelText('Ganztägig'));
    fireEvent.change(within(dialog).getByLabelText('Ort'), { target: { value: 'Köln' } });
    fireEvent.change(within(dialog).getByLabelText('Notizen'), { target: { value: 'Kuchen mitbringen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(argsOf(calls, 'calendar_create')).toEqual([
      { title: 'Oma Geburtstag', when: { kind: 'absolute', date: '2026-12-01' }, location: 'Köln', notes: 'Kuchen mitbringen' },
    ]);
  });

  it('creates an all-day event over several days: its last day goes as last_day', async () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    const dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Weihnachtsferien' } });
    fireEvent.click(within(dialog).getByLabelText('Ganztägig'));
    fireEvent.change(within(dialog).getByLabelText('Beginn'), { target: { value: '2026-12-21' } });
    fireEvent.change(within(dialog).getByLabelText('Letzter Tag'), { target: { value: '2027-01-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(argsOf(calls, 'calendar_create')).toEqual([
      { title: 'Weihnachtsferien', when: { kind: 'absolute', date: '2026-12-21' }, last_day: { kind: 'absolute', date: '2027-01-05' } },
    ]);
  });

  it('moves a multi-day all-day event: the last day follows the first, the event keeps its days', async () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Skiurlaub/ }));
    const editor = screen.getByRole('dialog', { name: 'Termin bearbeiten' });
    expect((within(editor).getByLabelText('Letzter Tag') as HTMLInputElement).value).toBe('2026-12-06');
    fireEvent.change(within(editor).getByLabelText('Beginn'), { target: { value: '2026-12-11' } });
    expect((within(editor).getByLabelText('Letzter Tag') as HTMLInputElement).value).toBe('2026-12-13');
    fireEvent.click(within(editor).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(argsOf(calls, 'calendar_update')).toEqual([
      { id: 'evt_ski', when: { kind: 'absolute', date: '2026-12-11' }, last_day: { kind: 'absolute', date: '2026-12-13' } },
    ]);
  });

  it('refuses a last day before the first without asking the server', () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    const dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Ferien' } });
    fireEvent.click(within(dialog).getByLabelText('Ganztägig'));
    fireEvent.change(within(dialog).getByLabelText('Letzter Tag'), { target: { value: '2026-11-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(within(dialog).getByText('Das Ende liegt vor dem Beginn.')).toBeTruthy();
    expect(argsOf(calls, 'calendar_create')).toEqual([]);
  });

  it('keeps the input when the server refuses and marks the field with its message', async () => {
    api({
      'POST /api/tools/calendar_create': () =>
        json(
          {
            success: false,
            error: { code: 'INVALID_ARGUMENTS', message: 'Der Titel ist zu lang.', path: '/title' },
            message: 'Der Titel ist zu lang.',
            mutated: false,
          },
          400,
        ),
    });
    render(<CalendarScreen />);
    const dialog = openNew();
    const title = within(dialog).getByLabelText('Titel') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Elternsprechtag' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Der Titel ist zu lang.');
    expect(title.value).toBe('Elternsprechtag');
    expect(screen.getByRole('dialog', { name: 'Neuer Termin' })).toBeTruthy();
  });

  it('refuses a whitespace title without asking the server', () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    const dialog = openNew();
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(within(dialog).getByText('Bitte gib einen Titel ein.')).toBeTruthy();
    expect(argsOf(calls, 'calendar_create')).toEqual([]);
  });

  it('traps focus, closes on Escape and gives focus back to the button that opened it', () => {
    api();
    render(<CalendarScreen />);
    const opener = screen.getByRole('button', { name: '+ Neuer Termin' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Neuer Termin' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Titel'));
    const buttons = within(dialog).getAllByRole('button');
    buttons[buttons.length - 1]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Titel'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the rule of an existing series in words, in German and in English', async () => {
    api();
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Turnen/ }));
    expect(screen.getByTestId('rule-words').textContent).toBe('Wiederholt sich: Jeden Montag');
    await act(() => applyLanguage('en'));
    expect(screen.getByTestId('rule-words').textContent).toBe('Repeats: Every Monday');
  });
});

describe('changing one occurrence of a series', () => {
  it.each(['this', 'following', 'all'] as const)('an edit with "%s" sends the occurrence and the scope', async (scope) => {
    const calls = api().calls;
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Turnen/ }));
    const editor = screen.getByRole('dialog', { name: 'Termin bearbeiten' });
    fireEvent.change(within(editor).getByLabelText('Titel'), { target: { value: 'Turnen (Halle 2)' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Speichern' }));
    const ask = screen.getByTestId('scope-dialog');
    const label = { this: 'Nur diesen Termin', following: 'Diesen und alle folgenden', all: 'Alle Termine der Serie' }[scope];
    fireEvent.click(within(ask).getByRole('button', { name: label }));
    await waitFor(() =>
      expect(argsOf(calls, 'calendar_update')).toEqual([
        { id: 'evt_gym', title: 'Turnen (Halle 2)', occurrence_start: '2026-12-07T17:00:00+01:00', scope },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a changed rule cannot apply to "only this" occurrence', () => {
    api();
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Turnen/ }));
    const editor = screen.getByRole('dialog', { name: 'Termin bearbeiten' });
    fireEvent.change(within(editor).getByLabelText('Wiederholen'), { target: { value: 'none' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Speichern' }));
    const ask = screen.getByTestId('scope-dialog');
    expect(within(ask).queryByRole('button', { name: 'Nur diesen Termin' })).toBeNull();
    fireEvent.click(within(ask).getByRole('button', { name: 'Diesen und alle folgenden' }));
  });

  it.each(['this', 'following', 'all'] as const)('a delete with "%s" sends the occurrence and the scope', async (scope) => {
    const calls = api().calls;
    useStore.getState().setCalendarView('agenda');
    render(<CalendarScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Löschen: Turnen' }));
    const ask = screen.getByRole('alertdialog', { name: 'Wiederkehrenden Termin löschen' });
    const label = { this: 'Nur diesen Termin', following: 'Diesen und alle folgenden', all: 'Alle Termine der Serie' }[scope];
    fireEvent.click(within(ask).getByRole('button', { name: label }));
    await waitFor(() =>
      expect(argsOf(calls, 'calendar_delete')).toEqual([{ id: 'evt_gym', occurrence_start: '2026-12-07T17:00:00+01:00', scope }]),
    );
    // A series delete is confirmed by the choice, not undone.
    expect(useStore.getState().notices.some((n) => n.action)).toBe(false);
  });

  it('a delete asked from the editor, then cancelled, sends nothing', () => {
    const calls = api().calls;
    render(<CalendarScreen />);
    fireEvent.click(within(screen.getByTestId('month-view')).getByRole('button', { name: /Turnen/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Termin bearbeiten' })).getByRole('button', { name: 'Löschen' }));
    fireEvent.click(within(screen.getByTestId('scope-dialog')).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(argsOf(calls, 'calendar_delete')).toEqual([]);
  });
});
