// What the assistant learns through the real master: a fact the model proposes in Paul's chat is
// not used until Paul accepts it, is used once accepted, is gone once forgotten, comes back with
// every field when the forget is undone, and Lena never sees it. A pipeline is offered only once accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnedListResponse, LearnedRecord } from '../../../src-shared';
import { pairDevice, rawRequest } from '../../testing/lan-devices';
import { startScriptedOllama, type ScriptedOllama } from '../../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../../testing/test-master';

const FACT = 'Oma hat am 3. Mai Geburtstag';

let ollama: ScriptedOllama;
let tm: TestMaster;
let lan: URL;
const people = {} as Record<'paul' | 'lena', { id: string; cookie: string }>;

async function person(name: string, role: 'adult' | 'child', key: 'paul' | 'lena'): Promise<void> {
  const member = await tm.request('/api/members', { json: { name, role } });
  expect(member.status, member.text).toBe(201);
  people[key] = { id: member.json.id as string, cookie: await pairDevice(tm, lan, member.json.id, `${name}s Handy`) };
}

const as = (key: 'paul' | 'lena', method: string, path: string, json?: unknown) =>
  rawRequest(lan, method, path, { cookie: people[key].cookie, ...(json !== undefined ? { json } : {}) });

async function listed(key: 'paul' | 'lena'): Promise<LearnedListResponse> {
  const res = await as(key, 'GET', '/api/learned');
  expect(res.status, res.text).toBe(200);
  return res.json as LearnedListResponse;
}

/** The system prompt the model saw for one more chat of this person. */
async function promptFor(key: 'paul' | 'lena'): Promise<string> {
  ollama.reply({ content: 'Gern.' });
  const chat = await as(key, 'POST', '/api/agent/chat', { message: 'Was steht heute an?' });
  expect(chat.status, chat.text).toBe(200);
  return ollama.chats().at(-1)!.messages[0]!.content;
}

beforeAll(async () => {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0', OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
  lan = new URL((await tm.request('/api/devices')).json.lan.url);
  await person('Paul', 'adult', 'paul');
  await person('Lena', 'child', 'lena');
}, 60_000);

afterAll(async () => {
  await tm?.close();
  await ollama?.close();
});

