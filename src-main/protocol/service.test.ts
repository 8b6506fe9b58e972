import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, JarvisEvent, WorkSession } from '../../src-shared';
import { openDatabase, type Db } from '../platform/database';
import { ProtocolStore } from './store';
import { verifyChain } from './chain';
import { verifyEvidence } from './evidence';
import { protocolPartOf } from './export-seal';
import { ProtocolError } from './errors';
import type { MutationContext } from './headers';
import { DELETES_NEED_REVIEW } from '../testing/protocol-rules';
import { HOST_IDS, ProtocolService } from './service';
import { ephemeralSigner } from './signing-key';

const NOW = new Date('2026-11-30T12:00:00Z');
let db: Db;
let svc: ProtocolService;
const signer = ephemeralSigner();

beforeEach(() => {
  db = openDatabase(':memory:');
  svc = new ProtocolService(new ProtocolStore(db), () => NOW, signer);
  svc.bootstrap(DELETES_NEED_REVIEW);
});

function base(actorId: string, key: string = randomUUID()): MutationContext {
  return { actorId, idempotencyKey: key, timestamp: NOW.toISOString() };
}

/** Headers for the session's current state, as a well-behaved client sends them. */
function at(sessionId: string, actorId: string = HOST_IDS.assistant, key: string = randomUUID()): MutationContext {
  const s = svc.get<WorkSession>('WorkSession', sessionId)!;
  return { ...base(actorId, key), expectedRevision: s.revision, previousEventHash: s.last_event_hash };
}

function newSession(id = 'ws_1'): string {
  svc.createSession(base(HOST_IDS.assistant), { work_session_id: id, policy_id: HOST_IDS.householdPolicy, goal: 'Termin löschen' });
  return id;
}

function rejects(code: string, fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ProtocolError);
    expect((err as ProtocolError).code).toBe(code);
    return;
  }
  expect.unreachable(`expected ${code}`);
}

/** Nothing changes on a rejection: the same rows before and after. */
function snapshot(): string {
  return JSON.stringify([
    db.prepare('SELECT * FROM protocol_records ORDER BY record_type, record_id').all(),
    db.prepare('SELECT * FROM protocol_events ORDER BY event_id').all(),
    db.prepare('SELECT * FROM protocol_idempotency ORDER BY idempotency_key').all(),
  ]);
}

function rejectsUnchanged(code: string, fn: () => unknown): void {
  const before = snapshot();
  rejects(code, fn);
  expect(snapshot()).toBe(before);
}

function blockedOnDelete(sessionId: string): { decisionId: string; requestId: string } {
  svc.recordDecision(at(sessionId), sessionId, { decision_id: 'dec_del', tool: 'calendar_delete', arguments: { id: 'evt_1' } });
  svc.openRequest(at(sessionId), sessionId, { request_id: 'req_1', decision_id: 'dec_del', summary: 'Termin Zahnarzt löschen?' });
  return { decisionId: 'dec_del', requestId: 'req_1' };
}

