import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { GENESIS_HASH, type EvidenceManifest, type JarvisEvent, type WorkSession } from '../../src-shared';
import { eventHash } from './chain';
import { openDatabase } from '../platform/database';
import { DELETES_NEED_REVIEW } from '../testing/protocol-rules';
import { verifyEvidence } from './evidence';
import { protocolPartOf, sealManifest } from './export-seal';
import type { MutationContext } from './headers';
import { HOST_IDS, ProtocolService } from './service';
import { ephemeralSigner } from './signing-key';
import { ProtocolStore } from './store';

const signer = ephemeralSigner();
let svc: ProtocolService;

beforeEach(() => {
  svc = new ProtocolService(new ProtocolStore(openDatabase(':memory:')), () => new Date(), signer);
  svc.bootstrap(DELETES_NEED_REVIEW);
});

const base = (actorId: string): MutationContext => ({ actorId, idempotencyKey: randomUUID(), timestamp: new Date().toISOString() });
function at(id: string, actorId: string = HOST_IDS.assistant): MutationContext {
  const s = svc.get<WorkSession>('WorkSession', id)!;
  return { ...base(actorId), expectedRevision: s.revision, previousEventHash: s.last_event_hash };
}

/** A finished request (decision, review, contribution, outcome, seal) and one still open. */
function record(): void {
  svc.createSession(base(HOST_IDS.assistant), { work_session_id: 'ws_a', policy_id: HOST_IDS.householdPolicy, goal: 'Zahnarzt löschen' });
  svc.recordDecision(at('ws_a'), 'ws_a', { decision_id: 'dec_a', tool: 'calendar_delete', arguments: { id: 'evt_1' } });
  svc.openRequest(at('ws_a'), 'ws_a', { request_id: 'req_a', decision_id: 'dec_a', summary: 'Zahnarzt löschen?' });
  svc.review(at('ws_a', HOST_IDS.household), 'ws_a', 'req_a', { review_id: 'rev_a', verdict: 'approve' });
  svc.contribute(at('ws_a'), 'ws_a', { contribution_id: 'con_a', decision_id: 'dec_a', kind: 'tool_result', summary: 'Gelöscht' });
  svc.setSessionStatus(at('ws_a'), 'ws_a', { status: 'completed' });
  svc.submitOutcome(base(HOST_IDS.assistant), {
    report_id: 'out_a',
    work_session_id: 'ws_a',
    outcome: 'completed',
    summary: 'Termin gelöscht',
  });
  svc.sealSession(at('ws_a', HOST_IDS.system), 'ws_a');
  svc.createSession(base(HOST_IDS.assistant), { work_session_id: 'ws_b', policy_id: HOST_IDS.householdPolicy, goal: 'Einkaufsliste' });
  svc.recordDecision(at('ws_b'), 'ws_b', { decision_id: 'dec_b', tool: 'groceries_list', arguments: {} });
  svc.recordLearning(at('ws_b'), 'ws_b', { learning_id: 'lrn_b', summary: 'Butter wird oft gekauft' });
}

type Doc = {
  trace: { stage: string }[];
  protocol: Record<string, unknown> & {
    records: Record<string, Record<string, unknown>[]>;
    events: JarvisEvent[];
    manifest: EvidenceManifest;
  };
};

/** An export shaped like EXPORT DEBUG, sealed. */
function sealedExport(): Doc {
  record();
  return svc.sealExport({ trace: [{ stage: 'agent.request' }], protocol: svc.exportAll() }, 'test') as unknown as Doc;
}

function verify(doc: Doc) {
  const part = protocolPartOf(doc)!;
  return verifyEvidence({ events: part.events!, records: part.records!, sealed: { document: doc, manifest: part.manifest } });
}

const clone = (doc: Doc): Doc => JSON.parse(JSON.stringify(doc)) as Doc;

