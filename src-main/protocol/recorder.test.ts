import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkSession } from '../../src-shared';
import { openDatabase } from '../platform/database';
import { ProtocolStore } from './store';
import { DELETES_NEED_REVIEW } from '../testing/protocol-rules';
import { inProcess } from './headers';
import { MAX_RUNTIME_WORKER_RECORDS, ProtocolRecorder } from './recorder';
import { HOST_IDS, ProtocolService } from './service';
import { ephemeralSigner } from './signing-key';

let svc: ProtocolService;
let rec: ProtocolRecorder;
beforeEach(() => {
  svc = new ProtocolService(new ProtocolStore(openDatabase(':memory:')), () => new Date(), ephemeralSigner());
  svc.bootstrap(DELETES_NEED_REVIEW);
  rec = new ProtocolRecorder(svc);
});

// What the host's gate decided; the recorder writes it down as it is.
const RUN = { outcome: 'run', risk: 'reversible', rule: 'class:reversible', role: 'admin' } as const;
const ASK = { outcome: 'ask', risk: 'disruptive', rule: 'class:disruptive', role: 'admin' } as const;

describe('ProtocolRecorder', () => {
  it('records an assistant request: session, decision, contribution, outcome, seal', () => {
    const s = rec.beginSession('http_abc', 'Trage morgen Zahnarzt ein');
    expect(rec.beginSession('http_abc', 'again')).toBe(s);
    const d = rec.decide(s, 'calendar_create', { title: 'Zahnarzt' }, RUN);
    expect(d.outcome).toBe('allow');
    rec.contribute(s, d.decisionId, 'tool_result', 'Termin gespeichert', { id: 'evt_1' });
    rec.finish(s, 'completed', 'Termin gespeichert');
    const view = svc.session(s)!;
    expect(view.session).toMatchObject({ status: 'completed', sealed: true });
    expect(view.events.map((e) => e.type)).toEqual([
      'work_session.created',
      'policy_decision.recorded',
      'contribution.recorded',
      'work_session.completed',
      'outcome.reported',
      'work_session.sealed',
    ]);
    expect(view.records.OutcomeReport).toHaveLength(1);
    expect(svc.verify().ok).toBe(true);
  });

  it('a confirmation is a Request; `ja` a Review that lets the action through', () => {
    const s = rec.beginSession('http_del', 'Lösche den Zahnarzttermin');
    const d = rec.decide(s, 'calendar_delete', { id: 'evt_1' }, ASK);
    expect(d.outcome).toBe('require_review');
    const r = rec.block(s, d.decisionId, 'Soll ich den Termin löschen?');
    rec.finish(s, 'completed', 'wartet');
    expect(svc.get<WorkSession>('WorkSession', s)!.status).toBe('blocked');
    rec.review(s, r, true);
    rec.contribute(s, d.decisionId, 'tool_result', 'gelöscht');
    rec.finish(s, 'completed', 'gelöscht');
    expect(svc.get<WorkSession>('WorkSession', s)!.sealed).toBe(true);
  });

  it('a hand edit while the request is pending is a Takeover; the agent cannot continue it', () => {
    const s = rec.beginSession('http_tk', 'Lösche den Termin');
    const d = rec.decide(s, 'calendar_delete', { id: 'evt_1' }, ASK);
    const r = rec.block(s, d.decisionId, 'Soll ich löschen?');
    rec.takeover(s, r, 'Im Kalender selbst bearbeitet');
    expect(() => rec.contribute(s, d.decisionId, 'tool_result', 'gelöscht')).toThrow(/took over/);
  });

  it('registers mesh workers once and proposes skills instead of activating them', () => {
    rec.registerRuntimeWorker('wrk_1', 'python-main', 'python');
    rec.registerRuntimeWorker('wrk_1', 'python-main', 'python');
    expect(svc.list('Worker').filter((w) => (w as { worker_id: string }).worker_id === 'wrk_1')).toHaveLength(1);
    expect(svc.get('Actor', 'act_wrk_1')).toMatchObject({ role: 'runtime_worker', authority: [] });
    const sha = 'c'.repeat(64);
    expect(rec.skillProposal('weather.local', '1.0.0', sha, 'added').status).toBe('proposed');
    expect(rec.skillProposal('weather.local', '1.0.0', sha, 'added').status).toBe('proposed');
    expect(svc.list('SkillProposal')).toHaveLength(1);
    const id = (svc.list('SkillProposal')[0] as { proposal_id: string }).proposal_id;
    svc.decideSkill({ actorId: HOST_IDS.household, idempotencyKey: 'decide-skill-1', timestamp: new Date().toISOString() }, id, {
      decision: 'accept',
    });
    expect(rec.skillProposal('weather.local', '1.0.0', sha, 'added').status).toBe('activated');
    expect(rec.skillProposals('weather.local')).toHaveLength(1);
  });
});

