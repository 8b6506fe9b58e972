import { cleanup, fireEvent, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { useStore } from '../store';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { skillFixture, voiceStatusFixture } from '../testing/wire-fixtures';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { CalendarScreen } from './CalendarScreen';
import { HomeScreen } from './HomeScreen';
import { KanbanScreen, moveCard } from './KanbanScreen';
import { SystemScreen } from './SystemScreen';
import { TasksScreen } from './TasksScreen';

const ok = () => json({ success: true, data: {}, message: 'ok', mutated: true });

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Home', () => {
  it('shows the next event, the tasks due and today’s meal in the household time zone', () => {
    fakeApi({});
    render(<HomeScreen />);
    const next = screen.getByTestId('card-next-event');
    expect(within(next).getByText('Zahnarzt')).toBeTruthy();
    expect(within(next).getByText('Heute 15:30')).toBeTruthy();
    expect(within(screen.getByTestId('card-open-tasks')).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(screen.getByTestId('card-meals-today')).getByText('Spaghetti Bolognese')).toBeTruthy();
  });
  it('picks the next event by time, not by the text of its timestamp, without a collator on the first render', () => {
    fakeApi({});
    const data = homeFixture();
    const at = (id: string, title: string, start: string, end: string) => ({ ...data.events[0]!, id, title, start, end });
    // Written in another offset, the later event's text sorts first.
    const events = [
      at('evt_late', 'Spät', '2026-12-01T16:00:00+01:00', '2026-12-01T17:00:00+01:00'),
      at('evt_early', 'Früh', '2026-12-01T15:00:00+02:00', '2026-12-01T16:00:00+02:00'),
    ];
    useStore.setState({ home: { status: 'ready', data: { ...data, events } } });
    // localeCompare builds an ICU collator on its first call: tens of milliseconds before Home shows.
    const collator = vi.spyOn(String.prototype, 'localeCompare');
    render(<HomeScreen />);
    expect(within(screen.getByTestId('card-next-event')).getByText('Früh')).toBeTruthy();
    expect(collator).not.toHaveBeenCalled();
  });
});

describe('Kalender', () => {
  it('deletes a reminder optimistically', async () => {
    fakeApi({ 'POST /api/tools/reminders_delete': ok, 'GET /api/state': () => json(homeFixture()) });
    render(<CalendarScreen />);
    // The card below the month mounts a frame after it.
    fireEvent.click(within(await screen.findByTestId('card-reminders')).getByRole('button', { name: 'Löschen: Zahnarzt' }));
    expect(useStore.getState().home.data?.reminders).toEqual([]);
  });
});

describe('Aufgaben', () => {
  it('shows KPIs including overdue tasks', () => {
    fakeApi({});
    render(<TasksScreen />);
    const kpis = screen.getByTestId('task-kpis');
    expect(kpis.textContent).toContain('1Offen');
    expect(kpis.textContent).toContain('1In Arbeit');
    expect(kpis.textContent).toContain('1Erledigt');
    expect(kpis.textContent).toContain('1Überfällig');
  });
});

