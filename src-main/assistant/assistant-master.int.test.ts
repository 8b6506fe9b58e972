import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The full master: household module, protocol, assistant. What the assistant changes is what
// GET /api/state shows, and the trace follows one id from the HTTP request into the household.
describe('assistant in the full master', () => {
  let ollama: ScriptedOllama;
  let tm: TestMaster;

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url }, { clock: () => new Date('2026-08-29T08:20:00Z') });
  });
  afterAll(async () => {
    await tm.close();
    await ollama.close();
  });

  it('local intents and model tool calls change the household the UI reads', async () => {
    const milk = await tm.request('/api/agent/chat', { json: { message: 'Füge zwei Liter Milch zur Einkaufsliste hinzu.' } });
    expect(milk.json).toMatchObject({ source: 'local-intent', tool_calls: [{ tool: 'groceries_add', result: { success: true } }] });

    ollama.reply(
      {
        tool_calls: [
          { name: 'calendar_create', arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } } },
        ],
      },
      { content: 'Eingetragen.' },
    );
    const dentist = await tm.request('/api/agent/chat', {
      json: { message: 'Ich sollte morgen um halb vier zum Zahnarzt, trag das bitte ein' },
    });
    expect(dentist.json.tool_calls[0].result.success).toBe(true);

    const state = (await tm.request('/api/state')).json;
    expect(state.groceries).toEqual([expect.objectContaining({ name: 'Milch', quantity: 2, unit: 'l' })]);
    expect(state.events).toEqual([expect.objectContaining({ title: 'Zahnarzt', start: '2026-08-30T15:30:00+02:00' })]);
    // Domain automation: a reminder 30 minutes before.
    expect(state.reminders).toEqual([expect.objectContaining({ source: 'event' })]);
    expect(state.system.ollama.state).toBe('ok');

    const trace = (await tm.request('/api/debug/export')).json.trace.filter(
      (e: { trace_id: string }) => e.trace_id === dentist.json.trace_id,
    );
    const stages = trace.map((e: { component: string; stage: string }) => `${e.component}.${e.stage}`);
    expect(stages[0]).toBe('agent.request');
    expect(stages).toContain('state.before_command');
    expect(stages.at(-1)).toBe('agent.completed');
    expect(trace.find((e: { stage: string }) => e.stage === 'after_command').data.counts).toMatchObject({
      events: 1,
      reminders: 1,
      groceries: 1,
    });
  });

  it('records each request in the Jarvis protocol: decision, review of a delete, outcome, sealed chain', async () => {
    const protocol = tm.master.capabilities.protocol.service!;
    const added = await tm.request('/api/agent/chat', { json: { message: 'Setz Brot auf die Einkaufsliste' } });
    const first = protocol.session(`ws_${added.json.trace_id}`)!;
    expect(first.session).toMatchObject({ status: 'completed', sealed: true });
    expect(first.records.PolicyDecision).toEqual([
      expect.objectContaining({ action: expect.objectContaining({ tool: 'groceries_add' }), outcome: 'allow' }),
    ]);
    expect(first.records.Contribution).toHaveLength(1);

    const state = (await tm.request('/api/state')).json;
    const eventId = state.events[0].id;
    ollama.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: eventId } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Lösch den Zahnarzttermin' } });
    expect(asked.json.pending.tool).toBe('calendar_delete');
    const blocked = protocol.session(`ws_${asked.json.trace_id}`)!;
    expect(blocked.session.status).toBe('blocked');
    expect(blocked.records.Request).toEqual([expect.objectContaining({ status: 'open' })]);

    const yes = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
    expect(yes.json.tool_calls[0].result.success).toBe(true);
    const resolved = protocol.session(`ws_${asked.json.trace_id}`)!;
    expect(resolved.records.Review).toEqual([expect.objectContaining({ verdict: 'approve' })]);
    expect(resolved.session).toMatchObject({ status: 'completed', sealed: true });
    // The `ja` is part of the session that asked, not a request of its own.
    expect(protocol.session(`ws_${yes.json.trace_id}`)).toBeUndefined();
    expect(protocol.verify()).toMatchObject({ ok: true });
    expect((await tm.request('/api/debug/export')).json.trace.some((e: { stage: string }) => e.stage === 'audit_error')).toBe(false);
  });

  it('a hand edit of the item a confirmation waits for is a Takeover, and a later `ja` runs nothing', async () => {
    const protocol = tm.master.capabilities.protocol.service!;
    const created = await tm.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Elternabend', when: { kind: 'relative', offset_days: 2, time: '19:00' } } },
    });
    const eventId = created.json.data.id as string;
    ollama.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: eventId } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Lösch den Elternabend' } });
    expect(asked.json.pending.tool).toBe('calendar_delete');

    const edited = await tm.request('/api/tools/calendar_update', {
      json: { arguments: { id: eventId, title: 'Elternabend (verschoben)' } },
    });
    expect(edited.json.success).toBe(true);
    const session = protocol.session(`ws_${asked.json.trace_id}`)!;
    expect(session.records.Takeover).toEqual([expect.objectContaining({ actor_id: 'act_household' })]);
    expect(session.session).toMatchObject({ status: 'cancelled', sealed: true });

    const yes = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
    expect(yes.json.source).not.toBe('pending');
    expect((await tm.request('/api/state')).json.events.map((e: { id: string }) => e.id)).toContain(eventId);
    expect(protocol.verify()).toMatchObject({ ok: true });
  });

  it('an invalid model call is rejected with its path and the household stays unchanged', async () => {
    const before = (await tm.request('/api/state')).json;
    ollama.reply(
      { tool_calls: [{ name: 'calendar_create', arguments: { title: 'X', when: { kind: 'relative', offset_days: 'morgen' } } }] },
      { content: 'Gemacht.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Trag X in den Kalender ein, irgendwann' } });
    expect(res.json.tool_calls[0].result).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENTS' } });
    const after = (await tm.request('/api/state')).json;
    expect(after.events).toEqual(before.events);
  });
});
