// A remembered fact is one decision shown in two places, through the real master: the Gelernt
// card's record and the protocol's MemoryProposal. Deciding, forgetting or restoring on the
// card is recorded in the protocol as the member's decision; deciding in the protocol shows on
// the card; the assistant uses the fact exactly while both say it is remembered.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnedListResponse, LearnedRecord, MemoryProposal, WorkSession } from '../../../src-shared';
import { openDatabase } from '../../platform/database/database';
import { pairDevice, rawRequest } from '../../testing/lan-devices';
import { startScriptedOllama, type ScriptedOllama } from '../../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../../testing/test-master';

const READ = { 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' };

async function proposals(tm: TestMaster): Promise<MemoryProposal[]> {
  return ((await tm.request('/api/protocol/memory-proposals', { headers: READ })).json as { proposals: MemoryProposal[] }).proposals;
}

async function proposal(tm: TestMaster, id: string): Promise<MemoryProposal> {
  return (await proposals(tm)).find((p) => p.proposal_id === id)!;
}

async function session(tm: TestMaster, id: string): Promise<WorkSession> {
  return ((await tm.request(`/api/protocol/sessions/${id}`, { headers: READ })).json as { session: WorkSession }).session;
}

/** A decision sent to the protocol's own route, with the WorkSession headers as a protocol client sends it. */
async function decideInProtocol(tm: TestMaster, p: MemoryProposal, decision: 'accept' | 'reject') {
  const s = await session(tm, p.work_session_id);
  return tm.request(`/api/protocol/sessions/${p.work_session_id}/memory-proposals/${p.proposal_id}/decision`, {
    json: { decision },
    headers: {
      ...READ,
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
      'jarvis-expected-worksession-revision': String(s.revision),
      'jarvis-previous-event-hash': s.last_event_hash,
    },
  });
}

async function card(tm: TestMaster): Promise<readonly LearnedRecord[]> {
  return ((await tm.request('/api/learned')).json as LearnedListResponse).records;
}

async function record(tm: TestMaster, id: string): Promise<LearnedRecord | undefined> {
  return (await card(tm)).find((r) => r.id === id);
}

/** Proposes a fact as the assistant's tool does; returns the ids of its record and its proposal. */
async function remember(tm: TestMaster, fact: string, forHousehold = false): Promise<{ learned: string; proposal: string }> {
  const res = await tm.request('/api/tools/memory_propose', {
    json: { arguments: { fact, ...(forHousehold ? { for_household: true } : {}) } },
  });
  expect(res.json, res.text).toMatchObject({ success: true, data: { status: 'proposed' } });
  return { learned: res.json.data.learned_id as string, proposal: res.json.data.proposal_id as string };
}

/** The system prompt of one more desktop chat. */
async function prompt(tm: TestMaster, ollama: ScriptedOllama): Promise<string> {
  ollama.reply({ content: 'Gern.' });
  const chat = await tm.request('/api/agent/chat', { json: { message: 'Was steht heute an?' } });
  expect(chat.status, chat.text).toBe(200);
  return ollama.chats().at(-1)!.messages[0]!.content;
}

describe('a remembered fact is decided once and both places show it', () => {
  let ollama: ScriptedOllama;
  let tm: TestMaster;
  let lan: URL;
  const NUTS = 'Paul verträgt keine Nüsse';
  let nuts = { learned: '', proposal: '' };
  let desktopActor = '';

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0', OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
    lan = new URL((await tm.request('/api/devices')).json.lan.url);
  }, 60_000);
  afterAll(async () => {
    await tm?.close();
    await ollama?.close();
  });

  it('the record names its proposal; accepting on the Gelernt card accepts the proposal as that member, and the fact is used', async () => {
    nuts = await remember(tm, NUTS);
    const listed = (await record(tm, nuts.learned))!;
    expect(listed).toMatchObject({ content: NUTS, state: 'proposed', memory_proposal_id: nuts.proposal });
    expect(await prompt(tm, ollama)).not.toContain(NUTS);

    const accepted = await tm.request(`/api/learned/${nuts.learned}/accept`, { method: 'POST', json: {} });
    expect(accepted.status, accepted.text).toBe(200);
    desktopActor = `act_member_${accepted.json.record.decided_by as string}`;
    const decided = await proposal(tm, nuts.proposal);
    expect(decided).toMatchObject({ status: 'accepted', decided_by: desktopActor });
    expect(await session(tm, decided.work_session_id)).toMatchObject({ sealed: true });
    expect(await prompt(tm, ollama)).toContain(`- ${NUTS}`);

    // Deciding twice changes nothing, on either side.
    const count = (await proposals(tm)).length;
    expect((await tm.request(`/api/learned/${nuts.learned}/accept`, { method: 'POST', json: {} })).status).toBe(409);
    expect((await decideInProtocol(tm, decided, 'reject')).status).toBe(409);
    expect((await proposals(tm)).length).toBe(count);
    expect(await proposal(tm, nuts.proposal)).toEqual(decided);
    expect((await record(tm, nuts.learned))!.state).toBe('accepted');
  });

  it('forgetting it records a forget that follows the proposal, and the assistant no longer uses it', async () => {
    const forgotten = await tm.request(`/api/learned/${nuts.learned}`, { method: 'DELETE' });
    expect(forgotten.json).toEqual({ forgotten: nuts.learned, undoable: true });
    const forget = (await proposals(tm)).find((p) => p.follows === nuts.proposal)!;
    expect(forget).toMatchObject({ fact: NUTS, change: 'forget', status: 'accepted', decided_by: desktopActor });
    // The sealed decision itself is not rewritten: the forget is a record of its own.
    expect((await proposal(tm, nuts.proposal)).status).toBe('accepted');
    expect(await session(tm, forget.work_session_id)).toMatchObject({ owner_actor_id: desktopActor, sealed: true });
    expect(await record(tm, nuts.learned)).toBeUndefined();
    expect(await prompt(tm, ollama)).not.toContain(NUTS);
    expect((await tm.request(`/api/learned/${nuts.learned}`, { method: 'DELETE' })).status).toBe(404);
    expect(tm.master.capabilities.protocol.service!.verify().ok).toBe(true);
  });

  it('restoring it within the undo window makes both say remembered again', async () => {
    const restored = await tm.request(`/api/learned/${nuts.learned}/restore`, { method: 'POST', json: {} });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.record).toMatchObject({ state: 'accepted', memory_proposal_id: nuts.proposal });
    const forget = (await proposals(tm)).find((p) => p.follows === nuts.proposal)!;
    const again = (await proposals(tm)).find((p) => p.follows === forget.proposal_id)!;
    expect(again).toMatchObject({ fact: NUTS, status: 'accepted', decided_by: desktopActor });
    expect(again.change).toBeUndefined();
    expect(await prompt(tm, ollama)).toContain(`- ${NUTS}`);
    // The fact is in the prompt once, not once per accepted proposal.
    expect((await prompt(tm, ollama)).split(NUTS).length).toBe(2);
    expect(tm.master.capabilities.protocol.service!.verify().ok).toBe(true);
  });

  it('a decision taken in the protocol shows on the Gelernt card', async () => {
    const cake = await remember(tm, 'Lena isst gern Käsekuchen');
    const fish = await remember(tm, 'Opa isst keinen Fisch');
    expect((await decideInProtocol(tm, await proposal(tm, cake.proposal), 'accept')).status).toBe(200);
    expect((await decideInProtocol(tm, await proposal(tm, fish.proposal), 'reject')).status).toBe(200);
    expect(await record(tm, cake.learned)).toMatchObject({ state: 'accepted', decided_by: 'household' });
    expect(await record(tm, fish.learned)).toMatchObject({ state: 'refused', decided_by: 'household' });
    const seen = await prompt(tm, ollama);
    expect(seen).toContain('- Lena isst gern Käsekuchen');
    expect(seen).not.toContain('Fisch');
    // Refused in the protocol: the card cannot accept it behind the protocol's back.
    expect((await tm.request(`/api/learned/${fish.learned}/accept`, { method: 'POST', json: {} })).status).toBe(409);
    expect((await proposal(tm, fish.proposal)).status).toBe('rejected');
  });

  it('forgetting an undecided fact withdraws its proposal; restoring proposes it again', async () => {
    const FACT = 'Die Katze heißt Minka';
    const cat = await remember(tm, FACT);
    expect((await tm.request(`/api/learned/${cat.learned}`, { method: 'DELETE' })).status).toBe(200);
    const withdrawn = await proposal(tm, cat.proposal);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decided_by: desktopActor });
    expect(await session(tm, withdrawn.work_session_id)).toMatchObject({ sealed: true });

    const restored = await tm.request(`/api/learned/${cat.learned}/restore`, { method: 'POST', json: {} });
    expect(restored.json.record).toMatchObject({ state: 'proposed' });
    const renewed = (await proposals(tm)).find((p) => p.follows === cat.proposal)!;
    expect(renewed).toMatchObject({ fact: FACT, status: 'proposed' });
    expect(await prompt(tm, ollama)).not.toContain(FACT);

    // The renewed proposal is the one the household decides now, in the protocol or on the card.
    expect((await decideInProtocol(tm, renewed, 'accept')).status).toBe(200);
    expect(await record(tm, cat.learned)).toMatchObject({ state: 'accepted', memory_proposal_id: cat.proposal });
    expect(await prompt(tm, ollama)).toContain(`- ${FACT}`);
    expect(tm.master.capabilities.protocol.service!.verify().ok).toBe(true);
  });

  it('a child can decide neither a household fact on the card nor any proposal in the protocol', async () => {
    const member = await tm.request('/api/members', { json: { name: 'Lena', role: 'child' } });
    expect(member.status, member.text).toBe(201);
    const cookie = await pairDevice(tm, lan, member.json.id, 'Lenas Handy');
    const pizza = await remember(tm, 'Freitags gibt es Pizza', true);
    const asLena = (method: string, path: string, json?: unknown) =>
      rawRequest(lan, method, path, { cookie, ...(json !== undefined ? { json } : {}) });
    expect((await asLena('POST', `/api/learned/${pizza.learned}/accept`, {})).status).toBe(403);
    expect((await asLena('DELETE', `/api/learned/${pizza.learned}`)).status).toBe(403);
    const p = await proposal(tm, pizza.proposal);
    const s = await session(tm, p.work_session_id);
    const viaProtocol = await rawRequest(
      lan,
      'POST',
      `/api/protocol/sessions/${p.work_session_id}/memory-proposals/${p.proposal_id}/decision`,
      {
        cookie,
        json: { decision: 'accept' },
        headers: {
          ...READ,
          'jarvis-actor-id': `act_member_${member.json.id as string}`,
          'jarvis-idempotency-key': randomUUID(),
          'jarvis-request-timestamp': new Date().toISOString(),
          'jarvis-expected-worksession-revision': String(s.revision),
          'jarvis-previous-event-hash': s.last_event_hash,
        },
      },
    );
    expect(viaProtocol.status).toBe(403);
    expect((await proposal(tm, pizza.proposal)).status).toBe('proposed');
    expect((await record(tm, pizza.learned))!.state).toBe('proposed');
  });
});