describe('records and the hash-linked event chain', () => {
  it('stores a whole assistant request as protocol state whose chain verifies', () => {
    const id = newSession();
    svc.recordDecision(at(id), id, { decision_id: 'dec_1', tool: 'calendar_create', arguments: { title: 'Zahnarzt' } });
    svc.contribute(at(id), id, { contribution_id: 'con_1', decision_id: 'dec_1', kind: 'tool_result', summary: 'Termin gespeichert' });
    svc.setSessionStatus(at(id), id, { status: 'completed' });
    svc.submitOutcome(base(HOST_IDS.assistant), { report_id: 'out_1', work_session_id: id, outcome: 'completed', summary: 'ok' });
    const view = svc.session(id)!;
    expect(view.events.map((e) => e.type)).toEqual([
      'work_session.created',
      'policy_decision.recorded',
      'contribution.recorded',
      'work_session.completed',
      'outcome.reported',
    ]);
    expect(view.events.map((e) => e.revision)).toEqual([1, 2, 3, 4, 5]);
    expect(view.session.revision).toBe(5);
    expect(view.events[1]!.previous_event_hash).toBe(view.events[0]!.hash);
    expect(svc.verify()).toEqual({ ok: true, events_checked: 5, sessions: 1, problems: [], legacy_sessions: [] });
    expect(view.records.OutcomeReport).toHaveLength(1);
    // Each event carries the records it wrote, so the records can be rebuilt from the chain.
    expect(view.events[1]!.payload).toMatchObject({
      records: [{ type: 'PolicyDecision', id: 'dec_1', body: view.records.PolicyDecision[0] }],
    });
    expect(view.events[4]!.payload).toMatchObject({
      records: [{ type: 'OutcomeReport', id: 'out_1', body: view.records.OutcomeReport[0] }],
    });
  });

  it('a tampered event breaks verification at exactly that event', () => {
    const id = newSession();
    svc.recordDecision(at(id), id, { decision_id: 'dec_1', tool: 'calendar_create', arguments: {} });
    svc.contribute(at(id), id, { contribution_id: 'con_1', decision_id: 'dec_1', kind: 'reply', summary: 'original' });
    const events = svc.session(id)!.events;
    const tampered: JarvisEvent[] = events.map((e) =>
      e.revision === 3 ? { ...e, payload: { ...(e.payload as object), summary: 'changed' } } : e,
    );
    const report = verifyChain(tampered);
    expect(report.ok).toBe(false);
    expect(report.first_broken).toMatchObject({ work_session_id: id, revision: 3, event_id: events[2]!.event_id });
    const relinked = events.map((e) => (e.revision === 2 ? { ...e, previous_event_hash: 'f'.repeat(64) } : e));
    expect(verifyChain(relinked).first_broken?.revision).toBe(2);
    expect(verifyChain(events.filter((e) => e.revision !== 2)).first_broken?.reason).toContain('expected revision 2');
  });

  it('the arguments of an action are hashed, never stored', () => {
    const id = newSession();
    svc.recordDecision(at(id), id, { decision_id: 'dec_1', tool: 'calendar_create', arguments: { title: 'Geheimer Termin' } });
    expect(JSON.stringify(svc.exportAll())).not.toContain('Geheimer Termin');
  });
});