describe('Kanban', () => {
  it('moves a dropped card and marks it as a manual override', () => {
    const api = fakeApi({ 'POST /api/tools/kanban_move': ok, 'GET /api/state': () => json(homeFixture()) });
    render(<KanbanScreen />);
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(screen.getByTestId('kcard-card_1'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('kcol-DONE'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('kcol-DONE'), { dataTransfer });
    expect(api.calls.find((c) => c.path === '/api/tools/kanban_move')?.body).toEqual({ arguments: { id: 'card_1', column: 'DONE' } });
    expect(within(screen.getByTestId('kcol-DONE')).getByText('Steuererklärung abgeben')).toBeTruthy();
  });

  it('moveCard appends to the target column and renumbers it', () => {
    const s = moveCard(homeFixture(), 'card_1', 'DOING');
    const doing = s.kanban.filter((c) => c.column === 'DOING').sort((a, b) => a.order - b.order);
    expect(doing.map((c) => [c.id, c.order, c.manual_override])).toEqual([
      ['card_2', 0, false],
      ['card_1', 1, true],
    ]);
  });
});

describe('Wissen & System', () => {
  it('shows a failed list inside its own card', () => {
    const broken = () => apiError('INTERNAL', 'Dienst gestört', 500);
    fakeApi({
      'GET /api/rag/documents': broken,
      'GET /api/skills': broken,
      'GET /api/mesh/workers': broken,
      'GET /api/docker/skill-services': broken,
      'GET /api/voice/status': broken,
    });
    render(<SystemScreen />);
    return Promise.all([
      useStore.getState().loadDocuments(),
      useStore.getState().loadSkills(),
      useStore.getState().loadWorkers(),
      useStore.getState().loadContainers(),
      useStore.getState().loadVoiceStatus(),
    ]).then(() => {
      expect(screen.getAllByText(/Dienst gestört/).length).toBe(5);
    });
  });

  it('reloads one worker’s skills with a labelled button, and shows what it offers afterwards', async () => {
    const worker = (skills: string[]) => ({
      id: 'wrk_1',
      name: 'python-main',
      runtime: 'python',
      endpoint: 'http://10.0.0.7:7070',
      enrolled_at: '2026-12-01T10:00:00Z',
      last_heartbeat_at: '2026-12-01T10:00:00Z',
      lease_left_ms: 20_000,
      skills: skills.map((id) => ({ id, name: id, version: '1.0.0', actions: ['run'] })),
      calls: 0,
      failures: 0,
    });
    let reloaded = false;
    const api = fakeApi({
      'GET /api/mesh/workers': () => json({ enabled: true, workers: [worker(reloaded ? ['weather', 'news'] : ['weather'])] }),
      'POST /api/mesh/workers/wrk_1/reload': () => {
        reloaded = true;
        return json({
          ok: true,
          name: 'python-main',
          runtime: 'python',
          enrolled: true,
          skills: ['weather', 'news'],
          errors: [],
          worker_id: 'wrk_1',
        });
      },
    });
    render(<SystemScreen />);
    await useStore.getState().loadWorkers();
    const card = screen.getByTestId('card-workers');
    const button = await within(card).findByRole('button', { name: 'Skills neu laden: python-main' });
    expect(button.textContent).toContain('Skills neu laden');
    fireEvent.click(button);
    expect(await within(card).findByText(/2 Skills|2 skill/)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/mesh/workers/wrk_1/reload')).toBe(true);
  });

  it('shows the STT state with its reason and the skill errors', async () => {
    fakeApi({
      'GET /api/voice/status': () =>
        json(
          voiceStatusFixture({
            stt: { state: 'MODEL', bin: '/usr/local/bin/whisper-cli', language: 'de', errors: ['/models/ggml-small.bin fehlt'] },
          }),
        ),
      'GET /api/skills': () =>
        json({
          skills: [
            skillFixture(),
            skillFixture({
              id: 'topic-research',
              name: 'topic-research',
              format: 'openjarvis',
              enabled: false,
              unavailable: "step 2 uses OpenJarvis's built-in tool web_search, which JARVIS does not provide",
            }),
          ],
          errors: [{ source: 'skills/broken', message: 'skill.json: id fehlt' }],
        }),
    });
    render(<SystemScreen />);
    await useStore.getState().loadVoiceStatus();
    await useStore.getState().loadSkills();
    expect(await screen.findByText('/models/ggml-small.bin fehlt')).toBeTruthy();
    expect(
      screen
        .getAllByText('MODEL')
        .find((e) => e.classList.contains('stt-chip'))
        ?.getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByText(/skill.json: id fehlt/)).toBeTruthy();
    // Why a skill is not offered: the step tool it lacks.
    expect(screen.getByText(/web_search, which JARVIS does not provide/).parentElement?.textContent).toMatch(/^Nicht verfügbar: step 2/);
  });
});

describe('Assistant panel', () => {
  it('answers a pending confirmation with exactly "ja"', async () => {
    const api = fakeApi({
      'POST /api/agent/chat': (body) =>
        json(
          (body as { message: string }).message === 'ja'
            ? {
                reply: 'Gelöscht.',
                tool_calls: [
                  { tool: 'calendar_delete', arguments: { id: 'evt_1' }, result: { success: true, message: 'gelöscht', mutated: true } },
                ],
                trace_id: 'tr_2',
                source: 'pending',
              }
            : {
                reply: 'Soll ich löschen?',
                tool_calls: [],
                pending: {
                  tool: 'calendar_delete',
                  arguments: { id: 'evt_1' },
                  summary: 'Termin löschen',
                  expires_at: '2026-12-01T10:35:00+01:00',
                },
                trace_id: 'tr_1',
                source: 'model',
              },
        ),
    });
    render(<App />);
    fireEvent.change(screen.getByLabelText('Nachricht an JARVIS'), { target: { value: 'Lösch den Zahnarzt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ja' }));
    await screen.findByText('Gelöscht.');
    const sent = api.calls.filter((c) => c.path === '/api/agent/chat').map((c) => (c.body as { message: string }).message);
    expect(sent).toEqual(['Lösch den Zahnarzt', 'ja']);
    expect(screen.queryByRole('button', { name: 'Ja' })).toBeNull();
    expect(screen.getByText('Kalender: Termin gelöscht')).toBeTruthy();
    expect(screen.queryByText(/calendar_delete/)).toBeNull();
  });
});
