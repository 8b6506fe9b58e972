// What the household relies on in the everyday forms: nothing typed is lost, every delete
// and tick can be taken back, an entry made offline arrives exactly once.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeState } from '../../../src-shared';
import { ActionToasts } from '../components/ActionToasts';
import { MicButton } from '../components/MicButton';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { voiceStatusFixture } from '../testing/wire-fixtures';
import { DocumentSearch } from './DocumentSearch';
import { FoodScreen } from './FoodScreen';
import { KanbanScreen } from './KanbanScreen';
import { TasksScreen } from './TasksScreen';

const ok = (data: object = {}) => json({ success: true, data, message: 'ok', mutated: true });

function withState(change: (s: HomeState) => HomeState = (s) => s): void {
  useStore.setState({ home: { status: 'ready', data: change(homeFixture()) } });
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  resetStore();
  useStore.setState({ outbox: [], undoOffer: undefined });
  withState();
});
afterEach(() => {
  cleanup();
  setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a refused form', () => {
  it('keeps what was typed and marks the field the master named, in the UI language', async () => {
    const api = fakeApi({
      'POST /api/tools/tasks_create': () => apiError('INVALID_TIME', 'Den 31.02.2027 gibt es nicht.', 422, '/due/date'),
    });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    const title = within(form).getByLabelText('Neue Aufgabe') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Reifen wechseln' } });
    fireEvent.change(within(form).getByLabelText('Fällig'), { target: { value: '2027-02-28' } });
    fireEvent.change(within(form).getByLabelText('Priorität'), { target: { value: 'high' } });
    fireEvent.submit(form);
    const due = within(form).getByLabelText('Fällig') as HTMLInputElement;
    expect(await within(form).findByText('Dieses Datum gibt es nicht.')).toBeTruthy();
    expect(due.getAttribute('aria-invalid')).toBe('true');
    expect(title.value).toBe('Reifen wechseln');
    expect(due.value).toBe('2027-02-28');
    expect((within(form).getByLabelText('Priorität') as HTMLSelectElement).value).toBe('high');
    expect(api.calls).toHaveLength(1);
  });

  it('refuses a title of only spaces at the field, keeping it', () => {
    const api = fakeApi({});
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    const title = within(form).getByLabelText('Neue Aufgabe') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(within(form).getByText('Bitte ausfüllen – nur Leerzeichen zählen nicht.')).toBeTruthy();
    expect(title.value).toBe('   ');
    expect(api.calls).toEqual([]);
  });

  it('takes its maxlength from the tool schema and resets the priority after adding', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_create': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<TasksScreen />);
    const form = screen.getByTestId('task-create-form');
    const title = within(form).getByLabelText('Neue Aufgabe') as HTMLInputElement;
    expect(title.maxLength).toBe(200);
    fireEvent.change(title, { target: { value: 'Keller aufräumen' } });
    fireEvent.change(within(form).getByLabelText('Priorität'), { target: { value: 'high' } });
    fireEvent.submit(form);
    await waitFor(() => expect(title.value).toBe(''));
    expect((within(form).getByLabelText('Priorität') as HTMLSelectElement).value).toBe('normal');
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_create')?.body).toMatchObject({
      arguments: { title: 'Keller aufräumen', priority: 'high' },
    });
  });

  it('lists overdue tasks first and says they are overdue', () => {
    fakeApi({});
    withState((s) => ({ ...s, tasks: s.tasks.map((t) => (t.id === 'task_1' ? { ...t, priority: 'low' as const } : t)) }));
    render(<TasksScreen />);
    const rows = within(screen.getByTestId('card-tasks')).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Steuererklärung abgeben');
    expect(within(rows[0]!).getByText('überfällig')).toBeTruthy();
  });
});

