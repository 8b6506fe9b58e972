import type { Authority, Policy, ProtocolSessionDetail, RecordType, SessionRecords, WorkSession } from '../../src-shared';
import type { ProtocolStore } from './store';
import * as registry from './bootstrap';
import type { EvidenceReport } from './evidence';
import * as exports from './export';
import type { CallerContext, InProcessContext } from './headers';
import { ProtocolLedger, type Body, type ProtocolAnswer, type ProtocolChange } from './ledger';
import type { PolicyVerdict } from './policy';
import * as proposals from './proposals';
import * as sessions from './sessions';
import type { Signer } from './signing-key';

export { HOST_IDS } from './host-identities';
export type { ProtocolAnswer, ProtocolChange } from './ledger';
export type { ProtocolExport } from './export';

/**
 * Protocol state around host-owned execution: stores the fifteen record types,
 * emits hash-linked events for every accepted WorkSession change, validates headers,
 * authority and identities, and rejects what the spec lists. Every rejection happens
 * inside the transaction, so a rejected call writes nothing.
 *
 * A facade: each section (`bootstrap`, `sessions`, `proposals`, `export`) is its own module
 * of functions over the `ProtocolLedger`, which owns the transaction of every mutation.
 */
export class ProtocolService {
  private readonly ledger: ProtocolLedger;
  private householdDecider: sessions.HouseholdDecider | undefined;

  /**
   * `sealNewEndLater`: a fresh database's chain end is sealed by `sealNewChainEnd` (or the
   * first session) instead of here, so a signer that makes its key on first use is not
   * needed before then.
   */
  constructor(store: ProtocolStore, clock: () => Date, signer: Signer, options: { readonly sealNewEndLater?: boolean } = {}) {
    this.ledger = new ProtocolLedger(store, clock, signer);
    store.useSigner(signer, options);
  }

  /** Seals the end of a chain whose table this start made, if nothing has sealed it yet. */
  sealNewChainEnd(): void {
    this.ledger.store.sealNewEnd();
  }

  // ---------- who exists: the host's identities, workers, actors, policies ----------

  /** Registers the host, the assistant, the household and its default policy (idempotent). */
  bootstrap(policyRules: Policy['rules']): void {
    registry.bootstrap(this.ledger, policyRules);
  }

  /** See `bootstrap.extendMemberAuthority`: only the host calls this. */
  extendMemberAuthority(actorId: string, authority: readonly Authority[]): void {
    registry.extendMemberAuthority(this.ledger, actorId, authority);
  }

  registerWorker(ctx: CallerContext, body: Body): ProtocolAnswer {
    return registry.registerWorker(this.ledger, ctx, body);
  }

  registerActor(ctx: CallerContext, body: Body): ProtocolAnswer {
    return registry.registerActor(this.ledger, ctx, body);
  }

  definePolicy(ctx: CallerContext, body: Body): ProtocolAnswer {
    return registry.definePolicy(this.ledger, ctx, body);
  }

  // ---------- WorkSessions (hash-linked events; HTTP callers send the full header set) ----------

  createSession(ctx: CallerContext, body: Body): ProtocolAnswer {
    return sessions.createSession(this.ledger, ctx, body);
  }

  /**
   * Who decides for a protocol client that records a decision in a session under the
   * household's policy: the host's gate (set by the composition root), never this service.
   */
  setHouseholdDecider(decider: sessions.HouseholdDecider): void {
    this.householdDecider = decider;
  }

  /**
   * `decided`: the host's gate decided (its own callers pass it, never an HTTP body) and the
   * decision is recorded as it is. Without it, a protocol client's own policy rules decide.
   */
  recordDecision(ctx: CallerContext, sessionId: string, body: Body, decided?: PolicyVerdict): ProtocolAnswer {
    return sessions.recordDecision(this.ledger, this.householdDecider, ctx, sessionId, body, decided);
  }

  openRequest(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return sessions.openRequest(this.ledger, ctx, sessionId, body);
  }

  review(ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
    return sessions.review(this.ledger, ctx, sessionId, requestId, body);
  }

  takeover(ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
    return sessions.takeover(this.ledger, ctx, sessionId, requestId, body);
  }

  contribute(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return sessions.contribute(this.ledger, ctx, sessionId, body);
  }

  setSessionStatus(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return sessions.setSessionStatus(this.ledger, ctx, sessionId, body);
  }

  submitOutcome(ctx: CallerContext, body: Body): ProtocolAnswer {
    return sessions.submitOutcome(this.ledger, ctx, body);
  }

  sealSession(ctx: CallerContext, sessionId: string): ProtocolAnswer {
    return sessions.sealSession(this.ledger, ctx, sessionId);
  }

  /** The host's end of a session: status, outcome and (by `sealer`) seal in one mutation; see `sessions.endSession`. */
  endSession(
    ctx: InProcessContext,
    sessionId: string,
    outcome: Parameters<typeof sessions.endSession>[3],
    sealer: InProcessContext,
  ): ProtocolAnswer {
    return sessions.endSession(this.ledger, ctx, sessionId, outcome, sealer);
  }