describe('validation', () => {
  it('rejects bodies that miss required fields, carry unknown ones or break enums', () => {
    rejectsUnchanged('INVALID_RECORD', () =>
      svc.createSession(base(HOST_IDS.assistant), { policy_id: HOST_IDS.householdPolicy, goal: 'x' }),
    );
    rejectsUnchanged('INVALID_RECORD', () =>
      svc.createSession(base(HOST_IDS.assistant), { work_session_id: 'ws', policy_id: HOST_IDS.householdPolicy, goal: 'x', extra: 1 }),
    );
    rejectsUnchanged('INVALID_RECORD', () => svc.registerWorker(base(HOST_IDS.system), { worker_id: 'w1', kind: 'robot', name: 'x' }));
  });

  it('rejects fields that must never be exported', () => {
    rejectsUnchanged('FORBIDDEN_EXPORT_FIELD', () =>
      svc.registerWorker(base(HOST_IDS.system), { worker_id: 'w1', kind: 'runtime_worker', name: 'py', access_token: 'abc' }),
    );
    const id = newSession();
    rejectsUnchanged('FORBIDDEN_EXPORT_FIELD', () =>
      svc.recordDecision(at(id), id, { decision_id: 'd', tool: 'x', arguments: { nested: { password: 'p' } } }),
    );
  });

  it('rejects an unknown actor and an actor without the authority', () => {
    rejectsUnchanged('UNKNOWN_ACTOR', () =>
      svc.createSession(base('act_nobody'), { work_session_id: 'ws', policy_id: HOST_IDS.householdPolicy, goal: 'x' }),
    );
    rejectsUnchanged('ACTOR_NOT_AUTHORIZED', () =>
      svc.definePolicy(base(HOST_IDS.assistant), { policy_id: 'p2', name: 'mine', rules: { require_review: [], deny: [] } }),
    );
    rejectsUnchanged('ACTOR_NOT_AUTHORIZED', () =>
      svc.registerActor(base(HOST_IDS.assistant), {
        actor_id: 'a2',
        worker_id: HOST_IDS.hostWorker,
        role: 'assistant',
        display_name: 'x',
        authority: ['policy.define'],
      }),
    );
  });

  it('rejects a path/body identity mismatch and an actor/body mismatch', () => {
    const id = newSession();
    rejectsUnchanged('PATH_BODY_MISMATCH', () =>
      svc.recordDecision(at(id), id, { work_session_id: 'ws_other', decision_id: 'd', tool: 'x', arguments: {} }),
    );
    const { requestId } = blockedOnDelete(id);
    rejectsUnchanged('ACTOR_BODY_MISMATCH', () =>
      svc.review(at(id, HOST_IDS.household), id, requestId, { review_id: 'r', verdict: 'approve', reviewer_actor_id: HOST_IDS.assistant }),
    );
  });

  it('needs the expected revision and previous event hash of the current state', () => {
    const id = newSession();
    const stale = at(id);
    svc.recordDecision(at(id), id, { decision_id: 'd1', tool: 'calendar_list', arguments: {} });
    rejectsUnchanged('REVISION_CONFLICT', () => svc.recordDecision(stale, id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }));
    const wrongHash = { ...at(id), previousEventHash: 'a'.repeat(64) };
    rejectsUnchanged('PREVIOUS_EVENT_HASH_MISMATCH', () =>
      svc.recordDecision(wrongHash, id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }),
    );
    rejectsUnchanged('MISSING_HEADER', () =>
      svc.recordDecision(base(HOST_IDS.assistant), id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }),
    );
  });
});

