import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, sse } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

const done = {
  reply: 'Soll ich den Termin „Zahnarzt“ löschen?',
  tool_calls: [{ tool: 'calendar_list', arguments: {}, result: { success: true, message: '1 Termin', mutated: false } }],
  pending: { tool: 'calendar_delete', arguments: { id: 'evt_1' }, summary: 'Termin „Zahnarzt“ löschen', expires_at: '2026-12-01T10:35:00+01:00' },
  trace_id: 'tr_1',
  source: 'model',
};

describe('chat slice', () => {
  it('streams deltas and tool calls into one reply, then takes the final answer', async () => {
    const api = fakeApi({
      'POST /api/agent/chat/stream': () =>
        sse([
          ['delta', { text: 'Soll ich ' }],
          ['tool_call', { tool: 'calendar_list', arguments: {} }],
          ['tool_result', { tool: 'calendar_list', result: { success: true, message: '1 Termin', mutated: false } }],
          ['delta', { text: 'den Termin löschen?' }],
          ['pending', done.pending],
          ['done', done],
        ]),
    });
    await useStore.getState().sendChat('Lösch den Zahnarzt', 'calendar');
    const [user, reply] = useStore.getState().messages;
    expect(api.calls[0]?.body).toEqual({ message: 'Lösch den Zahnarzt', module: 'calendar' });
    expect(user).toMatchObject({ role: 'user', text: 'Lösch den Zahnarzt', module: 'calendar' });
    expect(reply).toMatchObject({ role: 'assistant', text: done.reply, streaming: false, pending: done.pending });
    expect(reply?.toolCalls).toEqual(done.tool_calls);
  });

  it('falls back to POST /api/agent/chat when the stream endpoint is missing', async () => {
    const api = fakeApi({ 'POST /api/agent/chat': () => json({ ...done, plan: { goal: 'Woche planen', steps: [{ id: 's1', task: 'Tag 1', tool: 'mealplan_create', arguments: {} }] } }) });
    await useStore.getState().sendChat('Plane die Woche');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/agent/chat/stream', '/api/agent/chat']);
    expect(useStore.getState().messages[1]?.plan?.steps).toHaveLength(1);
  });

  it('renders a missing assistant as a clear message, not an exception', async () => {
    fakeApi({});
    await useStore.getState().sendChat('Hallo');
    expect(useStore.getState().chatUnavailable).toBe(true);
    expect(useStore.getState().messages[1]).toMatchObject({ error: true, text: expect.stringContaining('nicht verfügbar') });
  });

  it('CLEAR CHAT empties the conversation on the server and here', async () => {
    const api = fakeApi({ 'POST /api/agent/chat': () => json(done), 'POST /api/agent/clear': () => json({ ok: true }) });
    await useStore.getState().sendChat('x');
    await useStore.getState().clearChat();
    expect(api.calls.some((c) => c.path === '/api/agent/clear')).toBe(true);
    expect(useStore.getState().messages).toEqual([]);
  });
});
