import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpQuestion, ServerEvent, ToolResult } from '../../src-shared';
import { AskingMcpServer } from '../testing/asking-mcp-server';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateProposedSkills, listedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The asking server (src-main/testing/asking-mcp-server.ts) is built with the official SDK.

describe('an MCP server that asks the person and the household model during a call', () => {
  let tm: TestMaster;
  let ollama: ScriptedOllama;
  let base: string;
  const peer = new AskingMcpServer();

  beforeAll(async () => {
    await peer.start();
    ollama = await startScriptedOllama();
    base = mkdtempSync(join(tmpdir(), 'jarvis-mcp-questions-'));
    const config = join(base, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { asker: { url: peer.url } } }));
    tm = await startTestMaster({
      JARVIS_MCP_CONFIG: config,
      JARVIS_MCP_CALL_TIMEOUT: '2s',
      JARVIS_MCP_QUESTION_TIMEOUT: '30s',
      OLLAMA_URL: ollama.url,
      OLLAMA_MODEL: 'qwen2.5:7b-instruct',
    });
    await new Promise<void>((resolve) => {
      const check = async (): Promise<void> => {
        if ((await listedSkills(tm)).some((s) => s.id === 'mcp.asker' && s.activation?.status === 'proposed')) resolve();
      };
      tm.master.platform.events.subscribe((e: ServerEvent) => {
        if (e.type === 'skills.changed') void check();
      });
      void check();
    });
    await activateProposedSkills(tm, ['mcp.asker']);
  }, 180_000);
  afterAll(async () => {
    await tm.close();
    await peer.close();
    await ollama.close();
    rmSync(base, { recursive: true, force: true });
  });

  /** The next question that reaches the app's event stream. */
  const nextQuestion = (): Promise<McpQuestion> =>
    new Promise((resolve) => {
      const stop = tm.master.platform.events.subscribe((e: ServerEvent) => {
        if (e.type !== 'mcp.question') return;
        stop();
        resolve(e.data as McpQuestion);
      });
    });
  const call = async (name: string): Promise<ToolResult> =>
    (await tm.request(`/api/tools/${name}`, { json: { arguments: {} } })).json as ToolResult;
  const answer = (id: string, body: unknown) => tm.request(`/api/mcp/questions/${id}`, { json: body });

  it("shows the server's question as a form and sends the person's answer back, after the call's time limit", async () => {
    const asked = nextQuestion();
    const result = call('mcp_asker_book_table');
    const question = await asked;
    expect(question).toMatchObject({ server: 'asker', kind: 'form', message: 'Für wie viele Personen und wann?' });
    expect(question.fields).toEqual([
      { name: 'people', title: 'Personen', type: 'integer', required: true },
      {
        name: 'time',
        title: 'Uhrzeit',
        type: 'choice',
        required: true,
        options: [
          { value: '18:00', label: '18:00' },
          { value: '20:00', label: '20:00' },
        ],
      },
      { name: 'outside', title: 'Draußen', type: 'boolean', required: false },
    ]);
    expect((await tm.request('/api/mcp/questions')).json.questions.map((q: McpQuestion) => q.id)).toEqual([question.id]);
    // The person takes longer than the 2 s call limit: the question holds the call's clock.
    // A wrong answer is refused and changes nothing; the question is still open.
    const closed = new Promise<void>((resolve) => {
      const stop = tm.master.platform.events.subscribe((e: ServerEvent) => {
        if (e.type === 'mcp.question.closed') {
          stop();
          resolve();
        }
      });
    });
    await new Promise((r) => setTimeout(r, 2500));
    const wrong = await answer(question.id, { action: 'accept', content: { people: 'viele', time: '18:00' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toContain('Personen');
    const missing = await answer(question.id, { action: 'accept', content: { people: 4 } });
    expect(missing.status).toBe(400);
    const ok = await answer(question.id, { action: 'accept', content: { people: 4, time: '20:00', outside: true } });
    expect(ok.status, ok.text).toBe(200);
    await closed;
    const done = await result;
    expect(done.success, done.message).toBe(true);
    expect(done.message).toBe('elicitation accept {"people":4,"time":"20:00","outside":true}');
    expect((await tm.request('/api/mcp/questions')).json.questions).toEqual([]);
    // Answered once: a second answer finds nothing.
    expect((await answer(question.id, { action: 'decline' })).status).toBe(404);
  }, 60_000);

  it('tells the server when the person declines or cancels', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const asked = nextQuestion();
      const result = call('mcp_asker_book_table');
      const question = await asked;
      expect((await answer(question.id, { action })).status).toBe(200);
      expect((await result).message).toBe(`elicitation ${action} {}`);
    }
  }, 60_000);

  it('asks the household before the server may use its model, then answers with the local model', async () => {
    ollama.reply({ content: 'Einkauf: Milch, Brot, Eier.' });
    const asked = nextQuestion();
    const result = call('mcp_asker_summarise');
    const question = await asked;
    // Sampling is disruptive: the default policy asks, like a confirmation.
    expect(question).toMatchObject({ server: 'asker', kind: 'sampling', fields: [], message: 'Fasse zusammen: Milch, Brot, Eier.' });
    await answer(question.id, { action: 'accept' });
    const done = await result;
    expect(done.success, done.message).toBe(true);
    expect(done.message).toBe('sampled by qwen2.5:7b-instruct: Einkauf: Milch, Brot, Eier.');
    const sent = ollama.chats().at(-1)!;
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Antworte kurz.' },
      { role: 'user', content: 'Fasse zusammen: Milch, Brot, Eier.' },
    ]);
    expect(sent.tools).toBeUndefined();
  }, 60_000);

  it('refuses sampling when the household declines, and when its policy denies it, without reaching the model', async () => {
    const before = ollama.chats().length;
    const asked = nextQuestion();
    const declined = call('mcp_asker_summarise');
    await answer((await asked).id, { action: 'decline' });
    expect((await declined).message).toContain('sampling refused');

    const policy = (await tm.request('/api/policy/risk')).json.policy;
    const put = await tm.request('/api/policy/risk', {
      method: 'PUT',
      json: { ...policy, overrides: { ...policy.overrides, mcp_asker__sampling: 'deny' } },
    });
    expect(put.status, put.text).toBe(200);
    const denied = await call('mcp_asker_summarise');
    expect(denied.message).toContain("sampling refused: MCP error -1: The household's policy does not let this server use its model.");
    expect(ollama.chats().length).toBe(before);

    // Allowed by the household's policy: no question, the model answers.
    await tm.request('/api/policy/risk', {
      method: 'PUT',
      json: { ...policy, overrides: { ...policy.overrides, mcp_asker__sampling: 'allow' } },
    });
    ollama.reply({ content: 'Kurz.' });
    const allowed = await call('mcp_asker_summarise');
    expect(allowed.message).toBe('sampled by qwen2.5:7b-instruct: Kurz.');
  }, 60_000);
});