describe('ProtocolRecorder memory proposals', () => {
  it('a session with an undecided MemoryProposal ends but is sealed only after the decision', () => {
    const changes: string[] = [];
    svc.onChange((c) => changes.push(c.op));
    const s = rec.beginSession('http_mem', 'Merk dir was');
    const proposalId = rec.proposeMemory(s, 'Paul verträgt keine Nüsse');
    rec.finish(s, 'completed', 'vorgeschlagen');
    const ended = svc.get<WorkSession>('WorkSession', s)!;
    expect(ended).toMatchObject({ status: 'completed', sealed: false });
    // Sealing now would strand the proposal: refused, nothing written.
    const at = {
      actorId: HOST_IDS.system,
      idempotencyKey: 'seal-early',
      timestamp: new Date().toISOString(),
      expectedRevision: ended.revision,
      previousEventHash: ended.last_event_hash,
    };
    expect(() => svc.sealSession(at, s)).toThrow(/not decided yet/);
    expect(svc.get<WorkSession>('WorkSession', s)).toEqual(ended);
    expect(rec.acceptedMemories()).toEqual([]);
    svc.decideMemory({ ...at, actorId: HOST_IDS.household, idempotencyKey: 'decide-mem' }, s, proposalId, { decision: 'accept' });
    rec.settle(s);
    expect(svc.get<WorkSession>('WorkSession', s)).toMatchObject({ sealed: true });
    expect(rec.acceptedMemories().map((m) => m.fact)).toEqual(['Paul verträgt keine Nüsse']);
    expect(changes).toEqual(expect.arrayContaining(['createSession', 'proposeMemory', 'submitOutcome', 'decideMemory', 'sealSession']));
    expect(svc.verify().ok).toBe(true);
  });
});

describe('ProtocolRecorder learning', () => {
  it('a session with undecided learning ends but is sealed only after the household decides', () => {
    const s = rec.beginSession('http_learn', 'Einkauf');
    const learningId = rec.proposeLearning(s, 'Milch wird jede Woche gekauft');
    rec.finish(s, 'completed', 'ok');
    const ended = svc.get<WorkSession>('WorkSession', s)!;
    expect(ended).toMatchObject({ status: 'completed', sealed: false });
    const at = {
      actorId: HOST_IDS.household,
      idempotencyKey: 'decide-learning',
      timestamp: new Date().toISOString(),
      expectedRevision: ended.revision,
      previousEventHash: ended.last_event_hash,
    };
    svc.decideLearning(at, s, learningId, { decision: 'reject' });
    rec.settle(s);
    expect(svc.get<WorkSession>('WorkSession', s)).toMatchObject({ sealed: true });
    expect(svc.get('LearningRecord', learningId)).toMatchObject({ status: 'rejected', decided_by: HOST_IDS.household });
    expect(svc.verify()).toMatchObject({ ok: true, problems: [] });
  });
});

