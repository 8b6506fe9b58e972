import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '../../../src-shared';
import { apiError, fakeApi, json, sse } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

const done: ChatResponse = {
  reply: 'Soll ich den Termin „Zahnarzt“ löschen?',
  tool_calls: [{ tool: 'calendar_list', arguments: {}, result: { success: true, message: '1 Termin', mutated: false } }],
  pending: {
    tool: 'calendar_delete',
    arguments: { id: 'evt_1' },
    summary: 'Termin „Zahnarzt“ löschen',
    expires_at: '2026-12-01T10:35:00+01:00',
  },
  trace_id: 'tr_1',
  source: 'model',
};

describe('chat slice', () => {
  it('streams deltas and tool calls into one reply, then takes the final answer', async () => {
    const api = fakeApi({
      'POST /api/agent/chat/stream': () =>
        sse([
          { type: 'delta', data: { text: 'Soll ich ' } },
          { type: 'tool_call', data: { tool: 'calendar_list', arguments: {} } },
          {
            type: 'tool_result',
            data: { tool: 'calendar_list', arguments: {}, result: { success: true, message: '1 Termin', mutated: false } },
          },
          { type: 'delta', data: { text: 'den Termin löschen?' } },
          { type: 'pending', data: done.pending! },
          { type: 'done', data: done },
        ]),
    });
    await useStore.getState().sendChat('Lösch den Zahnarzt', 'calendar');
    const [user, reply] = useStore.getState().messages;
    expect(api.calls[0]?.body).toEqual({ message: 'Lösch den Zahnarzt', module: 'calendar', language: 'de' });
    expect(user).toMatchObject({ role: 'user', text: 'Lösch den Zahnarzt', module: 'calendar' });
    expect(reply).toMatchObject({ role: 'assistant', text: done.reply, streaming: false, pending: done.pending });
    expect(reply?.toolCalls).toEqual(done.tool_calls);
  });

  it('sends the UI language, so a reply is in it when the words do not show one', async () => {
    const api = fakeApi({ 'POST /api/agent/chat/stream': () => sse([{ type: 'done', data: { ...done, pending: undefined } }]) });
    useStore.setState({ language: 'en' });
    await useStore.getState().sendChat('???');
    expect(api.calls[0]?.body).toEqual({ message: '???', language: 'en' });
  });

  it('falls back to POST /api/agent/chat when the stream fails before any text', async () => {
    const api = fakeApi({
      'POST /api/agent/chat/stream': () => apiError('INTERNAL', 'stream broke', 500),
      'POST /api/agent/chat': () =>
        json({ ...done, plan: { goal: 'Woche planen', steps: [{ id: 's1', task: 'Tag 1', tool: 'mealplan_create', arguments: {} }] } }),
    });
    await useStore.getState().sendChat('Plane die Woche');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/agent/chat/stream', '/api/agent/chat']);
    expect(useStore.getState().messages[1]?.plan?.steps).toHaveLength(1);
  });

  it('shows a refused chat as an error reply, not an exception', async () => {
    const refused = () => apiError('INTERNAL', 'Ollama antwortet nicht', 500);
    fakeApi({ 'POST /api/agent/chat/stream': refused, 'POST /api/agent/chat': refused });
    await useStore.getState().sendChat('Hallo');
    expect(useStore.getState().messages[1]).toMatchObject({
      error: true,
      streaming: false,
      text: expect.stringContaining('Ollama antwortet nicht'),
    });
  });

  it('CLEAR CHAT empties the conversation on the server and here', async () => {
    const api = fakeApi({ 'POST /api/agent/chat': () => json(done), 'POST /api/agent/clear': () => json({ ok: true }) });
    await useStore.getState().sendChat('x');
    await useStore.getState().clearChat();
    expect(api.calls.some((c) => c.path === '/api/agent/clear')).toBe(true);
    expect(useStore.getState().messages).toEqual([]);
  });
});
