import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { ragDocumentFixture } from '../testing/wire-fixtures';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { connectEvents, loadFirst, loadRest } from './event-stream';
import { createSseParser } from './sse-parser';

class FakeEventSource extends EventTarget {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ type, at: '2026-12-01T10:30:00+01:00', data }) }));
  }
}

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

describe('SSE parser', () => {
  it('reassembles events split across chunks and skips comments', () => {
    const parse = createSseParser();
    expect(parse(': ping\n\nevent: del')).toEqual([]);
    expect(parse('ta\ndata: {"text":"Hal"}\n\nevent: delta\r\ndata: {"text":"lo"}\r\n\r\n')).toEqual([
      { event: 'delta', data: '{"text":"Hal"}' },
      { event: 'delta', data: '{"text":"lo"}' },
    ]);
  });
});

describe('live event stream', () => {
  it('state.changed refetches /api/state into the slice', async () => {
    const state = homeFixture();
    const api = fakeApi({ 'GET /api/state': () => json(state), 'GET /api/health': () => json({ ok: true, version: '1', components: {} }) });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.emit('state.changed', { domains: ['tasks'] });
    await vi.waitFor(() => expect(useStore.getState().home.status).toBe('ready'));
    expect(api.calls.filter((c) => c.path === '/api/state')).toHaveLength(1);
  });

  it('state.changed reloads the calendar window only when the change names the calendar', async () => {
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'GET /api/health': () => json({ ok: true, version: '1', components: {} }),
      'POST /api/tools/calendar_list': () => json({ success: true, data: { events: [] }, message: 'ok', mutated: false }),
    });
    useStore.setState({ calendarWindow: { status: 'ready', data: { from: '2026-12-01', days: 7, events: [] } } });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    const calendarCalls = () => api.calls.filter((c) => c.path === '/api/tools/calendar_list').length;
    source.emit('state.changed', { domains: ['tasks', 'groceries'] });
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === '/api/state').length).toBeGreaterThan(0));
    expect(calendarCalls()).toBe(0);
    source.emit('state.changed', { domains: ['calendar'] });
    await vi.waitFor(() => expect(calendarCalls()).toBe(1));
  });

  it('skills.changed reloads the MCP servers of Settings once Settings loaded them, and not before', async () => {
    const api = fakeApi({
      'GET /api/skills': () => json({ skills: [], errors: [] }),
      'GET /api/settings/mcp': () => json({ servers: [], file: { path: '/tmp/mcp.json' } }),
    });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    const mcpCalls = () => api.calls.filter((c) => c.path === '/api/settings/mcp').length;
    source.emit('skills.changed', {});
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === '/api/skills')).toBe(true));
    expect(mcpCalls()).toBe(0);
    await useStore.getState().loadMcpServers();
    source.emit('skills.changed', {});
    await vi.waitFor(() => expect(mcpCalls()).toBe(2));
  });

  it('reminder.due shows the reminder', () => {
    fakeApi({});
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.emit('reminder.due', homeFixture().reminders[0]);
    expect(useStore.getState().dueReminders.map((r) => r.id)).toEqual(['rem_1']);
  });

  it("reminder.due of another member stays on that member's devices", () => {
    fakeApi({});
    const home = { ...homeFixture(), viewer_member: 'mem_anna' };
    useStore.setState({ home: { status: 'ready', data: home } });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    const base = homeFixture().reminders[0]!;
    source.emit('reminder.due', { ...base, id: 'rem_paul', assignee: 'mem_paul' });
    source.emit('reminder.due', { ...base, id: 'rem_anna', assignee: 'mem_anna' });
    source.emit('reminder.due', { ...base, id: 'rem_all', assignee: null });
    expect(useStore.getState().dueReminders.map((r) => r.id)).toEqual(['rem_all', 'rem_anna']);
  });

  it('rag.progress moves a document without a refetch', () => {
    fakeApi({});
    useStore.setState({ documents: { status: 'ready', data: [ragDocumentFixture({ status: 'extracting', chunks: 0, progress: 0.1 })] } });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.emit('rag.progress', { id: 'doc_1', name: 'a.pdf', status: 'indexing', progress: 0.6 });
    expect(useStore.getState().documents.data?.[0]).toMatchObject({ status: 'indexing', progress: 0.6 });
  });

  it('refetches the Gelernt list a screen loaded before the stream first opened', async () => {
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'GET /api/health': () => json({ ok: true, version: '1', components: {} }),
      'GET /api/learned': () => json({ records: [], may_decide_household: true }),
    });
    useStore.setState({ learned: { status: 'ready', data: { records: [], may_decide_household: true } } as never });
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.onopen?.();
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === '/api/learned')).toHaveLength(1));
  });

  it('marks the app live while the stream is open', () => {
    fakeApi({});
    const source = new FakeEventSource();
    connectEvents(useStore, source as unknown as EventSource);
    source.onopen?.();
    expect(useStore.getState().live).toBe(true);
    source.onerror?.();
    expect(useStore.getState().live).toBe(false);
  });
});

describe('start-up loading', () => {
  it("asks for what Home paints first, and for the other screens' data only after", async () => {
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'GET /api/health': () => json({ ok: true, version: '1', components: {} }),
    });
    await loadFirst(useStore);
    // The settings say whether Home shows the first start's next step instead of the day; a
    // request waiting for an admin shows on Home too.
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/api/approvals', '/api/health', '/api/settings', '/api/state']);
    expect(useStore.getState().home.status).toBe('ready');
    await loadRest(useStore);
    const rest = api.calls.map((c) => c.path).slice(4);
    expect(rest).toEqual(expect.arrayContaining(['/api/voice/status', '/api/rag/documents', '/api/skills', '/api/mesh/workers']));
    expect(rest).not.toContain('/api/state');
  });
});
