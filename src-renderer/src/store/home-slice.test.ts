import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, fakeApi } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

describe('home slice', () => {
  it('loads /api/state into a ready resource', async () => {
    fakeApi({ 'GET /api/state': () => json(homeFixture()) });
    await useStore.getState().loadHome();
    const home = useStore.getState().home;
    expect(home.status).toBe('ready');
    expect(home.data?.tasks).toHaveLength(3);
  });

  it('refreshes without a loading flicker, and an unchanged state leaves the cards untouched', async () => {
    let state = homeFixture();
    fakeApi({ 'GET /api/state': () => json(state) });
    await useStore.getState().loadHome();
    const first = useStore.getState().home;
    const seen: string[] = [];
    const stop = useStore.subscribe((s) => seen.push(s.home.status));
    await useStore.getState().loadHome();
    expect(useStore.getState().home).toBe(first); // same object: nothing re-renders
    state = { ...state, tasks: state.tasks.slice(1) };
    await useStore.getState().loadHome();
    stop();
    expect(useStore.getState().home.data?.tasks).toHaveLength(2);
    expect(seen).toEqual(['ready']); // one update, never "loading"
  });

  it('shows a refused /api/state as an error, not as a crash', async () => {
    fakeApi({ 'GET /api/state': () => apiError('INTERNAL', 'database is locked', 500) });
    await useStore.getState().loadHome();
    expect(useStore.getState().home).toMatchObject({ status: 'error', error: expect.stringContaining('database is locked') });
  });

  it('shows an optimistic edit at once and keeps it when the tool succeeds', async () => {
    const after = { ...homeFixture(), tasks: homeFixture().tasks.map((t) => (t.id === 'task_1' ? { ...t, status: 'done' as const } : t)) };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeApi({
      'GET /api/state': () => json(after),
      'POST /api/tools/tasks_update': async () => {
        await gate;
        return json({ success: true, data: {}, message: 'ok', mutated: true });
      },
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const done = useStore.getState().mutate('tasks_update', { id: 'task_1', status: 'done' }, (s) => ({
      ...s,
      tasks: s.tasks.map((t) => (t.id === 'task_1' ? { ...t, status: 'done' } : t)),
    }));
    expect(useStore.getState().home.data?.tasks[0]?.status).toBe('done');
    release();
    expect(await done).toBe(true);
    expect(api.calls.find((c) => c.path === '/api/tools/tasks_update')?.body).toEqual({ arguments: { id: 'task_1', status: 'done' } });
    expect(useStore.getState().home.data?.tasks[0]?.status).toBe('done');
  });

  it('rolls an optimistic edit back and says why when the server refuses', async () => {
    fakeApi({
      'POST /api/tools/tasks_delete': () =>
        json({
          success: false,
          error: { code: 'NOT_FOUND', message: 'Aufgabe task_1 gibt es nicht' },
          message: 'Aufgabe task_1 gibt es nicht',
          mutated: false,
        }),
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const ok = await useStore
      .getState()
      .mutate('tasks_delete', { id: 'task_1' }, (s) => ({ ...s, tasks: s.tasks.filter((t) => t.id !== 'task_1') }));
    expect(ok).toBe(false);
    expect(useStore.getState().home.data?.tasks.map((t) => t.id)).toContain('task_1');
    expect(useStore.getState().notices.at(-1)).toMatchObject({ kind: 'error', text: expect.stringContaining('gibt es nicht') });
  });

  it('rolls back on a schema violation (400) too', async () => {
    fakeApi({
      'POST /api/tools/kanban_move': () =>
        apiError('INVALID_ARGUMENTS', 'column must be one of BACKLOG, TODO, DOING, DONE', 400, '/column'),
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    await useStore.getState().mutate('kanban_move', { id: 'card_1', column: 'DONE' }, (s) => ({ ...s, kanban: [] }));
    expect(useStore.getState().home.data?.kanban).toHaveLength(2);
    // The schema's English words stay with the server; the family reads its own language.
    expect(useStore.getState().notices.at(-1)?.text).toBe('Die Eingabe passt nicht – bitte prüfen.');
  });
});