describe('rejections of spec/004', () => {
  it('missing PolicyDecision', () => {
    const id = newSession();
    rejectsUnchanged('MISSING_POLICY_DECISION', () =>
      svc.contribute(at(id), id, { contribution_id: 'c', decision_id: 'dec_none', kind: 'tool_result', summary: 'x' }),
    );
  });

  it('unresolved Request', () => {
    const id = newSession();
    blockedOnDelete(id);
    expect(svc.get<WorkSession>('WorkSession', id)!.status).toBe('blocked');
    rejectsUnchanged('UNRESOLVED_REQUEST', () =>
      svc.recordDecision(at(id), id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }),
    );
    rejectsUnchanged('UNRESOLVED_REQUEST', () =>
      svc.contribute(at(id), id, { contribution_id: 'c', decision_id: 'dec_del', kind: 'tool_result', summary: 'gelöscht' }),
    );
  });

  it('missing Review or Takeover resolution', () => {
    const id = newSession();
    blockedOnDelete(id);
    rejectsUnchanged('MISSING_RESOLUTION', () => svc.setSessionStatus(at(id), id, { status: 'completed' }));
    svc.review(at(id, HOST_IDS.household), id, 'req_1', { review_id: 'rev_1', verdict: 'reject' });
    rejectsUnchanged('MISSING_RESOLUTION', () =>
      svc.contribute(at(id), id, { contribution_id: 'c', decision_id: 'dec_del', kind: 'tool_result', summary: 'gelöscht' }),
    );
  });

  it('an approved review lets the blocked action be accepted', () => {
    const id = newSession();
    blockedOnDelete(id);
    svc.review(at(id, HOST_IDS.household), id, 'req_1', { review_id: 'rev_1', verdict: 'approve' });
    const answer = svc.contribute(at(id), id, { contribution_id: 'c', decision_id: 'dec_del', kind: 'tool_result', summary: 'gelöscht' });
    expect(answer.status).toBe(201);
  });

  it('stale Takeover continuation', () => {
    const id = newSession();
    blockedOnDelete(id);
    const agentBefore = at(id);
    svc.takeover(at(id, HOST_IDS.household), id, 'req_1', { takeover_id: 'tk_1', reason: 'Ich mache das selbst' });
    rejectsUnchanged('STALE_TAKEOVER_CONTINUATION', () =>
      svc.recordDecision(agentBefore, id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }),
    );
    rejectsUnchanged('STALE_TAKEOVER_CONTINUATION', () =>
      svc.contribute(at(id), id, { contribution_id: 'c', decision_id: 'dec_del', kind: 'tool_result', summary: 'gelöscht' }),
    );
  });

  it('mutation of a sealed WorkSession', () => {
    const id = newSession();
    svc.setSessionStatus(at(id), id, { status: 'completed' });
    svc.sealSession(at(id, HOST_IDS.system), id);
    rejectsUnchanged('SEALED_WORK_SESSION', () => svc.recordLearning(at(id), id, { learning_id: 'l', summary: 'x' }));
  });

  it('mutation of a sealed EvidenceManifest', () => {
    svc.createManifest(base(HOST_IDS.system), {
      manifest_id: 'man_1',
      scope: 'test',
      items: [{ kind: 'file', ref: 'a', sha256: 'a'.repeat(64) }],
    });
    svc.sealManifest(base(HOST_IDS.system), 'man_1');
    rejectsUnchanged('SEALED_EVIDENCE_MANIFEST', () =>
      svc.createManifest(base(HOST_IDS.system), { manifest_id: 'man_1', scope: 'test', items: [] }),
    );
    rejectsUnchanged('SEALED_EVIDENCE_MANIFEST', () => svc.sealManifest(base(HOST_IDS.system), 'man_1'));
  });

  it('silent memory mutation', () => {
    const id = newSession();
    svc.proposeMemory(at(id), id, { proposal_id: 'mem_1', fact: 'Anna ist gegen Nüsse allergisch' });
    rejectsUnchanged('SILENT_MEMORY_MUTATION', () => svc.decideMemory(at(id), id, 'mem_1', { decision: 'accept' }));
    rejectsUnchanged('SILENT_MEMORY_MUTATION', () => svc.decideMemory(at(id, HOST_IDS.household), id, 'mem_none', { decision: 'accept' }));
    expect(svc.decideMemory(at(id, HOST_IDS.household), id, 'mem_1', { decision: 'accept' }).status).toBe(200);
  });

  it('silent skill activation', () => {
    svc.proposeSkill(base(HOST_IDS.system), {
      proposal_id: 'sp_1',
      skill_id: 'weather.local',
      version: '1.0.0',
      change: 'added',
      manifest_sha256: 'b'.repeat(64),
    });
    rejectsUnchanged('SILENT_SKILL_ACTIVATION', () => svc.decideSkill(base(HOST_IDS.assistant), 'sp_1', { decision: 'accept' }));
    rejectsUnchanged('SILENT_SKILL_ACTIVATION', () => svc.decideSkill(base(HOST_IDS.household), 'sp_none', { decision: 'accept' }));
    expect(svc.decideSkill(base(HOST_IDS.household), 'sp_1', { decision: 'accept' }).body).toMatchObject({
      status: 'activated',
      decided_by: HOST_IDS.household,
    });
  });

  it('a denied action is never accepted', () => {
    svc.definePolicy(base(HOST_IDS.household), {
      policy_id: 'pol_strict',
      name: 'streng',
      rules: { require_review: [], deny: ['skill_*'] },
    });
    svc.createSession(base(HOST_IDS.assistant), { work_session_id: 'ws_s', policy_id: 'pol_strict', goal: 'x' });
    const d = svc.recordDecision(at('ws_s'), 'ws_s', { decision_id: 'd', tool: 'skill_weather_local_forecast', arguments: {} });
    expect((d.body as { decision: { outcome: string } }).decision.outcome).toBe('deny');
    rejectsUnchanged('POLICY_DENIED', () =>
      svc.contribute(at('ws_s'), 'ws_s', { contribution_id: 'c', decision_id: 'd', kind: 'tool_result', summary: 'x' }),
    );
  });
});