describe('what the assistant learns waits for the member it belongs to', () => {
  let factId = '';
  let beforeForget: LearnedRecord | undefined;

  it('a fact the assistant proposes is listed for Paul as proposed and not used', async () => {
    ollama.reply({ tool_calls: [{ name: 'memory_propose', arguments: { fact: FACT } }] }, { content: 'Soll ich mir das merken?' });
    const chat = await as('paul', 'POST', '/api/agent/chat', { message: 'Merk dir, dass Oma am 3. Mai Geburtstag hat' });
    expect(chat.status, chat.text).toBe(200);
    expect(chat.json.tool_calls[0]).toMatchObject({ tool: 'memory_propose', result: { success: true, data: { status: 'proposed' } } });

    const { records } = await listed('paul');
    expect(records).toMatchObject([{ kind: 'fact', content: FACT, state: 'proposed', member_id: people.paul.id, source: 'assistant' }]);
    factId = records[0]!.id;
    expect(await promptFor('paul')).not.toContain(FACT);
  });

  it('Lena cannot see, accept or forget it: for her it is absent', async () => {
    expect((await listed('lena')).records.map((r) => r.id)).not.toContain(factId);
    expect((await as('lena', 'POST', `/api/learned/${factId}/accept`, {})).status).toBe(404);
    expect((await as('lena', 'DELETE', `/api/learned/${factId}`)).status).toBe(404);
    expect((await listed('paul')).records[0]).toMatchObject({ id: factId, state: 'proposed' });
  });

  it('once Paul accepts it, it reaches his prompts and not Lena’s', async () => {
    const accepted = await as('paul', 'POST', `/api/learned/${factId}/accept`, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.record).toMatchObject({ id: factId, state: 'accepted', member_name: 'Paul' });
    expect((await as('paul', 'POST', `/api/learned/${factId}/accept`, {})).status).toBe(409);
    expect(await promptFor('paul')).toContain(`- ${FACT}`);
    expect(await promptFor('lena')).not.toContain(FACT);
    beforeForget = (await listed('paul')).records.find((r) => r.id === factId);
    expect(beforeForget).toMatchObject({ kind: 'fact', content: FACT, state: 'accepted', source: 'assistant', decided_by: people.paul.id });
    expect(beforeForget?.decided_at).toBeTruthy();
  });

  it('once forgotten it is gone: not listed, not used', async () => {
    const forgotten = await as('paul', 'DELETE', `/api/learned/${factId}`);
    expect(forgotten.status, forgotten.text).toBe(200);
    expect(forgotten.json).toEqual({ forgotten: factId, undoable: true });
    expect((await listed('paul')).records.map((r) => r.id)).not.toContain(factId);
    expect(await promptFor('paul')).not.toContain(FACT);
    expect((await as('paul', 'DELETE', `/api/learned/${factId}`)).status).toBe(404);
    expect((await as('paul', 'POST', `/api/learned/${factId}/accept`, {})).status).toBe(404);
  });

  it('undoing the forget brings it back with every field, listed and used again; only for Paul', async () => {
    expect((await as('lena', 'POST', `/api/learned/${factId}/restore`, {})).status).toBe(404);
    const restored = await as('paul', 'POST', `/api/learned/${factId}/restore`, {});
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.record).toEqual(beforeForget);
    expect((await listed('paul')).records.find((r) => r.id === factId)).toEqual(beforeForget);
    expect(await promptFor('paul')).toContain(`- ${FACT}`);
    expect(await promptFor('lena')).not.toContain(FACT);
    expect((await as('paul', 'POST', `/api/learned/${factId}/restore`, {})).status).toBe(404);
  });

  it('a pipeline is offered only once accepted; a step that is no tool is refused', async () => {
    ollama.reply(
      { tool_calls: [{ name: 'pipeline_propose', arguments: { name: 'Wocheneinkauf', steps: ['mealplan_list', 'zaubern'] } }] },
      { content: 'Das ging nicht.' },
    );
    const bad = await as('paul', 'POST', '/api/agent/chat', { message: 'Merk dir den Ablauf' });
    expect(bad.json.tool_calls[0]).toMatchObject({ result: { success: false } });
    expect((await listed('paul')).records.filter((r) => r.kind === 'pipeline')).toEqual([]);

    ollama.reply(
      { tool_calls: [{ name: 'pipeline_propose', arguments: { name: 'Wocheneinkauf', steps: ['mealplan_list', 'groceries_add'] } }] },
      { content: 'Vorgeschlagen.' },
    );
    await as('paul', 'POST', '/api/agent/chat', { message: 'Merk dir den Ablauf' });
    const pipeline = (await listed('paul')).records.find((r) => r.kind === 'pipeline')!;
    expect(pipeline).toMatchObject({ content: 'Wocheneinkauf', steps: ['mealplan_list', 'groceries_add'], state: 'proposed' });
    expect(await promptFor('paul')).not.toContain('Wocheneinkauf');
    expect((await as('paul', 'POST', `/api/learned/${pipeline.id}/accept`, {})).status).toBe(200);
    expect(await promptFor('paul')).toContain('- Wocheneinkauf: mealplan_list → groceries_add');
    expect(await promptFor('lena')).not.toContain('Wocheneinkauf');
  });

  it('a fact for the whole household is seen by everyone and decided only by an admin', async () => {
    ollama.reply(
      { tool_calls: [{ name: 'memory_propose', arguments: { fact: 'Der Müll wird dienstags abgeholt', for_household: true } }] },
      { content: 'Vorgeschlagen.' },
    );
    await as('lena', 'POST', '/api/agent/chat', { message: 'Merkt euch alle: Müll ist dienstags' });
    const record = (await listed('paul')).records.find((r) => r.content === 'Der Müll wird dienstags abgeholt')!;
    expect(record).toMatchObject({ member_id: null, state: 'proposed' });
    expect((await as('lena', 'POST', `/api/learned/${record.id}/accept`, {})).status).toBe(403);
    // The desktop is the household's admin.
    expect((await tm.request(`/api/learned/${record.id}/accept`, { method: 'POST', json: {} })).status).toBe(200);
    expect(await promptFor('lena')).toContain('Der Müll wird dienstags abgeholt');
  });
});
