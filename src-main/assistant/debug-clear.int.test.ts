import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseReadonly } from '../platform/database';
import { readToolHistoryReadonly } from '../skills';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// CLEAR HISTORY on the System screen: what the household did is forgotten everywhere it was
// kept for later, the trace and the tool history `jarvis skill discover` learns from.

let ollama: ScriptedOllama;
let tm: TestMaster;

beforeAll(async () => {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
}, 60_000);
afterAll(async () => {
  await tm?.close();
  await ollama?.close();
});

function historyTools(): string[][] {
  const db = openDatabaseReadonly(tm.config.dataFile);
  try {
    return readToolHistoryReadonly(db).map((run) => run.calls.map((c) => c.tool));
  } finally {
    db.close();
  }
}

async function shoppingTurn(item: string): Promise<void> {
  ollama.reply(
    { tool_calls: [{ name: 'groceries_add', arguments: { name: item } }] },
    { tool_calls: [{ name: 'tasks_create', arguments: { title: `${item} kaufen` } }] },
    { content: 'Erledigt.' },
  );
  const res = await tm.request('/api/agent/chat', { json: { message: `${item} auf die Liste und eine Aufgabe dazu` } });
  expect(res.status).toBe(200);
}

describe('POST /api/debug/clear', () => {
  it('forgets the skills tool history with the trace; calls after it are recorded again', async () => {
    await shoppingTurn('Milch');
    expect(historyTools()).toEqual([['groceries_add', 'tasks_create']]);

    expect((await tm.request('/api/debug/clear', { method: 'POST' })).json).toEqual({ ok: true });
    expect((await tm.request('/api/debug/export')).json.trace).toEqual([]);
    expect(historyTools()).toEqual([]);

    await shoppingTurn('Brot');
    expect(historyTools()).toEqual([['groceries_add', 'tasks_create']]);
  });
});