describe('ProtocolRecorder redaction', () => {
  it('never records a secret, so a redacted export still verifies', () => {
    const r = new ProtocolRecorder(svc, (t) => t.split('hunter2-secret').join('[redacted]'));
    const s = r.beginSession('http_sec', 'Mein Passwort ist hunter2-secret');
    r.finish(s, 'completed', 'ok hunter2-secret');
    expect(JSON.stringify(svc.exportAll())).not.toContain('hunter2-secret');
    expect(svc.verify().ok).toBe(true);
  });
});

describe('ProtocolRecorder runtime workers', () => {
  it('records at most MAX_RUNTIME_WORKER_RECORDS worker names; later names share one record', () => {
    for (let i = 0; i < MAX_RUNTIME_WORKER_RECORDS + 40; i++) rec.registerRuntimeWorker(`wrk_mesh_name${i}`, `name${i}`, 'python');
    rec.registerRuntimeWorker('wrk_mesh_name0', 'name0', 'python');
    const runtime = svc.list<{ kind: string; worker_id: string }>('Worker').filter((w) => w.kind === 'runtime_worker');
    expect(runtime).toHaveLength(MAX_RUNTIME_WORKER_RECORDS + 1);
    expect(runtime.map((w) => w.worker_id)).toContain('wrk_mesh__other');
  });
});

describe('ProtocolRecorder.finish: the end of a session in one mutation', () => {
  it('tells the listeners each step it took, as the operations it stands for, and nothing when there is nothing to end', () => {
    const s = rec.beginSession('http_end', 'Milch auf die Liste');
    const d = rec.decide(s, 'groceries_add', { name: 'Milch' }, RUN);
    rec.contribute(s, d.decisionId, 'tool_result', 'Milch steht drauf');
    const changes: { op: string; actorId: string; sessionId?: string }[] = [];
    svc.onChange((c) => changes.push({ op: c.op, actorId: c.actorId, sessionId: c.ids.sessionId }));
    rec.finish(s, 'completed', 'Milch steht drauf');
    expect(changes).toEqual([
      { op: 'setSessionStatus', actorId: HOST_IDS.assistant, sessionId: s },
      { op: 'submitOutcome', actorId: HOST_IDS.assistant, sessionId: undefined },
      { op: 'sealSession', actorId: HOST_IDS.system, sessionId: s },
    ]);
    rec.finish(s, 'completed', 'again');
    expect(changes).toHaveLength(3);
    expect(svc.verify().ok).toBe(true);
  });

  it('leaves a session that waits for a review as it is, and ends it once the household answered', () => {
    const s = rec.beginSession('http_wait', 'Termin löschen');
    const d = rec.decide(s, 'calendar_delete', { id: 'evt_1' }, ASK);
    const requestId = rec.block(s, d.decisionId, 'Termin löschen?');
    const before = svc.session(s)!;
    rec.finish(s, 'completed', 'wartet');
    expect(svc.session(s)).toEqual(before);
    rec.review(s, requestId, false);
    rec.finish(s, 'cancelled', 'nicht gelöscht');
    expect(svc.session(s)!.session).toMatchObject({ status: 'cancelled', sealed: true });
    expect(svc.session(s)!.records.OutcomeReport).toMatchObject([{ outcome: 'cancelled' }]);
  });

  it('writes nothing of the end when one step of it is refused', () => {
    // An agent that may act in a session but not report its outcome.
    svc.registerActor(inProcess(HOST_IDS.system), {
      actor_id: 'act_no_outcome',
      worker_id: HOST_IDS.hostWorker,
      role: 'runtime_worker',
      display_name: 'ohne Ergebnis',
      authority: ['session.create', 'session.act'],
    });
    const s = rec.beginSession('http_refused', 'Milch', 'act_no_outcome');
    const before = svc.session(s)!;
    // Its status step is allowed, its outcome is not: neither is written, nor the seal.
    expect(() => rec.finish(s, 'completed', 'fertig', 'act_no_outcome')).toThrow(/act_no_outcome lacks outcome.submit/);
    expect(svc.session(s)).toEqual(before);
  });
});