describe('operation order', () => {
  it('a session needs an existing human-defined policy', () => {
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () =>
      svc.createSession(base(HOST_IDS.assistant), { work_session_id: 'ws', policy_id: 'pol_missing', goal: 'x' }),
    );
  });

  it('actors are registered after their worker', () => {
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () =>
      svc.registerActor(base(HOST_IDS.system), {
        actor_id: 'act_py',
        worker_id: 'wrk_missing',
        role: 'runtime_worker',
        display_name: 'py',
        authority: [],
      }),
    );
  });

  it('a request only when the agent is blocked', () => {
    const id = newSession();
    svc.recordDecision(at(id), id, { decision_id: 'd', tool: 'calendar_create', arguments: {} });
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () => svc.openRequest(at(id), id, { request_id: 'r', decision_id: 'd', summary: 'x' }));
  });

  it('an OutcomeReport only after the session is terminal', () => {
    const id = newSession();
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () =>
      svc.submitOutcome(base(HOST_IDS.assistant), { report_id: 'o', work_session_id: id, outcome: 'completed', summary: 'x' }),
    );
  });
});

describe('idempotency and concurrency', () => {
  it('a replayed idempotency key returns the first answer and writes nothing', () => {
    const id = newSession();
    const ctx = at(id, HOST_IDS.assistant, 'key-replay-0001');
    const first = svc.recordDecision(ctx, id, { decision_id: 'd1', tool: 'calendar_list', arguments: {} });
    const before = snapshot();
    const again = svc.recordDecision(ctx, id, { decision_id: 'd1', tool: 'calendar_list', arguments: {} });
    expect(again).toEqual({ ...first, replayed: true });
    expect(snapshot()).toBe(before);
    rejectsUnchanged('IDEMPOTENCY_KEY_REUSED', () =>
      svc.recordDecision(ctx, id, { decision_id: 'd2', tool: 'calendar_list', arguments: {} }),
    );
  });

  it('two clients with the same expected revision: one wins, the other conflicts', () => {
    const id = newSession();
    const a = at(id);
    const b = at(id);
    expect(svc.recordDecision(a, id, { decision_id: 'da', tool: 'calendar_list', arguments: {} }).status).toBe(201);
    rejectsUnchanged('REVISION_CONFLICT', () => svc.recordDecision(b, id, { decision_id: 'db', tool: 'calendar_list', arguments: {} }));
    expect(svc.session(id)!.events).toHaveLength(2);
  });
});