  // ---------- proposals: only a household member decides ----------

  proposeSkill(ctx: CallerContext, body: Body): ProtocolAnswer {
    return proposals.proposeSkill(this.ledger, ctx, body);
  }

  /** A skill becomes active only through a household member's explicit decision. */
  decideSkill(ctx: CallerContext, proposalId: string, body: Body): ProtocolAnswer {
    return proposals.decideSkill(this.ledger, ctx, proposalId, body);
  }

  recordLearning(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return proposals.recordLearning(this.ledger, ctx, sessionId, body);
  }

  /** What the assistant learned counts only once a household member accepted it. */
  decideLearning(ctx: CallerContext, sessionId: string, learningId: string, body: Body): ProtocolAnswer {
    return proposals.decideLearning(this.ledger, ctx, sessionId, learningId, body);
  }

  /**
   * `sequel`: the host's own callers (never an HTTP body) name the proposal of the same fact this
   * one follows, and whether it takes that one back (a forget after acceptance).
   */
  proposeMemory(
    ctx: CallerContext,
    sessionId: string,
    body: Body,
    sequel?: { readonly follows: string; readonly change?: 'forget' },
  ): ProtocolAnswer {
    return proposals.proposeMemory(this.ledger, ctx, sessionId, body, sequel);
  }

  /** A household member takes an undecided proposal back; only the host calls this. */
  withdrawMemory(ctx: CallerContext, sessionId: string, proposalId: string): ProtocolAnswer {
    return proposals.withdrawMemory(this.ledger, ctx, sessionId, proposalId);
  }

  /** Memory changes only through a proposal a household member accepted: never silently. */
  decideMemory(ctx: CallerContext, sessionId: string, proposalId: string, body: Body): ProtocolAnswer {
    return proposals.decideMemory(this.ledger, ctx, sessionId, proposalId, body);
  }

  // ---------- export, evidence manifests, verification ----------

  createManifest(ctx: CallerContext, body: Body): ProtocolAnswer {
    return exports.createManifest(this.ledger, ctx, body);
  }

  sealManifest(ctx: CallerContext, manifestId: string): ProtocolAnswer {
    return exports.sealManifest(this.ledger, ctx, manifestId);
  }

  /** Every record and event: the protocol part of an export, still unsealed. */
  exportAll(): exports.ProtocolExport {
    return exports.exportAll(this.ledger);
  }

  /**
   * Seals a finished export (after every redaction, as the file will hold it): a signed
   * EvidenceManifest with the head of every session's chain and the digest of the whole
   * document, placed beside the exported events. Returns the sealed document.
   */
  sealExport<T extends Record<string, unknown>>(document: T, scope: string): T {
    return exports.sealExport(this.ledger, document, scope);
  }

  /** The chains of the live database, and whether its records are what the events replay to. */
  verify(): EvidenceReport {
    return exports.verify(this.ledger);
  }

  /** The host's public signing key (fingerprint included). */
  signingKey(): Signer['key'] {
    return this.ledger.signer.key;
  }

  // ---------- reads ----------

  session(id: string): ProtocolSessionDetail | undefined {
    return sessions.sessionDetail(this.ledger, id);
  }

  /** One kind of a session's records, oldest first (without reading the rest of the session). */
  sessionRecordsOf<T>(sessionId: string, type: keyof SessionRecords): T[] {
    return this.ledger.store.listForSession<T>(sessionId, type);
  }

  /** WorkSessions, newest first. */
  sessions(): WorkSession[] {
    return this.ledger.store.list<WorkSession>('WorkSession').reverse();
  }

  list<T>(type: RecordType): T[] {
    return this.ledger.store.list<T>(type);
  }

  get<T>(type: RecordType, id: string): T | undefined {
    return this.ledger.store.get<T>(type, id);
  }

  /** Reads are answered only to registered actors. */
  requireReader(actorId: string): void {
    this.ledger.requireActor(actorId);
  }

  eventCount(): number {
    return this.ledger.store.eventCount();
  }

  // ---------- transactions and change listeners ----------

  /**
   * Runs several mutations in one SQLite transaction: one write to disk for all of them, and
   * none if one throws out. `durable: false`: the commit does not wait for the disk (see
   * ProtocolStore.transaction); the host's records before a tool call, made durable by the
   * commit after it.
   */
  atomically<T>(fn: () => T, options: { readonly durable?: boolean } = {}): T {
    return this.ledger.atomically(fn, options);
  }

  /**
   * Called inside the transaction of every accepted (not replayed) mutation: the host keeps a
   * record of its own in line with the protocol's (the Gelernt card with a MemoryProposal). A
   * mirror that throws rejects the mutation. It records what the household decided; it decides nothing.
   */
  onChangeWithin(mirror: (change: ProtocolChange) => void): () => void {
    return this.ledger.onChangeWithin(mirror);
  }

  /** Called after every accepted (not replayed) mutation, outside its transaction. */
  onChange(listener: (change: ProtocolChange) => void): () => void {
    return this.ledger.onChange(listener);
  }
}