describe('a database from before the link', () => {
  let ollama: ScriptedOllama;
  let dir = '';

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    dir = mkdtempSync(join(tmpdir(), 'jarvis-memory-link-'));
  });
  afterAll(async () => {
    await ollama?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('links each fact to the proposal written with it at the next start and brings the two in line', async () => {
    const env = { JARVIS_DATA: join(dir, 'jarvis.db'), OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' };
    const before = await startTestMaster(env);
    const onCard = await remember(before, 'Mama trinkt keinen Kaffee');
    const inProtocol = await remember(before, 'Papa mag Jazz');
    const untouched = await remember(before, 'Der Hund heißt Bello');
    // As before the link: the records name no proposal, so each side decides alone.
    const db = openDatabase(env.JARVIS_DATA);
    db.prepare('UPDATE learned_records SET memory_proposal_id = NULL').run();
    db.close();
    expect((await before.request(`/api/learned/${onCard.learned}/accept`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await decideInProtocol(before, await proposal(before, inProtocol.proposal), 'accept')).status).toBe(200);
    expect((await proposal(before, onCard.proposal)).status).toBe('proposed');
    expect((await record(before, inProtocol.learned))!.state).toBe('proposed');
    const records = (await card(before)).length;
    const proposed = (await proposals(before)).length;
    await before.close();

    const after = await startTestMaster(env);
    try {
      expect(await record(after, onCard.learned)).toMatchObject({ state: 'accepted', memory_proposal_id: onCard.proposal });
      expect(await proposal(after, onCard.proposal)).toMatchObject({ status: 'accepted' });
      expect((await proposal(after, onCard.proposal)).decided_by).toMatch(/^act_member_/);
      expect(await record(after, inProtocol.learned)).toMatchObject({ state: 'accepted', memory_proposal_id: inProtocol.proposal });
      expect(await record(after, untouched.learned)).toMatchObject({ state: 'proposed', memory_proposal_id: untouched.proposal });
      expect((await card(after)).length).toBe(records);
      expect((await proposals(after)).length).toBe(proposed);
      expect(after.master.capabilities.protocol.service!.verify().ok).toBe(true);
    } finally {
      await after.close();
    }
  });
});