describe('export', () => {
  it('seals a signed EvidenceManifest over the export that covers every chain head', () => {
    const id = newSession();
    svc.recordDecision(at(id), id, { decision_id: 'dec_1', tool: 'calendar_list', arguments: {} });
    const sealed = svc.sealExport({ ...svc.exportAll() }, 'test');
    const manifest = protocolPartOf(sealed)!.manifest!;
    expect(manifest.sealed).toBe(true);
    expect(manifest.manifest_sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(manifest.export_sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(manifest.chain_heads[id]).toEqual({ events: 2, last_event_hash: svc.get<WorkSession>('WorkSession', id)!.last_event_hash });
    expect(manifest.signing_key).toEqual(signer.key);
    expect(manifest.signature).toEqual(expect.any(String));
    expect(manifest.items.map((i) => i.ref)).toEqual(expect.arrayContaining(['events', 'records/PolicyDecision']));
    expect(Object.keys(sealed.records)).toHaveLength(14);
    expect(verifyEvidence({ events: sealed.events, records: sealed.records, sealed: { document: sealed, manifest } })).toMatchObject({
      ok: true,
      signed_by: signer.key.fingerprint,
    });
  });

  it('the private key appears nowhere in a sealed export', () => {
    newSession();
    const text = JSON.stringify(svc.sealExport({ ...svc.exportAll() }, 'test'));
    expect(text).toContain(signer.key.public_key);
    expect(text).not.toMatch(/PRIVATE KEY/);
  });
});

describe('learning', () => {
  function learned(): { id: string; learningId: string } {
    const id = newSession();
    svc.recordLearning(at(id), id, { learning_id: 'lrn_1', summary: 'Paul isst keine Nüsse' });
    return { id, learningId: 'lrn_1' };
  }

  it('a household member accepts or rejects a LearningRecord, as one event of the session', () => {
    const { id, learningId } = learned();
    const answer = svc.decideLearning(at(id, HOST_IDS.household), id, learningId, { decision: 'accept' });
    expect(answer.status).toBe(200);
    expect(svc.get('LearningRecord', learningId)).toMatchObject({ status: 'accepted', decided_by: HOST_IDS.household });
    expect(svc.session(id)!.events.at(-1)).toMatchObject({
      type: 'learning.accepted',
      actor_id: HOST_IDS.household,
      record_id: learningId,
    });
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () =>
      svc.decideLearning(at(id, HOST_IDS.household), id, learningId, { decision: 'reject' }),
    );
    expect(svc.verify().ok).toBe(true);
  });

  it('the assistant cannot decide its own learning, and an unknown record is not found', () => {
    const { id, learningId } = learned();
    rejectsUnchanged('ACTOR_NOT_AUTHORIZED', () => svc.decideLearning(at(id, HOST_IDS.assistant), id, learningId, { decision: 'accept' }));
    rejectsUnchanged('NOT_FOUND', () => svc.decideLearning(at(id, HOST_IDS.household), id, 'lrn_nope', { decision: 'accept' }));
    rejectsUnchanged('INVALID_RECORD', () => svc.decideLearning(at(id, HOST_IDS.household), id, learningId, { decision: 'maybe' }));
    rejectsUnchanged('UNKNOWN_ACTOR', () => svc.decideLearning(at(id, 'act_stranger'), id, learningId, { decision: 'accept' }));
  });

  it('a session with undecided learning is sealed only after the decision', () => {
    const { id, learningId } = learned();
    svc.setSessionStatus(at(id), id, { status: 'completed' });
    rejectsUnchanged('OPERATION_OUT_OF_ORDER', () => svc.sealSession(at(id, HOST_IDS.system), id));
    svc.decideLearning(at(id, HOST_IDS.household), id, learningId, { decision: 'reject' });
    expect(svc.sealSession(at(id, HOST_IDS.system), id).status).toBe(200);
  });

  it('a household registered before learning decisions existed gains the authority', () => {
    const household = svc.get<Actor>('Actor', HOST_IDS.household)!;
    db.prepare("UPDATE protocol_records SET body = ? WHERE record_type = 'Actor' AND record_id = ?").run(
      JSON.stringify({ ...household, authority: household.authority.filter((a) => a !== 'learning.decide') }),
      HOST_IDS.household,
    );
    svc.bootstrap(DELETES_NEED_REVIEW);
    expect(svc.get<Actor>('Actor', HOST_IDS.household)!.authority).toContain('learning.decide');
  });
});

describe('schemas', () => {
  it('every protocol schema is a valid JSON schema', async () => {
    const { PROTOCOL_SCHEMAS } = await import('../../src-shared');
    const { isValidSchema } = await import('../platform/validation');
    for (const [name, schema] of Object.entries(PROTOCOL_SCHEMAS)) expect(isValidSchema(schema), name).toEqual({ ok: true });
  });
});

describe('ids the service makes', () => {
  it('keep the prefix and 16 hex digits, and a session’s events sort by id as they were written', () => {
    const id = newSession();
    for (let i = 0; i < 5; i++) svc.recordDecision(at(id), id, { decision_id: `dec_${i}`, tool: 'calendar_list', arguments: { i } });
    const events = svc.session(id)!.events;
    expect(events).toHaveLength(6);
    for (const e of events) expect(e.event_id).toMatch(/^evt_[0-9a-f]{16}$/);
    expect(events.map((e) => e.event_id)).toEqual(events.map((e) => e.event_id).sort());
    expect(svc.verify().ok).toBe(true);
  });
});
