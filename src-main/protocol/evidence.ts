import {
  GENESIS_HASH,
  type ChainHead,
  type SigningKeyInfo,
  type EvidenceManifest,
  type JarvisEvent,
  type WorkSession,
} from '../../src-shared';
import { eventHash, sha256Hex, type BrokenLink } from './chain';
import { exportDigest, manifestSealText, sectionDigests } from './export-seal';
import { compareWithReplay, recordsOf, replaySession, SESSION_RECORD_IDS, type RecordSnapshot } from './replay';
import { fingerprintOfInfo, verifySignature } from './signing-key';
import { chainEndProblems, type ChainEnd } from './store/chain-end';
import { sessionChainProblems, type SessionLink } from './store/session-chain';

/** What `jarvis protocol verify` and `GET /api/protocol/verify` report. */
export interface EvidenceReport {
  readonly ok: boolean;
  readonly events_checked: number;
  readonly sessions: number;
  /** The first event whose link is broken, if any. */
  readonly first_broken?: BrokenLink;
  /** Every failure, each a sentence naming the session or part it concerns. */
  readonly problems: readonly string[];
  /** Sessions written before events carried their records: chain checked, records not rebuilt. */
  readonly legacy_sessions: readonly string[];
  /** The fingerprint of the key that signed the export's manifest (recomputed from the key). */
  readonly signed_by?: string;
}

export interface EvidenceInput {
  /** Events in the order the source holds them (grouped by session, by revision). */
  readonly events: Iterable<JarvisEvent>;
  /** The record snapshot; without it only the chains are checked. */
  readonly records?: RecordSnapshot;
  /** The database's chain of sessions (absent in exports and in databases from before it): a session deleted as a whole shows. */
  readonly sessionChain?: readonly SessionLink[];
  /** The chain's sealed end (null: removed; absent: a database from before it), checked against `endKey` where known. */
  readonly chainEnd?: ChainEnd | null;
  readonly endKey?: SigningKeyInfo;
  /** A whole export and its manifest: the seal, the digest and the chain heads are checked too. */
  readonly sealed?: { readonly document: Record<string, unknown>; readonly manifest: EvidenceManifest | undefined };
}

function checkChain(events: readonly JarvisEvent[]): { checked: number; broken?: BrokenLink } {
  let previous = GENESIS_HASH;
  for (const [i, event] of events.entries()) {
    const broken = (reason: string) => ({
      checked: i,
      broken: { work_session_id: event.work_session_id, revision: event.revision, event_id: event.event_id, reason },
    });
    if (event.revision !== i + 1) return broken(`expected revision ${i + 1}, found ${event.revision}`);
    if (event.previous_event_hash !== previous) return broken('previous_event_hash does not match the hash of the event before it');
    if (eventHash(event) !== event.hash) return broken('the event was changed after it was written: its hash does not match its content');
    previous = event.hash;
  }
  return { checked: events.length };
}

const short = (hash: string | undefined) => (hash ? `${hash.slice(0, 12)}…` : 'nothing');

function checkSeal(
  input: NonNullable<EvidenceInput['sealed']>,
  bySession: ReadonlyMap<string, readonly JarvisEvent[]>,
  problems: string[],
): string | undefined {
  const { document, manifest } = input;
  if (!manifest) {
    problems.push('the export carries no sealed manifest, so nothing proves it is complete and unchanged');
    return undefined;
  }
  const text = manifestSealText(manifest);
  if (!manifest.sealed || manifest.manifest_sha256 !== sha256Hex(text))
    problems.push('the manifest was changed after it was sealed: its manifest_sha256 does not match its content');
  let signedBy: string | undefined;
  if (!manifest.signing_key || !manifest.signature) problems.push('the manifest is not signed, so anyone could have recomputed it');
  else {
    signedBy = fingerprintOfInfo(manifest.signing_key);
    if (!verifySignature(manifest.signing_key, text, manifest.signature))
      problems.push(`the manifest's signature does not verify with the key it names (${signedBy})`);
  }
  if (!manifest.export_sha256) problems.push('the manifest does not seal a digest of the export');
  else if (exportDigest(document) !== manifest.export_sha256) {
    const now = new Map(sectionDigests(document).map((i) => [i.ref, i.sha256]));
    const sealed = new Map((Array.isArray(manifest.items) ? manifest.items : []).map((i) => [i?.ref, i?.sha256]));
    const changed = [...new Set([...now.keys(), ...sealed.keys()])].filter((ref) => now.get(ref) !== sealed.get(ref));
    problems.push(
      `the export was changed after it was sealed: its digest does not match the manifest${changed.length ? ` (changed: ${changed.join(', ')})` : ''}`,
    );
  }
  const heads = manifest.chain_heads && typeof manifest.chain_heads === 'object' ? manifest.chain_heads : {};
  for (const [sessionId, sealedHead] of Object.entries(heads)) {
    const head: Partial<ChainHead> = sealedHead && typeof sealedHead === 'object' ? sealedHead : {};
    const events = bySession.get(sessionId) ?? [];
    const last = events[events.length - 1];
    if (events.length === 0)
      problems.push(`session ${sessionId} is sealed in the manifest with ${head.events} events but the export holds none of them`);
    else if (events.length !== head.events || last?.hash !== head.last_event_hash) {
      problems.push(
        `session ${sessionId} does not end where the manifest says: sealed with ${head.events} events ending in ${short(head.last_event_hash)}, the export holds ${events.length} ending in ${short(last?.hash)}`,
      );
    }
  }
  for (const sessionId of bySession.keys())
    if (!(sessionId in heads)) problems.push(`session ${sessionId} has events the manifest does not cover`);
  return signedBy;
}