describe('a sealed export', () => {
  it('verifies untouched, through a JSON round trip, and names its signing key', () => {
    const doc = clone(sealedExport());
    expect(verify(doc)).toEqual({
      ok: true,
      events_checked: 11,
      sessions: 2,
      problems: [],
      legacy_sessions: [],
      signed_by: signer.key.fingerprint,
    });
  });

  it('an edited record: the records of that session do not match its events', () => {
    const doc = clone(sealedExport());
    const decision = doc.protocol.records.PolicyDecision!.find((d) => d.decision_id === 'dec_a')!;
    decision.outcome = 'allow';
    const report = verify(doc);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(
      'the records of session ws_a do not match its events: PolicyDecision dec_a: outcome is "allow" in the records but "require_review" in the events',
    );
    expect(report.problems.join('\n')).toContain('changed: records/PolicyDecision');
  });

  it('an edited WorkSession record, a record added to a session, a record removed', () => {
    const sealed = sealedExport();
    const edited = clone(sealed);
    edited.protocol.records.WorkSession!.find((s) => s.work_session_id === 'ws_b')!.goal = 'Etwas anderes';
    expect(verify(edited).problems).toContain(
      'the records of session ws_b do not match its events: WorkSession goal is "Etwas anderes" in the records but "Einkaufsliste" in the events',
    );

    const added = clone(sealed);
    added.protocol.records.Contribution!.push({
      contribution_id: 'con_fake',
      work_session_id: 'ws_b',
      actor_id: HOST_IDS.assistant,
      decision_id: 'dec_b',
      kind: 'reply',
      summary: 'erfunden',
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(verify(added).problems).toContain(
      'the records of session ws_b do not match its events: Contribution con_fake is in the records but no event created it',
    );

    const removed = clone(sealed);
    removed.protocol.records.OutcomeReport = [];
    expect(verify(removed).problems).toContain(
      'the records of session ws_a do not match its events: OutcomeReport out_a was recorded by an event but is missing from the records',
    );
  });

  it('the last event of a session dropped: its head no longer matches the manifest', () => {
    const doc = clone(sealedExport());
    const last = doc.protocol.events.filter((e) => e.work_session_id === 'ws_a').at(-1)!;
    doc.protocol.events = doc.protocol.events.filter((e) => e !== last);
    const report = verify(doc);
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.stringMatching(
        /^session ws_a does not end where the manifest says: sealed with 8 events ending in [a-f0-9]{12}…, the export holds 7 ending in /,
      ),
    );
    // The snapshot still holds the session as its last event left it.
    expect(report.problems).toContainEqual(expect.stringContaining('the records of session ws_a do not match its events: WorkSession'));
  });

  it('a whole session dropped (events and records): the manifest still names it', () => {
    const doc = clone(sealedExport());
    doc.protocol.events = doc.protocol.events.filter((e) => e.work_session_id !== 'ws_b');
    for (const [type, list] of Object.entries(doc.protocol.records)) {
      doc.protocol.records[type] = list.filter((r) => r.work_session_id !== 'ws_b');
    }
    const report = verify(doc);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('session ws_b is sealed in the manifest with 3 events but the export holds none of them');
  });

  it('only the events of a session dropped: its records are left without events', () => {
    const doc = clone(sealedExport());
    doc.protocol.events = doc.protocol.events.filter((e) => e.work_session_id !== 'ws_b');
    expect(verify(doc).problems).toContain(
      'the records of session ws_b do not match its events: the records name the session but it has no events',
    );
  });

  it('an edited trace: the digest of the export does not match', () => {
    const doc = clone(sealedExport());
    doc.trace[0]!.stage = 'agent.nothing_happened';
    const report = verify(doc);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      'the export was changed after it was sealed: its digest does not match the manifest (changed: trace)',
    ]);
  });

  it('an edited manifest: its hash, and once recomputed its signature, give it away', () => {
    const doc = clone(sealedExport());
    doc.protocol.events = doc.protocol.events.filter((e) => e.work_session_id !== 'ws_b');
    const { ws_b: _dropped, ...heads } = doc.protocol.manifest.chain_heads;
    doc.protocol.manifest = { ...doc.protocol.manifest, chain_heads: heads };
    expect(verify(doc).problems).toContain('the manifest was changed after it was sealed: its manifest_sha256 does not match its content');

    // Recomputing the hash is not enough: the signature is the household's key's.
    const rehashed = clone(doc);
    const forged = sealManifest(rehashed.protocol.manifest, signer, rehashed.protocol.manifest.sealed_at!);
    rehashed.protocol.manifest = { ...forged, signature: doc.protocol.manifest.signature! };
    expect(verify(rehashed).problems).toContain(
      `the manifest's signature does not verify with the key it names (${signer.key.fingerprint})`,
    );

    // Re-signing with another key verifies, but under a fingerprint the household does not know.
    const other = ephemeralSigner();
    const resigned = clone(doc);
    resigned.protocol.manifest = sealManifest(resigned.protocol.manifest, other, resigned.protocol.manifest.sealed_at!);
    const report = verify(resigned);
    expect(report.signed_by).toBe(other.key.fingerprint);
    expect(report.signed_by).not.toBe(signer.key.fingerprint);
  });

  it('a missing or unsigned manifest is not accepted', () => {
    const doc = clone(sealedExport());
    const { manifest, ...rest } = doc.protocol;
    expect(
      verifyEvidence({
        events: doc.protocol.events,
        records: doc.protocol.records,
        sealed: { document: { ...doc, protocol: rest }, manifest: undefined },
      }).problems,
    ).toEqual(['the export carries no sealed manifest, so nothing proves it is complete and unchanged']);
    const { signature: _s, ...unsigned } = manifest;
    doc.protocol.manifest = unsigned;
    expect(verify(doc).problems).toContain('the manifest is not signed, so anyone could have recomputed it');
  });

  it('reordered events: the chain names the out-of-place revision', () => {
    const doc = clone(sealedExport());
    const events = doc.protocol.events;
    const i = events.findIndex((e) => e.work_session_id === 'ws_a' && e.revision === 3);
    [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
    const report = verify(doc);
    expect(report.ok).toBe(false);
    expect(report.first_broken).toMatchObject({ work_session_id: 'ws_a', revision: 4, reason: 'expected revision 3, found 4' });
    expect(report.problems).toContainEqual(expect.stringContaining('changed: events'));
  });

  it('an event edited and its hash recomputed: the next link and the manifest head break', () => {
    const doc = clone(sealedExport());
    const events = doc.protocol.events;
    const i = events.findIndex((e) => e.work_session_id === 'ws_b' && e.revision === 3);
    events[i] = { ...events[i]!, payload: { summary: 'anders', records: [] } };
    const report = verify(doc);
    expect(report.first_broken).toMatchObject({ work_session_id: 'ws_b', revision: 3 });
  });
});