describe('undo', () => {
  it('brings a deleted task back with its title, priority, due date and person (everyone’s stays everyone’s)', async () => {
    const api = fakeApi({
      'POST /api/tools/tasks_delete': () => ok(),
      'POST /api/tools/tasks_create': () => ok({ id: 'task_9' }),
      'GET /api/state': () => json(homeFixture()),
    });
    render(
      <>
        <TasksScreen />
        <ActionToasts />
      </>,
    );
    fireEvent.click(screen.getByLabelText('Löschen: Steuererklärung abgeben'));
    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('„Steuererklärung abgeben“ gelöscht');
    fireEvent.click(within(toast).getByText('Rückgängig'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tools/tasks_create')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_create')?.body).toEqual({
      arguments: {
        title: 'Steuererklärung abgeben',
        priority: 'high',
        tags: ['finanzen'],
        due: { kind: 'absolute', date: '2026-11-30' },
        assignee: 'everyone',
      },
    });
    expect(screen.queryByTestId('undo-toast')).toBeNull();
  });

  it('a "done" tick offers undo, which sets the previous status again', async () => {
    const api = fakeApi({ 'POST /api/tools/tasks_update': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(
      <>
        <TasksScreen />
        <ActionToasts />
      </>,
    );
    fireEvent.click(screen.getByLabelText('„Fahrrad reparieren“ erledigt'));
    fireEvent.click(within(await screen.findByTestId('undo-toast')).getByText('Rückgängig'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/tools/tasks_update')).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === '/api/tools/tasks_update').map((c) => c.body)).toEqual([
      { arguments: { id: 'task_2', status: 'done' } },
      { arguments: { id: 'task_2', status: 'in_progress' } },
    ]);
  });
});

describe('the outbox', () => {
  it('keeps an entry made offline and sends it once when the connection returns', async () => {
    let created = 0;
    const api = fakeApi({
      'POST /api/tools/tasks_create': () => (created++, ok({ id: 'task_9' })),
      'GET /api/state': () => json(homeFixture()),
    });
    setOnline(false);
    render(
      <>
        <TasksScreen />
        <ActionToasts />
      </>,
    );
    const form = screen.getByTestId('task-create-form');
    fireEvent.change(within(form).getByLabelText('Neue Aufgabe'), { target: { value: 'Blumen gießen' } });
    fireEvent.submit(form);
    expect((await screen.findByTestId('outbox')).textContent).toContain('Blumen gießen');
    expect(created).toBe(0);
    expect(JSON.parse(localStorage.getItem('jarvis.outbox') ?? '[]')).toHaveLength(1);

    setOnline(true);
    // Both signals arrive on a real reconnect: the browser's and the event stream's.
    await act(async () => {
      await Promise.all([useStore.getState().flushOutbox(), useStore.getState().flushOutbox()]);
    });
    await act(() => useStore.getState().flushOutbox());
    expect(created).toBe(1);
    const sent = api.calls.find((c) => c.path === '/api/tools/tasks_create')?.body as { arguments: { client_id?: string } };
    expect(sent.arguments.client_id).toMatch(/^ui-/);
    expect(screen.queryByTestId('outbox')).toBeNull();
    expect(localStorage.getItem('jarvis.outbox')).toBeNull();
  });

  it('a create whose request fails on the network waits instead of being lost', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const outcome = await useStore.getState().create('groceries_add', { name: 'Brot' }, 'Brot');
    expect(outcome).toEqual({ status: 'queued' });
    expect(useStore.getState().outbox.map((e) => e.label)).toEqual(['Brot']);
  });
});

describe('the shopping list', () => {
  it('reads "1/2 TL Zimt" in the item field and sends name, amount and unit', async () => {
    const api = fakeApi({ 'POST /api/tools/groceries_add': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<FoodScreen />);
    const form = screen.getByTestId('grocery-create-form');
    const field = within(form).getByLabelText('Artikel (z. B. 2 Liter Milch)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1/2 TL Zimt' } });
    expect(within(form).getByText('Verstanden: ½ TL Zimt')).toBeTruthy();
    fireEvent.submit(form);
    await waitFor(() => expect(field.value).toBe(''));
    expect(api.calls.find((c) => c.path === '/api/tools/groceries_add')?.body).toMatchObject({
      arguments: { name: 'Zimt', quantity: 0.5, unit: 'TL' },
    });
  });

  it('says when it cannot read an amount, keeps the text and sends nothing', () => {
    const api = fakeApi({});
    render(<FoodScreen />);
    const form = screen.getByTestId('grocery-create-form');
    const field = within(form).getByLabelText('Artikel (z. B. 2 Liter Milch)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '3-4 Tomaten' } });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toContain('Die Menge „3-4“ kann ich nicht lesen.');
    expect(field.value).toBe('3-4 Tomaten');
    expect(api.calls).toEqual([]);
  });

  it('shows "2 Liter milch" merged into the open "Milch" item at once', async () => {
    let release: () => void = () => undefined;
    fakeApi({ 'POST /api/tools/groceries_add': () => new Promise((r) => (release = () => r(ok()))) });
    render(<FoodScreen />);
    const form = screen.getByTestId('grocery-create-form');
    fireEvent.change(within(form).getByLabelText('Artikel (z. B. 2 Liter Milch)'), { target: { value: '2 Liter milch' } });
    expect(within(form).getByText('Milch steht schon auf der Liste – wird zusammengezählt. Dann: 3 l')).toBeTruthy();
    fireEvent.submit(form);
    const dairy = screen.getByTestId('aisle-dairy');
    expect(within(dairy).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dairy).getByText('3 l')).toBeTruthy();
    release();
  });

  it('"2 Packungen Milch" joins the open "1 l Milch" line as a second amount at once', async () => {
    let release: () => void = () => undefined;
    fakeApi({ 'POST /api/tools/groceries_add': () => new Promise((r) => (release = () => r(ok()))) });
    render(<FoodScreen />);
    const form = screen.getByTestId('grocery-create-form');
    fireEvent.change(within(form).getByLabelText('Artikel (z. B. 2 Liter Milch)'), { target: { value: '2 Packungen Milch' } });
    expect(within(form).getByText('Milch steht schon auf der Liste – wird zusammengezählt. Dann: 1 l + 2 Packungen')).toBeTruthy();
    fireEvent.submit(form);
    const dairy = screen.getByTestId('aisle-dairy');
    expect(within(dairy).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dairy).getByTestId('grocery-amounts').textContent).toBe('1 l + 2 Packungen');
    release();
  });

  for (const [language, shown] of [
    ['de', ['1,5 l + 2', '½ TL', '2,5 kg']],
    ['en', ['1.5 l + 2', '½ tsp', '2.5 kg']],
  ] as const) {
    it(`${language}: a line shows every amount it holds`, async () => {
      useStore.setState({ language });
      await applyLanguage(language);
      withState((s) => ({
        ...s,
        groceries: [
          {
            ...s.groceries[0]!,
            amounts: [
              { quantity: 1.5, unit: 'l' },
              { quantity: 2, unit: null },
            ],
            quantity: 1.5,
            unit: 'l',
          },
          { ...s.groceries[0]!, id: 'groc_3', name: 'Zimt', amounts: [{ quantity: 0.5, unit: 'TL' }], quantity: 0.5, unit: 'TL' },
          { ...s.groceries[0]!, id: 'groc_4', name: 'Mehl', amounts: [{ quantity: 2.5, unit: 'kg' }], quantity: 2.5, unit: 'kg' },
        ],
      }));
      render(<FoodScreen />);
      const amounts = ['Milch', 'Zimt', 'Mehl'].map(
        (name) => within(screen.getByText(name).closest('li')!).getByTestId('grocery-amounts').textContent,
      );
      expect(amounts).toEqual(shown);
      await applyLanguage('de');
    });
  }

  it('groups items by aisle and removes the ticked ones with undo', async () => {
    const api = fakeApi({ 'POST /api/tools/groceries_remove': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    withState((s) => ({
      ...s,
      groceries: [
        ...s.groceries,
        { ...s.groceries[0]!, id: 'groc_3', name: 'Äpfel', amounts: [{ quantity: 6, unit: null }], quantity: 6, unit: null },
        { ...s.groceries[0]!, id: 'groc_4', name: 'Zimt', amounts: [], quantity: null, unit: null, checked: true },
      ],
    }));
    render(
      <>
        <FoodScreen />
        <ActionToasts />
      </>,
    );
    expect(within(screen.getByTestId('aisle-produce')).getByText('Äpfel')).toBeTruthy();
    expect(within(screen.getByTestId('aisle-dairy')).getByText('Milch')).toBeTruthy();
    expect(within(screen.getByTestId('aisle-pantry')).getByText('Spaghetti')).toBeTruthy();
    expect(within(screen.getByTestId('aisle-done')).getByText('Zimt')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Obst & Gemüse', 'Milch, Käse & Eier', 'Vorrat', 'Erledigt']),
    );
    fireEvent.click(screen.getByText('Erledigte entfernen'));
    expect((await screen.findByTestId('undo-toast')).textContent).toContain('1 erledigter Eintrag entfernt');
    expect(api.calls.filter((c) => c.path === '/api/tools/groceries_remove').map((c) => c.body)).toEqual([{ arguments: { id: 'groc_4' } }]);
  });
});

describe('kanban by touch and keyboard', () => {
  it('moves a card with its move menu and with the arrow keys', async () => {
    const api = fakeApi({ 'POST /api/tools/kanban_move': () => ok(), 'GET /api/state': () => json(homeFixture()) });
    render(<KanbanScreen />);
    fireEvent.click(screen.getByLabelText('„Steuererklärung abgeben“ verschieben'));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Nach „Backlog“', 'Nach „In Arbeit“', 'Nach „Erledigt“']);
    fireEvent.click(within(menu).getByText('Nach „In Arbeit“'));
    expect(within(screen.getByTestId('kcol-DOING')).getByText('Steuererklärung abgeben')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('kcard-card_2'), { key: 'ArrowRight' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/tools/kanban_move')).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === '/api/tools/kanban_move').map((c) => c.body)).toEqual([
      { arguments: { id: 'card_1', column: 'DOING' } },
      { arguments: { id: 'card_2', column: 'DONE' } },
    ]);
  });

  it('AI ORGANIZE asks the master to sort the board and says what moved', async () => {
    const api = fakeApi({
      'POST /api/kanban/organize': () =>
        json({
          trace_id: 't',
          strategy: 'deterministic_fallback',
          moved: [{ id: 'card_1', from: 'TODO', to: 'DOING', success: true, message: '' }],
          skipped: [],
        }),
      'GET /api/state': () => json(homeFixture()),
    });
    render(<KanbanScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Vom Assistenten ordnen' }));
    await waitFor(() => expect(useStore.getState().notices.map((n) => n.text)).toContain('1 Karte verschoben.'));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/kanban/organize' });
  });
});

describe('document search', () => {
  it('searches by keyword and shows where each hit is', async () => {
    const api = fakeApi({
      'GET /api/rag/search': () =>
        json({
          query: 'Garantie',
          mode: 'keyword',
          results: [
            {
              document_id: 'doc_1',
              document: 'Waschmaschine.pdf',
              location: 'Seite 2',
              source: { page: 2 },
              excerpt: 'Garantie: 2 Jahre',
              score: 1,
              chunk_id: 3,
            },
          ],
        }),
    });
    render(<DocumentSearch />);
    fireEvent.change(screen.getByLabelText('In Dokumenten suchen'), { target: { value: 'Garantie' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('Waschmaschine.pdf')).toBeTruthy();
    expect(screen.getByText('Garantie: 2 Jahre')).toBeTruthy();
    expect(screen.getByText('Stichwortsuche (ohne Sprachmodell).')).toBeTruthy();
    expect(api.calls[0]!.path).toBe('/api/rag/search?q=Garantie&top_k=8');
  });
});

describe('voice buttons', () => {
  it('without speech recognition are disabled before recording and say why and how to fix it', () => {
    fakeApi({});
    useStore.setState({
      voiceStatus: { status: 'ready', data: voiceStatusFixture({ stt: { state: 'MODEL', language: 'de', errors: [] } }) },
    });
    render(<MicButton module="tasks" big label="Aufgabe sprechen" />);
    const button = screen.getByRole('button', { name: 'Aufgabe sprechen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toContain('Spracherkennung ist nicht installiert');
    expect(reason.textContent).toContain('Whisper-Modell');
  });

  it('with speech recognition stay enabled', () => {
    fakeApi({});
    useStore.setState({ voiceStatus: { status: 'ready', data: voiceStatusFixture() } });
    render(<MicButton module="tasks" big label="Aufgabe sprechen" />);
    expect((screen.getByRole('button', { name: 'Aufgabe sprechen' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