/**
 * Checks evidence from its own content: every session's chain links from its genesis, the
 * records are what the events replay to, and for a sealed export the manifest's hash,
 * signature, export digest and chain heads match what the file holds.
 */
export function verifyEvidence(input: EvidenceInput): EvidenceReport {
  const bySession = new Map<string, JarvisEvent[]>();
  const problems: string[] = [];
  for (const event of input.events) {
    if (event === null || typeof event !== 'object') {
      problems.push('the events hold something that is not an event');
      continue;
    }
    const list = bySession.get(event.work_session_id) ?? [];
    if (list.length === 0) bySession.set(event.work_session_id, list);
    list.push(event);
  }
  const legacy: string[] = [];
  let checked = 0;
  let firstBroken: BrokenLink | undefined;
  const intact = new Set<string>();
  for (const [sessionId, events] of bySession) {
    const chain = checkChain(events);
    checked += chain.checked;
    if (chain.broken) {
      firstBroken ??= chain.broken;
      problems.push(
        `the chain of session ${sessionId} is broken at revision ${chain.broken.revision} (event ${chain.broken.event_id}): ${chain.broken.reason}`,
      );
    } else intact.add(sessionId);
  }

  const signedBy = input.sealed ? checkSeal(input.sealed, bySession, problems) : undefined;
  if (input.sessionChain) {
    const firsts = new Map<string, string>();
    for (const [id, events] of bySession) firsts.set(id, events.find((e) => e.revision === 1)?.hash ?? '');
    problems.push(...sessionChainProblems(input.sessionChain, firsts));
    if (input.chainEnd !== undefined) problems.push(...chainEndProblems(input.sessionChain, input.chainEnd, input.endKey));
  }

  if (input.records) {
    const sessions = new Map(recordsOf(input.records, 'WorkSession').map((s) => [(s as unknown as WorkSession).work_session_id, s]));
    for (const sessionId of intact) {
      const replay = replaySession(bySession.get(sessionId)!);
      if (replay.kind === 'legacy') legacy.push(sessionId);
      else if (replay.kind === 'invalid') problems.push(`the events of session ${sessionId} cannot be replayed: ${replay.reason}`);
      else {
        const differences = compareWithReplay(replay, sessions.get(sessionId), input.records);
        if (differences.length > 0) problems.push(`the records of session ${sessionId} do not match its events: ${differences.join('; ')}`);
      }
    }
    const orphaned = new Set<string>();
    for (const id of sessions.keys()) if (!bySession.has(id)) orphaned.add(id);
    for (const type of Object.keys(SESSION_RECORD_IDS)) {
      for (const body of recordsOf(input.records, type)) {
        const id = body.work_session_id;
        if (typeof id === 'string' && !bySession.has(id)) orphaned.add(id);
      }
    }
    for (const id of orphaned)
      problems.push(`the records of session ${id} do not match its events: the records name the session but it has no events`);
  }

  return {
    ok: problems.length === 0,
    events_checked: checked,
    sessions: bySession.size,
    ...(firstBroken ? { first_broken: firstBroken } : {}),
    problems,
    legacy_sessions: legacy,
    ...(signedBy ? { signed_by: signedBy } : {}),
  };
}