describe('a hostile file', () => {
  it('is reported, never thrown on: wrong shapes in the manifest, the records and the events', () => {
    const doc = clone(sealedExport()) as unknown as { protocol: Record<string, unknown> };
    const broken = [
      { ...doc, protocol: { ...doc.protocol, manifest: { sealed: true, items: 'x', chain_heads: { ws_a: null } } } },
      { ...doc, protocol: { ...doc.protocol, records: { WorkSession: 'x', PolicyDecision: [null, 7, []] } } },
      { ...doc, protocol: { ...doc.protocol, events: [null, 3, ...(doc.protocol.events as unknown[])] } },
    ];
    for (const variant of broken) {
      const part = protocolPartOf(variant)!;
      const report = verifyEvidence({
        events: part.events!,
        records: (part.records ?? {}) as never,
        sealed: { document: variant, manifest: part.manifest },
      });
      expect(report.ok).toBe(false);
      expect(report.problems.length).toBeGreaterThan(0);
    }
  });
});

describe('the live database', () => {
  it('verifies its chains and records, and finds a record edited behind the service', () => {
    const db = openDatabase(':memory:');
    svc = new ProtocolService(new ProtocolStore(db), () => new Date(), signer);
    svc.bootstrap(DELETES_NEED_REVIEW);
    record();
    expect(svc.verify()).toMatchObject({ ok: true, sessions: 2, events_checked: 11 });
    const review = svc.get<Record<string, unknown>>('Review', 'rev_a')!;
    db.prepare("UPDATE protocol_records SET body = ? WHERE record_type = 'Review' AND record_id = 'rev_a'").run(
      JSON.stringify({ ...review, verdict: 'reject' }),
    );
    expect(svc.verify().problems).toEqual([
      'the records of session ws_a do not match its events: Review rev_a: verdict is "reject" in the records but "approve" in the events',
    ]);
  });

  it('sessions written before events carried their records are chain-checked only', () => {
    record();
    const events = svc.exportAll().events.filter((e) => e.work_session_id === 'ws_b');
    // Stripping `records` changes the hashes, so nobody turns a session into an older one.
    expect(verifyEvidence({ events: events.map(stripRecords), records: {} })).toMatchObject({ ok: false, legacy_sessions: [] });
    const older = relink(events.map(stripRecords));
    expect(verifyEvidence({ events: older, records: {} })).toMatchObject({ ok: true, legacy_sessions: ['ws_b'] });
  });
});

function stripRecords(event: JarvisEvent): JarvisEvent {
  const { records: _r, ...payload } = event.payload as Record<string, unknown>;
  return { ...event, payload };
}

/** Events as an older JARVIS wrote them: hashed and linked without records in the payload. */
function relink(events: JarvisEvent[]): JarvisEvent[] {
  let previous = GENESIS_HASH;
  return events.map((e) => {
    const { hash: _h, ...rest } = { ...e, previous_event_hash: previous };
    const linked = { ...rest, hash: eventHash(rest) };
    previous = linked.hash;
    return linked;
  });
}
