import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryProposal, WorkSession } from '../../src-shared';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const READ = { 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' };

/** The household's decision, sent with the WorkSession headers as the UI sends it. */
async function decide(tm: TestMaster, proposal: MemoryProposal, decision: 'accept' | 'reject', actor = 'act_household') {
  const { session } = (await tm.request(`/api/protocol/sessions/${proposal.work_session_id}`, { headers: READ })).json as {
    session: WorkSession;
  };
  return tm.request(`/api/protocol/sessions/${proposal.work_session_id}/memory-proposals/${proposal.proposal_id}/decision`, {
    json: { decision },
    headers: {
      ...READ,
      'jarvis-actor-id': actor,
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
      'jarvis-expected-worksession-revision': String(session.revision),
      'jarvis-previous-event-hash': session.last_event_hash,
    },
  });
}

async function proposals(tm: TestMaster): Promise<MemoryProposal[]> {
  return ((await tm.request('/api/protocol/memory-proposals', { headers: READ })).json as { proposals: MemoryProposal[] }).proposals;
}

describe('what the assistant wants to remember is a MemoryProposal', () => {
  let ollama: ScriptedOllama;
  let tm: TestMaster;

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
  });
  afterAll(async () => {
    await tm.close();
    await ollama.close();
  });

  it('counts only after the household accepts it, then reaches every later system prompt', async () => {
    ollama.reply(
      { tool_calls: [{ name: 'memory_propose', arguments: { fact: 'Paul verträgt keine Nüsse' } }] },
      { content: 'Ich schlage vor, mir das zu merken.' },
    );
    const chat = await tm.request('/api/agent/chat', { json: { message: 'Merk dir, dass Paul keine Nüsse verträgt' } });
    expect(chat.json.tool_calls[0]).toMatchObject({ tool: 'memory_propose', result: { success: true, data: { status: 'proposed' } } });

    const [proposal] = await proposals(tm);
    expect(proposal).toMatchObject({ fact: 'Paul verträgt keine Nüsse', status: 'proposed', work_session_id: `ws_${chat.json.trace_id}` });
    // The request is over, but its session stays unsealed while the household has not decided.
    const open = tm.master.capabilities.protocol.service!.session(proposal!.work_session_id)!;
    expect(open.session).toMatchObject({ status: 'completed', sealed: false });

    ollama.reply({ content: 'Hallo.' });
    await tm.request('/api/agent/chat', { json: { message: 'Hallo' } });
    expect(ollama.chats().at(-1)!.messages[0]!.content).not.toContain('Paul verträgt keine Nüsse');

    // The assistant cannot accept its own proposal: no silent memory mutation.
    const bySelf = await decide(tm, proposal!, 'accept', 'act_jarvis_assistant');
    expect(bySelf.json.error.code).toBe('SILENT_MEMORY_MUTATION');
    expect((await proposals(tm))[0]!.status).toBe('proposed');

    expect((await decide(tm, proposal!, 'accept')).status).toBe(200);
    expect((await decide(tm, proposal!, 'accept')).status).toBe(409);
    expect(tm.master.capabilities.protocol.service!.session(proposal!.work_session_id)!.session).toMatchObject({
      status: 'completed',
      sealed: true,
    });
    ollama.reply({ content: 'Hallo.' });
    await tm.request('/api/agent/chat', { json: { message: 'Was gibt es heute?' } });
    expect(ollama.chats().at(-1)!.messages[0]!.content).toContain('Vom Haushalt bestätigte Fakten:\n- Paul verträgt keine Nüsse');
    expect(tm.master.capabilities.protocol.service!.verify().ok).toBe(true);
  });

  it('a rejected fact never reaches the prompt; a direct tool call gets its own session', async () => {
    const direct = await tm.request('/api/tools/memory_propose', { json: { arguments: { fact: 'Oma mag keinen Koriander' } } });
    expect(direct.json).toMatchObject({ success: true, data: { status: 'proposed' } });
    const proposal = (await proposals(tm)).find((p) => p.fact === 'Oma mag keinen Koriander')!;
    expect((await decide(tm, proposal, 'reject')).status).toBe(200);
    expect((await proposals(tm)).find((p) => p.proposal_id === proposal.proposal_id)!.status).toBe('rejected');
    expect(tm.master.capabilities.protocol.service!.session(proposal.work_session_id)!.session).toMatchObject({
      status: 'completed',
      sealed: true,
    });
    ollama.reply({ content: 'Hallo.' });
    await tm.request('/api/agent/chat', { json: { message: 'Hallo' } });
    expect(ollama.chats().at(-1)!.messages[0]!.content).not.toContain('Koriander');

    // An accepted fact is not proposed twice; bad input is refused and records nothing.
    const again = await tm.request('/api/tools/memory_propose', { json: { arguments: { fact: 'Paul verträgt keine  Nüsse' } } });
    expect(again.json).toMatchObject({ success: true, data: { status: 'accepted' } });
    const before = (await proposals(tm)).length;
    expect((await tm.request('/api/tools/memory_propose', { json: { arguments: { fact: 'x' } } })).status).toBe(400);
    expect((await tm.request('/api/tools/memory_propose', { json: { arguments: { fact: 'Ein Fakt', extra: 1 } } })).status).toBe(400);
    expect((await proposals(tm)).length).toBe(before);
  });
});
