import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeState } from '../../../src-shared';
import { connectEvents } from '../live/event-stream';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

class FakeEventSource extends EventTarget {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  close() {}
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ type, at: '2026-12-01T10:30:00+01:00', data }) }));
  }
}

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

/** The household as the master has it after a change: the first task renamed, Milch bought. */
function changed(): HomeState {
  const before = homeFixture();
  return {
    ...before,
    tasks: before.tasks.map((t, i) => (i === 0 ? { ...t, title: 'Steuer (neu)' } : t)),
    groceries: before.groceries.slice(1),
  };
}

const statePaths = (calls: readonly { path: string }[]) => calls.map((c) => c.path).filter((p) => p.startsWith('/api/state'));

/** An answer held until `release()`: the busy server's slow request. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
}

describe('home state reloads', () => {
  it('a change to the tasks fetches the tasks only, and the other cards keep their data', async () => {
    const api = fakeApi({
      'GET /api/state': () => json(changed()),
      'GET /api/health': () => json({ ok: true, version: '1', components: {} }),
    });
    const before = homeFixture();
    useStore.setState({ home: { status: 'ready', data: before } });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.emit('state.changed', { domains: ['tasks'] });
    await vi.waitFor(() => expect(useStore.getState().home.data?.tasks[0]?.title).toBe('Steuer (neu)'));
    expect(statePaths(api.calls)).toEqual(['/api/state?domains=tasks']);
    const home = useStore.getState().home.data!;
    // The groceries changed on the server too, but nothing said so: they stay as they were, untouched.
    expect(home.groceries).toBe(before.groceries);
    expect(home.events).toBe(before.events);
  });

  it('a change that names no domains reloads the whole state', async () => {
    const api = fakeApi({ 'GET /api/state': () => json(changed()) });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.emit('state.changed', {});
    await vi.waitFor(() => expect(useStore.getState().home.data?.groceries).toHaveLength(changed().groceries.length));
    expect(statePaths(api.calls)).toEqual(['/api/state']);
  });

  it('a write of one domain reloads that domain', async () => {
    const api = fakeApi({
      'GET /api/state': () => json(changed()),
      'POST /api/tools/tasks_update': () => json({ success: true, data: {}, message: 'ok', mutated: true }),
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    expect(await useStore.getState().mutate('tasks_update', { id: 'task_1', title: 'Steuer (neu)' })).toBe(true);
    expect(statePaths(api.calls)).toEqual(['/api/state?domains=tasks']);
  });

  it('before any state is held, a change loads the whole state', async () => {
    const api = fakeApi({ 'GET /api/state': () => json(homeFixture()) });
    await useStore.getState().loadHomeParts(['tasks']);
    expect(statePaths(api.calls)).toEqual(['/api/state']);
    expect(useStore.getState().home.status).toBe('ready');
  });

  it('an older whole answer that arrives last does not cover the tasks a newer partial answer brought', async () => {
    const slow = held();
    const old = { ...homeFixture(), groceries: changed().groceries };
    const api = fakeApi({
      'GET /api/state': async () => {
        if (api.calls.at(-1)?.path === '/api/state') {
          await slow.gate;
          return json(old);
        }
        return json(changed());
      },
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const whole = useStore.getState().loadHome();
    await useStore.getState().loadHomeParts(['tasks']);
    expect(useStore.getState().home.data?.tasks[0]?.title).toBe('Steuer (neu)');
    slow.release();
    await whole;
    const home = useStore.getState().home.data!;
    expect(home.tasks[0]?.title).toBe('Steuer (neu)');
    // What no later request asked for comes from the whole answer.
    expect(home.groceries).toEqual(changed().groceries);
  });

  it('an older partial answer that arrives last does not cover a newer whole one', async () => {
    const slow = held();
    const api = fakeApi({
      'GET /api/state': async () => {
        if (api.calls.at(-1)?.path === '/api/state?domains=tasks') {
          await slow.gate;
          return json(homeFixture());
        }
        return json(changed());
      },
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const part = useStore.getState().loadHomeParts(['tasks']);
    await useStore.getState().loadHome();
    slow.release();
    await part;
    expect(useStore.getState().home.data?.tasks[0]?.title).toBe('Steuer (neu)');
  });

  it('changes named while a partial load is on its way go in one request after it', async () => {
    const slow = held();
    let first = true;
    const api = fakeApi({
      'GET /api/state': async () => {
        if (first) {
          first = false;
          await slow.gate;
        }
        return json(changed());
      },
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    const one = useStore.getState().loadHomeParts(['tasks']);
    const two = useStore.getState().loadHomeParts(['groceries']);
    const three = useStore.getState().loadHomeParts(['kanban', 'groceries']);
    slow.release();
    await Promise.all([one, two, three]);
    expect(statePaths(api.calls)).toEqual(['/api/state?domains=tasks', '/api/state?domains=groceries%2Ckanban']);
    expect(useStore.getState().home.data?.groceries).toEqual(changed().groceries);
  });
});
