import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFile } from '../cli/commands/protocol';
import type { ReadyDocument } from '../knowledge';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The assistant's HTTP contract against the real master; the household is a small in-memory
// provider here (the real household behind the full master: assistant-master.int.test.ts).

const ENROLLMENT_TOKEN = 'enroll-secret-7f3a9c2d1e';
const WORKER_TOKEN = 'worker-access-token-55aa33';

describe('assistant HTTP API', () => {
  let ollama: ScriptedOllama;
  let tm: TestMaster;
  let home: MemoryHomeProvider;

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_MESH_ENROLLMENT_TOKEN: ENROLLMENT_TOKEN, JARVIS_LOCAL_INTENTS: 'false' });
    // The in-memory household stands in for the real one's tools.
    tm.master.platform.registry.removeProvider(tm.master.capabilities.household.tools);
    home = new MemoryHomeProvider();
    tm.master.platform.registry.addProvider(home);
  });
  afterAll(async () => {
    await tm.close();
    await ollama.close();
  });

  it('POST /api/agent/chat answers with the contract shape and one trace id from HTTP to the tool', async () => {
    ollama.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Butter' } }] }, { content: 'ok' });
    const res = await tm.request('/api/agent/chat', { json: { message: 'Butter auf die Einkaufsliste', module: 'kitchen' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      reply: 'Gespeichert: Butter',
      source: 'model',
      tool_calls: [{ tool: 'groceries_add', arguments: { name: 'Butter' }, result: { success: true } }],
    });
    expect(res.json.trace_id).toMatch(/^http_/);
    expect(home.calls.at(-1)!.ctx.traceId).toBe(res.json.trace_id);
    expect(ollama.chats().at(-2)!.messages[0]!.content).toContain('kitchen');
  });

  it('rejects bad bodies with 400 and changes nothing', async () => {
    const before = home.snapshot();
    for (const json of [{}, { message: '' }, { message: '   ' }, { message: 'x', extra: 1 }, { message: 42 }]) {
      const res = await tm.request('/api/agent/chat', { json });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('INVALID_REQUEST');
    }
    expect(home.snapshot()).toBe(before);
  });

  it('GET /api/agent/tools returns the tools in the form sent to Ollama (a request gets those its tool budget picks)', async () => {
    const res = await tm.request('/api/agent/tools');
    expect(res.status).toBe(200);
    const sent = ollama.chats().find((c) => c.tools)!.tools!;
    expect(sent.length).toBeGreaterThan(0);
    // The budget's own selector (`tools_find`) stands for the tools left out; it is no household tool.
    for (const tool of sent.filter((t) => t.function.name !== 'tools_find')) expect(res.json.tools).toContainEqual(tool);
    expect(res.json.tools[0]).toMatchObject({ type: 'function', function: { name: expect.any(String), parameters: { type: 'object' } } });
  });

  it('POST /api/agent/chat/stream sends SSE events ending with done', async () => {
    ollama.reply({ tool_calls: [{ name: 'groceries_list', arguments: {} }] }, { content: 'Nur Butter.' });
    const res = await fetch(`${tm.url}/api/agent/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Was steht auf der Einkaufsliste?' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({ type: m[1], data: JSON.parse(m[2]!) }));
    expect(events.map((e) => e.type)).toEqual(['tool_call', 'tool_result', 'delta', 'done']);
    expect(events.at(-1)!.data).toMatchObject({ reply: 'Nur Butter.', source: 'model', trace_id: expect.stringMatching(/^http_/) });
  });

  it('holds a delete as pending, exports it as runtime.pending_tool_confirmation, and `ja` runs it', async () => {
    home.table('calendar').push({ id: 'evt_42', title: 'Zahnarzt' });
    ollama.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: 'evt_42' } }] });
    const asked = await tm.request('/api/agent/chat', { json: { message: 'Lösch den Zahnarzt' } });
    expect(asked.json.pending).toMatchObject({ tool: 'calendar_delete', arguments: { id: 'evt_42' }, expires_at: expect.any(String) });
    const exported = await tm.request('/api/debug/export');
    expect(exported.json.runtime.pending_tool_confirmation).toMatchObject({ tool: 'calendar_delete', arguments: { id: 'evt_42' } });
    const yes = await tm.request('/api/agent/chat', { json: { message: 'Ja' } });
    expect(yes.json.source).toBe('pending');
    expect(home.table('calendar')).toHaveLength(0);
    const after = await tm.request('/api/debug/export');
    expect(after.json.runtime.pending_tool_confirmation).toBeNull();
    // The evidence layer rides along, and `jarvis protocol verify` accepts the file.
    expect(after.json.protocol.events.length).toBeGreaterThan(0);
    const file = join(tm.dataDir, 'export.json');
    writeFileSync(file, after.text);
    expect(verifyFile(file)).toMatchObject({ ok: true });
  });

  it('GET /api/debug/export holds trace, registry, runtime and config, and no secret anywhere', async () => {
    tm.master.platform.tracer.redactor.add(WORKER_TOKEN);
    ollama.reply({ content: `Dein Token ist ${WORKER_TOKEN}` });
    await tm.request('/api/agent/chat', { json: { message: `Merk dir ${WORKER_TOKEN} und ${ENROLLMENT_TOKEN}` } });
    const res = await tm.request('/api/debug/export');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      trace: expect.any(Array),
      registry: { tools: expect.any(Array) },
      runtime: expect.any(Object),
      config: expect.any(Object),
    });
    const stages = new Set(res.json.trace.map((e: { component: string; stage: string }) => `${e.component}.${e.stage}`));
    for (const s of [
      'agent.request',
      'ollama.tools.request',
      'ollama.tools.response',
      'agent.tool_call',
      'agent.tool_result',
      'agent.pending_tool_set',
      'agent.pending_tool_execute',
      'state.before_command',
      'state.after_command',
      'agent.completed',
    ]) {
      expect(stages).toContain(s);
    }
    expect(res.json.registry.tools.map((t: { name: string }) => t.name)).toContain('calendar_delete');
    expect(res.json.config.meshEnrollmentToken).toBe('[redacted]');
    for (const secret of [ENROLLMENT_TOKEN, WORKER_TOKEN]) expect(res.text).not.toContain(secret);
    // A secret the user typed is redacted before it reaches the protocol's goal text, so the
    // export is both free of secrets and still verifies.
    expect(res.json.protocol).toMatchObject({ events: expect.any(Array), manifest: { sealed: true } });
    const file = join(tm.dataDir, 'export-secrets.json');
    writeFileSync(file, res.text);
    expect(verifyFile(file)).toMatchObject({ ok: true });
  });

  it('POST /api/debug/clear empties the trace; POST /api/agent/clear forgets the conversation', async () => {
    expect((await tm.request('/api/debug/clear', { method: 'POST' })).json).toEqual({ ok: true });
    expect((await tm.request('/api/debug/export')).json.trace).toEqual([]);
    expect((await tm.request('/api/agent/clear', { method: 'POST' })).json).toEqual({ ok: true });
    expect((await tm.request('/api/debug/export')).json.runtime.conversation.messages).toBe(0);
  });

  it('reports Ollama in /api/health and organizes the kanban board without a 502 on empty output', async () => {
    const health = await tm.request('/api/health');
    expect(health.json.components.ollama).toMatchObject({ state: 'ok', detail: expect.stringContaining('qwen2.5') });
    ollama.reply({ content: '' }, { content: '' });
    const res = await tm.request('/api/kanban/organize', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.strategy).toBe('deterministic_fallback');
  });
});

describe('assistant HTTP API with Ollama down', () => {
  it('answers in one sentence with source "error" and marks ollama as error in /api/health', async () => {
    const tm = await startTestMaster({ JARVIS_LOCAL_INTENTS: 'true' });
    try {
      tm.master.platform.registry.removeProvider(tm.master.capabilities.household.tools);
      tm.master.platform.registry.addProvider(new MemoryHomeProvider());
      const res = await tm.request('/api/agent/chat', { json: { message: 'Wie wird das Wetter?' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ source: 'error', tool_calls: [] });
      expect(res.json.reply).toMatch(/nicht erreichbar/);
      const local = await tm.request('/api/agent/chat', { json: { message: 'Füge Eier zur Einkaufsliste hinzu' } });
      expect(local.json).toMatchObject({ source: 'local-intent', tool_calls: [{ tool: 'groceries_add', result: { success: true } }] });
      expect((await tm.request('/api/health')).json.components.ollama.state).toBe('error');
    } finally {
      await tm.close();
    }
  });
});

describe('Task Scout wiring', () => {
  it('subscribes to documents the knowledge base finishes and feeds them to the scout', async () => {
    let deliver: ((doc: ReadyDocument) => void) | undefined;
    const documents = { onDocumentReady: (cb: NonNullable<typeof deliver>) => ((deliver = cb), () => (deliver = undefined)) };
    const tm = await startTestMaster({}, { documents });
    try {
      expect(deliver).toBeDefined();
      deliver!({ id: 'doc_1', name: 'Elternbrief.pdf', format: 'pdf', text: 'Bitte bis Freitag das Formular unterschreiben.' });
      expect((await tm.request('/api/debug/export')).json.runtime.task_scout.queued).toBe(1);
    } finally {
      await tm.close();
    }
    expect(deliver).toBeUndefined();
  });
});
