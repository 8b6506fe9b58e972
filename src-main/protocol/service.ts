import { randomBytes } from 'node:crypto';
import {
  canonicalJson,
  FORBIDDEN_EXPORT_FIELDS,
  GENESIS_HASH,
  PROTOCOL_SCHEMAS,
  PROTOCOL_VERSION,
  TERMINAL_SESSION_STATUSES,
  type Actor,
  type Authority,
  type ChainHead,
  type Contribution,
  type EventRecordChange,
  type EvidenceManifest,
  type JarvisEvent,
  type LearningRecord,
  type MemoryProposal,
  type OutcomeReport,
  type Policy,
  type PolicyDecision,
  type ProtocolSchemaName,
  type ProtocolSessionDetail,
  type SessionRecords,
  type RecordType,
  type Request,
  type Review,
  type SkillProposal,
  type Takeover,
  type Worker,
  type WorkSession,
} from '../../src-shared';
import type { ProtocolStore } from './store';
import { check, compileSchema } from '../platform/validation';
import { eventHash, sha256Hex } from './chain';
import { verifyEvidence, type EvidenceReport } from './evidence';
import { protocolPartOf, exportDigest, sealManifest, sectionDigests } from './export-seal';
import { ProtocolError } from './errors';
import type { CallerContext } from './headers';
import { evaluatePolicy, type PolicyVerdict } from './policy';
import type { Signer } from './signing-key';

/** An accepted mutation, as the service's change listeners see it. */
export interface ProtocolChange {
  /** The service operation (`decideSkill`, `decideMemory`, `sealSession`, …). */
  readonly op: string;
  readonly actorId: string;
  /** The ids named by the path (`sessionId`, `proposalId`, …). */
  readonly ids: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface ProtocolAnswer<T = unknown> {
  readonly status: number;
  readonly body: T;
  /** True when an idempotency key replayed an earlier answer (nothing was written). */
  readonly replayed: boolean;
}

/** The identities JARVIS itself acts as. Seeded once; stable across restarts. */
export const HOST_IDS = {
  hostWorker: 'wrk_jarvis_host',
  householdWorker: 'wrk_household',
  system: 'act_jarvis_system',
  assistant: 'act_jarvis_assistant',
  household: 'act_household',
  householdPolicy: 'pol_household',
} as const;

const HUMAN_AUTHORITY: Authority[] = [
  'policy.define',
  'session.create',
  'request.review',
  'request.takeover',
  'memory.decide',
  'learning.decide',
  'skill.decide',
  'manifest.seal',
  'outcome.submit',
];

/** The record types an export lists, in this order. */
const EXPORTED_TYPES = [
  'Worker',
  'Actor',
  'Policy',
  'WorkSession',
  'PolicyDecision',
  'Request',
  'Review',
  'Takeover',
  'Contribution',
  'EvidenceManifest',
  'LearningRecord',
  'MemoryProposal',
  'SkillProposal',
  'OutcomeReport',
] as const;

/** What `exportAll` returns: the protocol part of an export, before it is sealed. */
export interface ProtocolExport {
  protocol_version: string;
  exported_at: string;
  records: Record<string, unknown[]>;
  events: JarvisEvent[];
}

type Body = Record<string, unknown>;

function change(type: RecordType, id: string, body: object): EventRecordChange {
  return { type, id, body };
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

function findForbiddenField(value: unknown, depth = 0): string | undefined {
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value as Body)) {
    if ((FORBIDDEN_EXPORT_FIELDS as readonly string[]).includes(k.toLowerCase())) return k;
    const nested = findForbiddenField(v, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Protocol state around host-owned execution: stores the fifteen record types,
 * emits hash-linked events for every accepted WorkSession change, validates headers,
 * authority and identities, and rejects what the spec lists. Every rejection happens
 * inside the transaction, so a rejected call writes nothing.
 */
export class ProtocolService {
  private readonly listeners = new Set<(change: ProtocolChange) => void>();
  private readonly mirrors = new Set<(change: ProtocolChange) => void>();

  constructor(
    private readonly store: ProtocolStore,
    private readonly clock: () => Date,
    /** Signs every sealed manifest; its public key and fingerprint travel with the manifest. */
    private readonly signer: Signer,
  ) {
    store.useSigner(signer);
  }

  /** Registers the host, the assistant, the household and its default policy (idempotent). */
  bootstrap(policyRules: Policy['rules']): void {
    const at = this.clock().toISOString();
    this.store.transaction(() => {
      const put = <T extends object>(type: RecordType, id: string, body: T) => {
        if (!this.store.get(type, id)) this.store.insert(type, id, undefined, body, at);
      };
      put<Worker>('Worker', HOST_IDS.hostWorker, {
        worker_id: HOST_IDS.hostWorker,
        kind: 'agent_worker',
        name: 'JARVIS Home Command',
        registered_at: at,
      });
      put<Worker>('Worker', HOST_IDS.householdWorker, {
        worker_id: HOST_IDS.householdWorker,
        kind: 'human_worker',
        name: 'Haushalt',
        registered_at: at,
      });
      put<Actor>('Actor', HOST_IDS.system, {
        actor_id: HOST_IDS.system,
        worker_id: HOST_IDS.hostWorker,
        role: 'system',
        display_name: 'JARVIS',
        authority: ['session.create', 'session.act', 'manifest.seal', 'outcome.submit'],
        registered_at: at,
      });
      put<Actor>('Actor', HOST_IDS.assistant, {
        actor_id: HOST_IDS.assistant,
        worker_id: HOST_IDS.hostWorker,
        role: 'assistant',
        display_name: 'JARVIS Assistent',
        authority: ['session.create', 'session.act', 'outcome.submit'],
        registered_at: at,
      });
      put<Actor>('Actor', HOST_IDS.household, {
        actor_id: HOST_IDS.household,
        worker_id: HOST_IDS.householdWorker,
        role: 'household_member',
        display_name: 'Haushalt',
        authority: HUMAN_AUTHORITY,
        registered_at: at,
      });
      // A household registered before an authority existed gains it (e.g. deciding learning).
      const household = this.store.get<Actor>('Actor', HOST_IDS.household)!;
      const missing = HUMAN_AUTHORITY.filter((a) => !household.authority.includes(a));
      if (missing.length > 0)
        this.store.update('Actor', HOST_IDS.household, { ...household, authority: [...household.authority, ...missing] } satisfies Actor);
      const existing = this.store.get<Policy>('Policy', HOST_IDS.householdPolicy);
      const policy: Policy = {
        policy_id: HOST_IDS.householdPolicy,
        name: 'Haushalt (Standard)',
        rules: policyRules,
        defined_by: HOST_IDS.household,
        created_at: existing?.created_at ?? at,
      };
      if (!existing) this.store.insert('Policy', policy.policy_id, undefined, policy, at);
      else if (canonicalJson(existing.rules) !== canonicalJson(policyRules)) this.store.update('Policy', policy.policy_id, policy);
    });
  }

  /**
   * A member's Actor registered before an authority was handed to members gains it, as the
   * household's does in `bootstrap`. Only the host calls this; it never grants beyond a human's authority.
   */
  extendMemberAuthority(actorId: string, authority: readonly Authority[]): void {
    this.store.transaction(() => {
      const actor = this.store.get<Actor>('Actor', actorId);
      if (!actor || actor.role !== 'household_member' || actor.worker_id !== HOST_IDS.householdWorker) return;
      const missing = authority.filter((a) => HUMAN_AUTHORITY.includes(a) && !actor.authority.includes(a));
      if (missing.length > 0)
        this.store.update('Actor', actorId, { ...actor, authority: [...actor.authority, ...missing] } satisfies Actor);
    });
  }

  // ---------- non-WorkSession mutations (reduced header set) ----------

  registerWorker(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'registerWorker', 'Worker', body, {}, () => {
      this.requireAuthority(ctx.actorId, 'session.create', 'policy.define');
      const worker_id = body.worker_id as string;
      if (this.store.get('Worker', worker_id)) throw new ProtocolError('DUPLICATE_RECORD', `Worker ${worker_id} is already registered.`);
      const worker: Worker = { ...(body as unknown as Worker), registered_at: this.now() };
      this.store.insert('Worker', worker_id, undefined, worker, worker.registered_at);
      return { status: 201, body: worker };
    });
  }

  registerActor(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'registerActor', 'Actor', body, {}, () => {
      const registrar = this.requireAuthority(ctx.actorId, 'session.create', 'policy.define');
      const actor_id = body.actor_id as string;
      if (this.store.get('Actor', actor_id)) throw new ProtocolError('DUPLICATE_RECORD', `Actor ${actor_id} is already registered.`);
      if (!this.store.get('Worker', body.worker_id as string))
        throw new ProtocolError('OPERATION_OUT_OF_ORDER', `Register worker ${String(body.worker_id)} before its actors.`);
      const authority = body.authority as Authority[];
      // Nobody hands out authority they do not hold themselves.
      const exceeding = authority.filter((a) => !registrar.authority.includes(a));
      if (exceeding.length > 0) throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${ctx.actorId} cannot grant ${exceeding.join(', ')}.`);
      const actor: Actor = { ...(body as unknown as Actor), registered_at: this.now() };
      this.store.insert('Actor', actor_id, undefined, actor, actor.registered_at);
      return { status: 201, body: actor };
    });
  }

  definePolicy(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'definePolicy', 'Policy', body, {}, () => {
      const actor = this.requireAuthority(ctx.actorId, 'policy.define');
      if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member defines a policy.');
      const policy_id = body.policy_id as string;
      if (this.store.get('Policy', policy_id)) throw new ProtocolError('DUPLICATE_RECORD', `Policy ${policy_id} exists.`);
      const policy: Policy = { ...(body as unknown as Policy), defined_by: ctx.actorId, created_at: this.now() };
      this.store.insert('Policy', policy_id, undefined, policy, policy.created_at);
      return { status: 201, body: policy };
    });
  }

  createSession(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'createSession', 'WorkSession', body, {}, () => {
      this.requireAuthority(ctx.actorId, 'session.create');
      const policy = this.store.get<Policy>('Policy', body.policy_id as string);
      if (!policy)
        throw new ProtocolError(
          'OPERATION_OUT_OF_ORDER',
          `Policy ${String(body.policy_id)} does not exist: a WorkSession is created under a human-defined policy.`,
        );
      const id = body.work_session_id as string;
      if (this.store.get('WorkSession', id)) throw new ProtocolError('DUPLICATE_RECORD', `WorkSession ${id} exists.`);
      const at = this.now();
      const session: WorkSession = {
        work_session_id: id,
        policy_id: policy.policy_id,
        owner_actor_id: ctx.actorId,
        goal: body.goal as string,
        status: 'open',
        revision: 0,
        last_event_hash: GENESIS_HASH,
        sealed: false,
        created_at: at,
        updated_at: at,
      };
      this.store.insert('WorkSession', id, id, session, at);
      const after = this.appendEvent(
        session,
        'work_session.created',
        ctx.actorId,
        'WorkSession',
        id,
        { policy_id: policy.policy_id, goal: session.goal },
        [],
        at,
      );
      return { status: 201, body: after };
    });
  }

  submitOutcome(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'submitOutcome', 'OutcomeReport', body, {}, () => {
      this.requireAuthority(ctx.actorId, 'outcome.submit');
      const session = this.store.get<WorkSession>('WorkSession', body.work_session_id as string);
      if (!session) throw new ProtocolError('NOT_FOUND', `WorkSession ${String(body.work_session_id)} does not exist.`);
      if (session.sealed)
        throw new ProtocolError('SEALED_WORK_SESSION', `WorkSession ${session.work_session_id} is sealed and cannot change.`);
      if (!TERMINAL_SESSION_STATUSES.includes(session.status)) {
        throw new ProtocolError(
          'OPERATION_OUT_OF_ORDER',
          `An OutcomeReport is submitted after the WorkSession is terminal; ${session.work_session_id} is ${session.status}.`,
        );
      }
      if (body.outcome !== session.status)
        throw new ProtocolError('INVALID_RECORD', `The outcome ${String(body.outcome)} contradicts the session status ${session.status}.`);
      const report_id = body.report_id as string;
      if (this.store.get('OutcomeReport', report_id)) throw new ProtocolError('DUPLICATE_RECORD', `OutcomeReport ${report_id} exists.`);
      const report: OutcomeReport = { ...(body as unknown as OutcomeReport), submitted_by: ctx.actorId, submitted_at: this.now() };
      this.store.insert('OutcomeReport', report_id, session.work_session_id, report, report.submitted_at);
      // The outcome is part of the session's chain, so sealing the session seals it too.
      this.appendEvent(session, 'outcome.reported', ctx.actorId, 'OutcomeReport', report_id, { outcome: report.outcome }, [
        change('OutcomeReport', report_id, report),
      ]);
      return { status: 201, body: report };
    });
  }

  proposeSkill(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'proposeSkill', 'SkillProposal', body, {}, () => {
      this.requireActor(ctx.actorId);
      const proposal_id = body.proposal_id as string;
      if (this.store.get('SkillProposal', proposal_id)) throw new ProtocolError('DUPLICATE_RECORD', `SkillProposal ${proposal_id} exists.`);
      const proposal: SkillProposal = { ...(body as unknown as SkillProposal), status: 'proposed', created_at: this.now() };
      this.store.insert('SkillProposal', proposal_id, undefined, proposal, proposal.created_at);
      return { status: 201, body: proposal };
    });
  }

  /** A skill becomes active only through a household member's explicit decision. */
  decideSkill(ctx: CallerContext, proposalId: string, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'decideSkill', 'Decision', body, { proposalId }, () => {
      const actor = this.requireActor(ctx.actorId);
      const proposal = this.store.get<SkillProposal>('SkillProposal', proposalId);
      if (!proposal)
        throw new ProtocolError('SILENT_SKILL_ACTIVATION', `No SkillProposal ${proposalId}: a skill is activated only through a proposal.`);
      if (actor.role !== 'household_member' || !actor.authority.includes('skill.decide')) {
        throw new ProtocolError('SILENT_SKILL_ACTIVATION', `${ctx.actorId} cannot activate skills; a household member decides.`);
      }
      if (proposal.status !== 'proposed')
        throw new ProtocolError('OPERATION_OUT_OF_ORDER', `SkillProposal ${proposalId} was already ${proposal.status}.`);
      const decided: SkillProposal = {
        ...proposal,
        status: body.decision === 'accept' ? 'activated' : 'rejected',
        decided_by: ctx.actorId,
      };
      this.store.update('SkillProposal', proposalId, decided);
      return { status: 200, body: decided };
    });
  }

  createManifest(ctx: CallerContext, body: Body): ProtocolAnswer {
    return this.mutate(ctx, 'createManifest', 'EvidenceManifest', body, {}, () => {
      this.requireActor(ctx.actorId);
      const manifest_id = body.manifest_id as string;
      const existing = this.store.get<EvidenceManifest>('EvidenceManifest', manifest_id);
      if (existing?.sealed)
        throw new ProtocolError('SEALED_EVIDENCE_MANIFEST', `EvidenceManifest ${manifest_id} is sealed and cannot change.`);
      const at = this.now();
      const manifest: EvidenceManifest = {
        manifest_id,
        scope: body.scope as string,
        items: [...(existing?.items ?? []), ...(body.items as EvidenceManifest['items'])],
        chain_heads: this.chainHeads(),
        sealed: false,
        created_at: existing?.created_at ?? at,
      };
      if (existing) this.store.update('EvidenceManifest', manifest_id, manifest);
      else this.store.insert('EvidenceManifest', manifest_id, undefined, manifest, at);
      return { status: existing ? 200 : 201, body: manifest };
    });
  }

  sealManifest(ctx: CallerContext, manifestId: string): ProtocolAnswer {
    return this.mutate(ctx, 'sealManifest', undefined, {}, { manifestId }, () => {
      this.requireAuthority(ctx.actorId, 'manifest.seal');
      const manifest = this.store.get<EvidenceManifest>('EvidenceManifest', manifestId);
      if (!manifest) throw new ProtocolError('NOT_FOUND', `EvidenceManifest ${manifestId} does not exist.`);
      if (manifest.sealed) throw new ProtocolError('SEALED_EVIDENCE_MANIFEST', `EvidenceManifest ${manifestId} is already sealed.`);
      const sealed = this.seal(manifest);
      this.store.update('EvidenceManifest', manifestId, sealed);
      return { status: 200, body: sealed };
    });
  }

  // ---------- WorkSession-scoped mutations (full header set, hash-linked events) ----------

  private householdDecider: ((tool: string) => PolicyVerdict | undefined) | undefined;

  /**
   * Who decides for a protocol client that records a decision in a session under the
   * household's policy: the host's gate (set by the composition root), never this service.
   */
  setHouseholdDecider(decider: (tool: string) => PolicyVerdict | undefined): void {
    this.householdDecider = decider;
  }

  /**
   * `decided`: the host's gate decided (its own callers pass it, never an HTTP body) and the
   * decision is recorded as it is. Without it, a protocol client's own policy rules decide.
   */
  recordDecision(ctx: CallerContext, sessionId: string, body: Body, decided?: PolicyVerdict): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'recordDecision', 'PolicyDecision', body, (session) => {
      this.requireAuthority(ctx.actorId, 'session.act');
      this.requireNoOpenRequest(session);
      const decision_id = body.decision_id as string;
      if (this.store.get('PolicyDecision', decision_id))
        throw new ProtocolError('DUPLICATE_RECORD', `PolicyDecision ${decision_id} exists.`);
      const policy = this.store.get<Policy>('Policy', session.policy_id)!;
      const tool = body.tool as string;
      const verdict =
        decided ??
        (policy.policy_id === HOST_IDS.householdPolicy ? this.householdDecider?.(tool) : undefined) ??
        evaluatePolicy(policy.rules, tool);
      const risk = verdict.risk;
      const decision: PolicyDecision = {
        decision_id,
        work_session_id: sessionId,
        policy_id: policy.policy_id,
        // The arguments are hashed, not stored: they may hold personal data, and records are exported.
        action: { tool: body.tool as string, arguments_sha256: sha256Hex(canonicalJson(body.arguments)) },
        outcome: verdict.outcome,
        reason: verdict.reason,
        ...(risk ? { risk } : {}),
        rule: verdict.rule,
        decided_at: this.now(),
      };
      this.store.insert('PolicyDecision', decision_id, sessionId, decision, decision.decided_at);
      const after = this.appendEvent(
        session,
        'policy_decision.recorded',
        ctx.actorId,
        'PolicyDecision',
        decision_id,
        { tool: decision.action.tool, outcome: decision.outcome, ...(decision.risk ? { risk: decision.risk } : {}), rule: verdict.rule },
        [change('PolicyDecision', decision_id, decision)],
      );
      return { status: 201, body: { decision, session: after } };
    });
  }

  openRequest(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'openRequest', 'Request', body, (session) => {
      this.requireAuthority(ctx.actorId, 'session.act');
      this.requireNoOpenRequest(session);
      const decision = this.decisionOf(session, body.decision_id as string);
      if (decision.outcome !== 'require_review') {
        throw new ProtocolError(
          'OPERATION_OUT_OF_ORDER',
          `A Request is opened when the agent is blocked; decision ${decision.decision_id} is ${decision.outcome}.`,
        );
      }
      const request_id = body.request_id as string;
      if (this.store.get('Request', request_id)) throw new ProtocolError('DUPLICATE_RECORD', `Request ${request_id} exists.`);
      const request: Request = {
        request_id,
        work_session_id: sessionId,
        decision_id: decision.decision_id,
        summary: body.summary as string,
        status: 'open',
        created_at: this.now(),
      };
      this.store.insert('Request', request_id, sessionId, request, request.created_at);
      const blocked = this.writeSession({ ...session, status: 'blocked' });
      const after = this.appendEvent(
        blocked,
        'request.opened',
        ctx.actorId,
        'Request',
        request_id,
        { decision_id: decision.decision_id, summary: request.summary },
        [change('Request', request_id, request)],
      );
      return { status: 201, body: { request, session: after } };
    });
  }

  review(ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'review', 'Review', body, (session) => {
      const actor = this.requireAuthority(ctx.actorId, 'request.review');
      if (body.reviewer_actor_id !== undefined && body.reviewer_actor_id !== ctx.actorId) {
        throw new ProtocolError('ACTOR_BODY_MISMATCH', 'reviewer_actor_id must be the acting actor.');
      }
      if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member reviews a request.');
      const request = this.openRequestOf(session, requestId);
      const review_id = body.review_id as string;
      if (this.store.get('Review', review_id)) throw new ProtocolError('DUPLICATE_RECORD', `Review ${review_id} exists.`);
      const review: Review = {
        review_id,
        request_id: requestId,
        work_session_id: sessionId,
        reviewer_actor_id: ctx.actorId,
        verdict: body.verdict as Review['verdict'],
        ...(body.comment ? { comment: body.comment as string } : {}),
        reviewed_at: this.now(),
      };
      this.store.insert('Review', review_id, sessionId, review, review.reviewed_at);
      const resolved: Request = { ...request, status: 'resolved', resolution: { by: 'review', record_id: review_id } };
      this.store.update('Request', requestId, resolved);
      const reopened = this.writeSession({ ...session, status: 'open' });
      const after = this.appendEvent(
        reopened,
        'request.reviewed',
        ctx.actorId,
        'Review',
        review_id,
        { request_id: requestId, verdict: review.verdict },
        [change('Review', review_id, review), change('Request', requestId, resolved)],
      );
      return { status: 201, body: { review, session: after } };
    });
  }

  takeover(ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'takeover', 'Takeover', body, (session) => {
      const actor = this.requireAuthority(ctx.actorId, 'request.takeover');
      if (body.actor_id !== undefined && body.actor_id !== ctx.actorId)
        throw new ProtocolError('ACTOR_BODY_MISMATCH', 'actor_id must be the acting actor.');
      if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member takes over.');
      const request = this.openRequestOf(session, requestId);
      const takeover_id = body.takeover_id as string;
      if (this.store.get('Takeover', takeover_id)) throw new ProtocolError('DUPLICATE_RECORD', `Takeover ${takeover_id} exists.`);
      const takeover: Takeover = {
        takeover_id,
        request_id: requestId,
        work_session_id: sessionId,
        actor_id: ctx.actorId,
        reason: body.reason as string,
        at_revision: session.revision + 1,
        taken_at: this.now(),
      };
      this.store.insert('Takeover', takeover_id, sessionId, takeover, takeover.taken_at);
      const resolved: Request = { ...request, status: 'resolved', resolution: { by: 'takeover', record_id: takeover_id } };
      this.store.update('Request', requestId, resolved);
      const reopened = this.writeSession({ ...session, status: 'open' });
      const after = this.appendEvent(
        reopened,
        'request.taken_over',
        ctx.actorId,
        'Takeover',
        takeover_id,
        { request_id: requestId, reason: takeover.reason },
        [change('Takeover', takeover_id, takeover), change('Request', requestId, resolved)],
      );
      return { status: 201, body: { takeover, session: after } };
    });
  }

  contribute(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'contribute', 'Contribution', body, (session) => {
      this.requireAuthority(ctx.actorId, 'session.act');
      if (body.actor_id !== undefined && body.actor_id !== ctx.actorId)
        throw new ProtocolError('ACTOR_BODY_MISMATCH', 'actor_id must be the acting actor.');
      this.requireNoOpenRequest(session);
      const decision_id = body.decision_id as string;
      const decision = this.store.get<PolicyDecision>('PolicyDecision', decision_id);
      if (!decision || decision.work_session_id !== sessionId) {
        throw new ProtocolError(
          'MISSING_POLICY_DECISION',
          `No PolicyDecision ${decision_id} in this session: record it before the action is accepted.`,
        );
      }
      if (decision.outcome === 'deny') throw new ProtocolError('POLICY_DENIED', `The policy denied ${decision.action.tool}.`);
      if (decision.outcome === 'require_review') {
        const request = this.store.listForSession<Request>(sessionId, 'Request').find((r) => r.decision_id === decision_id);
        if (!request || request.status !== 'resolved' || !request.resolution) {
          throw new ProtocolError(
            'MISSING_RESOLUTION',
            `${decision.action.tool} needs a review: resolve its Request through a Review or a Takeover first.`,
          );
        }
        if (request.resolution.by === 'takeover') {
          throw new ProtocolError(
            'STALE_TAKEOVER_CONTINUATION',
            `A household member took over ${decision.action.tool}; the agent cannot continue it.`,
          );
        }
        const review = this.store.get<Review>('Review', request.resolution.record_id);
        if (review?.verdict !== 'approve')
          throw new ProtocolError('MISSING_RESOLUTION', `The review of ${decision.action.tool} rejected it.`);
      }
      const contribution_id = body.contribution_id as string;
      if (this.store.get('Contribution', contribution_id))
        throw new ProtocolError('DUPLICATE_RECORD', `Contribution ${contribution_id} exists.`);
      const contribution: Contribution = {
        contribution_id,
        work_session_id: sessionId,
        actor_id: ctx.actorId,
        decision_id,
        kind: body.kind as Contribution['kind'],
        summary: body.summary as string,
        ...(body.evidence_sha256 ? { evidence_sha256: body.evidence_sha256 as string } : {}),
        created_at: this.now(),
      };
      this.store.insert('Contribution', contribution_id, sessionId, contribution, contribution.created_at);
      const after = this.appendEvent(
        session,
        'contribution.recorded',
        ctx.actorId,
        'Contribution',
        contribution_id,
        { decision_id, kind: contribution.kind, summary: contribution.summary },
        [change('Contribution', contribution_id, contribution)],
      );
      return { status: 201, body: { contribution, session: after } };
    });
  }

  recordLearning(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'recordLearning', 'LearningRecord', body, (session) => {
      this.requireAuthority(ctx.actorId, 'session.act');
      const learning_id = body.learning_id as string;
      if (this.store.get('LearningRecord', learning_id))
        throw new ProtocolError('DUPLICATE_RECORD', `LearningRecord ${learning_id} exists.`);
      // Governed: a learning record starts as a proposal, like memory.
      const record: LearningRecord = {
        learning_id,
        work_session_id: sessionId,
        summary: body.summary as string,
        status: 'proposed',
        created_at: this.now(),
      };
      this.store.insert('LearningRecord', learning_id, sessionId, record, record.created_at);
      const after = this.appendEvent(
        session,
        'learning.proposed',
        ctx.actorId,
        'LearningRecord',
        learning_id,
        { summary: record.summary },
        [change('LearningRecord', learning_id, record)],
      );
      return { status: 201, body: { learning: record, session: after } };
    });
  }

  /** What the assistant learned counts only once a household member accepted it. */
  decideLearning(ctx: CallerContext, sessionId: string, learningId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'decideLearning', 'Decision', body, (session) => {
      const actor = this.requireActor(ctx.actorId);
      const record = this.store.get<LearningRecord>('LearningRecord', learningId);
      if (!record || record.work_session_id !== sessionId)
        throw new ProtocolError('NOT_FOUND', `No LearningRecord ${learningId} in this session.`);
      if (actor.role !== 'household_member' || !actor.authority.includes('learning.decide')) {
        throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${ctx.actorId} cannot decide learning; a household member does.`);
      }
      if (record.status !== 'proposed')
        throw new ProtocolError('OPERATION_OUT_OF_ORDER', `LearningRecord ${learningId} was already ${record.status}.`);
      const decided: LearningRecord = { ...record, status: body.decision === 'accept' ? 'accepted' : 'rejected', decided_by: ctx.actorId };
      this.store.update('LearningRecord', learningId, decided);
      const after = this.appendEvent(
        session,
        `learning.${decided.status}`,
        ctx.actorId,
        'LearningRecord',
        learningId,
        { status: decided.status },
        [change('LearningRecord', learningId, decided)],
      );
      return { status: 200, body: { learning: decided, session: after } };
    });
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
    return this.sessionMutation(ctx, sessionId, 'proposeMemory', 'MemoryProposal', body, (session) => {
      this.requireActor(ctx.actorId);
      const proposal_id = body.proposal_id as string;
      if (this.store.get('MemoryProposal', proposal_id))
        throw new ProtocolError('DUPLICATE_RECORD', `MemoryProposal ${proposal_id} exists.`);
      if (sequel && !this.store.get('MemoryProposal', sequel.follows))
        throw new ProtocolError('NOT_FOUND', `No MemoryProposal ${sequel.follows} to follow.`);
      const proposal: MemoryProposal = {
        proposal_id,
        work_session_id: sessionId,
        fact: body.fact as string,
        status: 'proposed',
        ...(sequel?.change ? { change: sequel.change } : {}),
        ...(sequel ? { follows: sequel.follows } : {}),
        created_at: this.now(),
      };
      this.store.insert('MemoryProposal', proposal_id, sessionId, proposal, proposal.created_at);
      const after = this.appendEvent(
        session,
        'memory.proposed',
        ctx.actorId,
        'MemoryProposal',
        proposal_id,
        { fact: proposal.fact, ...(sequel ? { follows: sequel.follows } : {}), ...(sequel?.change ? { change: sequel.change } : {}) },
        [change('MemoryProposal', proposal_id, proposal)],
      );
      return { status: 201, body: { proposal, session: after } };
    });
  }

  /**
   * A household member takes an undecided proposal back (the fact was forgotten before anyone
   * decided it). Only the host calls this; over HTTP a proposal is accepted or rejected.
   */
  withdrawMemory(ctx: CallerContext, sessionId: string, proposalId: string): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'withdrawMemory', undefined, {}, (session) => {
      const proposal = this.memoryDecidable(ctx.actorId, sessionId, proposalId);
      const withdrawn: MemoryProposal = { ...proposal, status: 'withdrawn', decided_by: ctx.actorId };
      this.store.update('MemoryProposal', proposalId, withdrawn);
      const after = this.appendEvent(session, 'memory.withdrawn', ctx.actorId, 'MemoryProposal', proposalId, { status: 'withdrawn' }, [
        change('MemoryProposal', proposalId, withdrawn),
      ]);
      return { status: 200, body: { proposal: withdrawn, session: after } };
    });
  }

  private memoryDecidable(actorId: string, sessionId: string, proposalId: string): MemoryProposal {
    const actor = this.requireActor(actorId);
    const proposal = this.store.get<MemoryProposal>('MemoryProposal', proposalId);
    if (!proposal || proposal.work_session_id !== sessionId)
      throw new ProtocolError(
        'SILENT_MEMORY_MUTATION',
        `No MemoryProposal ${proposalId} in this session: memory changes only through a proposal.`,
      );
    if (actor.role !== 'household_member' || !actor.authority.includes('memory.decide')) {
      throw new ProtocolError('SILENT_MEMORY_MUTATION', `${actorId} cannot decide memory; a household member does.`);
    }
    if (proposal.status !== 'proposed')
      throw new ProtocolError('OPERATION_OUT_OF_ORDER', `MemoryProposal ${proposalId} was already ${proposal.status}.`);
    return proposal;
  }

  /** Memory changes only through a proposal a household member accepted: never silently. */
  decideMemory(ctx: CallerContext, sessionId: string, proposalId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'decideMemory', 'Decision', body, (session) => {
      const proposal = this.memoryDecidable(ctx.actorId, sessionId, proposalId);
      const decided: MemoryProposal = {
        ...proposal,
        status: body.decision === 'accept' ? 'accepted' : 'rejected',
        decided_by: ctx.actorId,
      };
      this.store.update('MemoryProposal', proposalId, decided);
      const after = this.appendEvent(
        session,
        `memory.${decided.status}`,
        ctx.actorId,
        'MemoryProposal',
        proposalId,
        { status: decided.status },
        [change('MemoryProposal', proposalId, decided)],
      );
      return { status: 200, body: { proposal: decided, session: after } };
    });
  }

  setSessionStatus(ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'setSessionStatus', 'SessionStatus', body, (session) => {
      this.requireAuthority(ctx.actorId, 'session.act', 'outcome.submit');
      if (TERMINAL_SESSION_STATUSES.includes(session.status))
        throw new ProtocolError('OPERATION_OUT_OF_ORDER', `WorkSession ${sessionId} is already ${session.status}.`);
      const open = this.store.listForSession<Request>(sessionId, 'Request').find((r) => r.status === 'open');
      if (open && body.status === 'completed') {
        throw new ProtocolError('MISSING_RESOLUTION', `Request ${open.request_id} has no Review or Takeover: the session cannot complete.`);
      }
      const status = body.status as WorkSession['status'];
      const updated = this.writeSession({ ...session, status });
      const after = this.appendEvent(updated, `work_session.${status}`, ctx.actorId, 'WorkSession', sessionId, { status });
      return { status: 200, body: after };
    });
  }

  sealSession(ctx: CallerContext, sessionId: string): ProtocolAnswer {
    return this.sessionMutation(ctx, sessionId, 'sealSession', undefined, {}, (session) => {
      this.requireAuthority(ctx.actorId, 'manifest.seal');
      if (!TERMINAL_SESSION_STATUSES.includes(session.status))
        throw new ProtocolError('OPERATION_OUT_OF_ORDER', 'Only a terminal WorkSession is sealed.');
      // Sealing would leave a proposal nobody can decide any more.
      const undecided = this.store.listForSession<MemoryProposal>(sessionId, 'MemoryProposal').find((p) => p.status === 'proposed');
      if (undecided)
        throw new ProtocolError(
          'OPERATION_OUT_OF_ORDER',
          `MemoryProposal ${undecided.proposal_id} is not decided yet: the WorkSession is sealed after the household decides.`,
        );
      const unlearned = this.store.listForSession<LearningRecord>(sessionId, 'LearningRecord').find((l) => l.status === 'proposed');
      if (unlearned)
        throw new ProtocolError(
          'OPERATION_OUT_OF_ORDER',
          `LearningRecord ${unlearned.learning_id} is not decided yet: the WorkSession is sealed after the household decides.`,
        );
      const after = this.appendEvent(session, 'work_session.sealed', ctx.actorId, 'WorkSession', sessionId, {});
      const sealed = this.writeSession({ ...after, sealed: true });
      return { status: 200, body: sealed };
    });
  }

  // ---------- reads ----------

  session(id: string): ProtocolSessionDetail | undefined {
    const session = this.store.get<WorkSession>('WorkSession', id);
    if (!session) return undefined;
    const of = <T>(type: keyof SessionRecords) => this.store.listForSession<T>(id, type);
    const records: SessionRecords = {
      PolicyDecision: of('PolicyDecision'),
      Request: of('Request'),
      Review: of('Review'),
      Takeover: of('Takeover'),
      Contribution: of('Contribution'),
      LearningRecord: of('LearningRecord'),
      MemoryProposal: of('MemoryProposal'),
      OutcomeReport: of('OutcomeReport'),
    };
    return { session, events: this.store.events(id), records };
  }

  /** One kind of a session's records, oldest first (without reading the rest of the session). */
  sessionRecordsOf<T>(sessionId: string, type: keyof SessionRecords): T[] {
    return this.store.listForSession<T>(sessionId, type);
  }

  /** WorkSessions, newest first. */
  sessions(): WorkSession[] {
    return this.store.list<WorkSession>('WorkSession').reverse();
  }

  list<T>(type: RecordType): T[] {
    return this.store.list<T>(type);
  }

  get<T>(type: RecordType, id: string): T | undefined {
    return this.store.get<T>(type, id);
  }

  /** The chains of the live database, and whether its records are what the events replay to. */
  verify(): EvidenceReport {
    const records: Record<string, unknown[]> = {};
    for (const type of EXPORTED_TYPES) records[type] = this.store.list(type);
    return verifyEvidence({ events: this.store.iterateEvents(), records });
  }

  /** Reads are answered only to registered actors. */
  requireReader(actorId: string): void {
    this.requireActor(actorId);
  }

  eventCount(): number {
    return this.store.eventCount();
  }

  /** Every record and event: the protocol part of an export, still unsealed. */
  exportAll(): ProtocolExport {
    const records: Record<string, unknown[]> = {};
    for (const type of EXPORTED_TYPES) records[type] = this.store.list(type);
    return { protocol_version: PROTOCOL_VERSION, exported_at: this.now(), records, events: this.store.events() };
  }

  /**
   * Seals a finished export (after every redaction, as the file will hold it): a signed
   * EvidenceManifest with the head of every session's chain and the digest of the whole
   * document, placed beside the exported events. Returns the sealed document.
   */
  sealExport<T extends Record<string, unknown>>(document: T, scope: string): T {
    const plain = JSON.parse(JSON.stringify(document)) as T;
    const part = protocolPartOf(plain);
    if (!part) throw new Error('an export to seal holds no protocol events');
    return this.store.transaction(() => {
      const at = this.now();
      const manifest = this.seal({
        manifest_id: newId('man'),
        scope: scope.slice(0, 200),
        items: sectionDigests(plain),
        chain_heads: this.chainHeads(),
        export_sha256: exportDigest(plain),
        sealed: false,
        created_at: at,
      });
      this.store.insert('EvidenceManifest', manifest.manifest_id, undefined, manifest, at);
      part.manifest = manifest;
      return plain;
    });
  }

  /** The host's public signing key (fingerprint included). */
  signingKey(): Signer['key'] {
    return this.signer.key;
  }

  // ---------- internals ----------

  private now(): string {
    return this.clock().toISOString();
  }

  private seal(manifest: EvidenceManifest): EvidenceManifest {
    return sealManifest(manifest, this.signer, this.now());
  }

  /** A session's revision counts its events (each event adds one). */
  private chainHeads(): Record<string, ChainHead> {
    const heads: Record<string, ChainHead> = {};
    for (const s of this.store.list<WorkSession>('WorkSession'))
      heads[s.work_session_id] = { events: s.revision, last_event_hash: s.last_event_hash };
    return heads;
  }

  private requireActor(actorId: string): Actor {
    const actor = this.store.get<Actor>('Actor', actorId);
    if (!actor) throw new ProtocolError('UNKNOWN_ACTOR', `Actor ${actorId} is not registered.`);
    return actor;
  }

  private requireAuthority(actorId: string, ...anyOf: Authority[]): Actor {
    const actor = this.requireActor(actorId);
    if (!anyOf.some((a) => actor.authority.includes(a)))
      throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${actorId} lacks ${anyOf.join(' or ')}.`);
    return actor;
  }

  private requireNoOpenRequest(session: WorkSession): void {
    const open = this.store.listForSession<Request>(session.work_session_id, 'Request').find((r) => r.status === 'open');
    if (open)
      throw new ProtocolError(
        'UNRESOLVED_REQUEST',
        `Request ${open.request_id} is unresolved: it needs a Review or a Takeover before the session goes on.`,
      );
  }

  private decisionOf(session: WorkSession, decisionId: string): PolicyDecision {
    const decision = this.store.get<PolicyDecision>('PolicyDecision', decisionId);
    if (!decision || decision.work_session_id !== session.work_session_id)
      throw new ProtocolError('MISSING_POLICY_DECISION', `No PolicyDecision ${decisionId} in this session.`);
    return decision;
  }

  private openRequestOf(session: WorkSession, requestId: string): Request {
    const request = this.store.get<Request>('Request', requestId);
    if (!request || request.work_session_id !== session.work_session_id)
      throw new ProtocolError('NOT_FOUND', `No Request ${requestId} in this session.`);
    if (request.status !== 'open') throw new ProtocolError('OPERATION_OUT_OF_ORDER', `Request ${requestId} is already resolved.`);
    return request;
  }

  private writeSession(session: WorkSession): WorkSession {
    this.store.update('WorkSession', session.work_session_id, session);
    return session;
  }

  /**
   * Appends the next event of a session. `changes` are the session records this event
   * created or changed, as they now stand: they travel in the payload, so the records can
   * be rebuilt from the events (and a reader can tell when a snapshot disagrees).
   */
  private appendEvent(
    session: WorkSession,
    type: string,
    actorId: string,
    recordType: RecordType,
    recordId: string,
    payload: Record<string, unknown>,
    changes: EventRecordChange[] = [],
    at: string = this.now(),
  ): WorkSession {
    const base: Omit<JarvisEvent, 'hash'> = {
      event_id: newId('evt'),
      work_session_id: session.work_session_id,
      revision: session.revision + 1,
      type,
      actor_id: actorId,
      record_type: recordType,
      record_id: recordId,
      payload: { ...payload, records: changes },
      previous_event_hash: session.last_event_hash,
      created_at: at,
    };
    const event: JarvisEvent = { ...base, hash: eventHash(base) };
    this.store.appendEvent(event);
    return this.writeSession({ ...session, revision: event.revision, last_event_hash: event.hash, updated_at: event.created_at });
  }

  private validateBody(schema: ProtocolSchemaName | undefined, body: Body): void {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new ProtocolError('INVALID_RECORD', 'The body must be a JSON object.');
    const forbidden = findForbiddenField(body);
    if (forbidden)
      throw new ProtocolError('FORBIDDEN_EXPORT_FIELD', `The field "${forbidden}" may not be stored: protocol records are exported.`);
    if (!schema) return;
    const verdict = check(compileSchema(PROTOCOL_SCHEMAS[schema]), body);
    if (!verdict.ok) throw new ProtocolError('INVALID_RECORD', `${schema}: ${verdict.error.message}`);
  }

  private mutate(
    ctx: CallerContext,
    op: string,
    schema: ProtocolSchemaName | undefined,
    body: Body,
    pathIds: Record<string, string>,
    run: () => { status: number; body: unknown },
  ): ProtocolAnswer {
    // Only an HTTP client's key is remembered: the host's own calls are never sent twice.
    const key = 'inProcess' in ctx ? undefined : ctx.idempotencyKey;
    const requestSha256 = key === undefined ? '' : sha256Hex(canonicalJson({ op, pathIds, body }));
    if (key !== undefined) {
      const previous = this.store.storedResponse(ctx.actorId, key, this.clock());
      if (previous) {
        if (previous.requestSha256 !== requestSha256) {
          throw new ProtocolError('IDEMPOTENCY_KEY_REUSED', `The idempotency key ${key} was used for a different request.`);
        }
        return { status: previous.status, body: previous.body, replayed: true };
      }
    }
    this.validateBody(schema, body);
    const answer = this.store.transaction(() => {
      const answer = run();
      if (key !== undefined)
        this.store.storeResponse(ctx.actorId, key, { requestSha256, status: answer.status, body: answer.body }, this.clock());
      // A host record that mirrors this one changes in the same transaction, or neither does.
      const change: ProtocolChange = { op, actorId: ctx.actorId, ids: pathIds, body: answer.body };
      for (const mirror of [...this.mirrors]) mirror(change);
      return { ...answer, replayed: false };
    });
    const change: ProtocolChange = { op, actorId: ctx.actorId, ids: pathIds, body: answer.body };
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch {
        // A listener (UI push, skill re-admission) must not turn an accepted write into an error.
      }
    }
    return answer;
  }

  /**
   * Runs several mutations in one SQLite transaction: one write to disk for all of them, and
   * none if one throws out. `durable: false`: the commit does not wait for the disk (see
   * ProtocolStore.transaction); the host's records before a tool call, made durable by the
   * commit after it.
   */
  atomically<T>(fn: () => T, options: { readonly durable?: boolean } = {}): T {
    return this.store.transaction(fn, options);
  }

  /**
   * Called inside the transaction of every accepted (not replayed) mutation: the host keeps a
   * record of its own in line with the protocol's (the Gelernt card with a MemoryProposal). A
   * mirror that throws rejects the mutation. It records what the household decided; it decides nothing.
   */
  onChangeWithin(mirror: (change: ProtocolChange) => void): () => void {
    this.mirrors.add(mirror);
    return () => this.mirrors.delete(mirror);
  }

  /** Called after every accepted (not replayed) mutation, outside its transaction. */
  onChange(listener: (change: ProtocolChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private sessionMutation(
    ctx: CallerContext,
    sessionId: string,
    op: string,
    schema: ProtocolSchemaName | undefined,
    body: Body,
    run: (session: WorkSession) => { status: number; body: unknown },
  ): ProtocolAnswer {
    if (body.work_session_id !== undefined && body.work_session_id !== sessionId) {
      throw new ProtocolError(
        'PATH_BODY_MISMATCH',
        `The body names WorkSession ${String(body.work_session_id)} but the path names ${sessionId}.`,
      );
    }
    const { work_session_id: _ignored, ...rest } = body;
    return this.mutate(ctx, op, schema, rest, { sessionId }, () => {
      const headers = 'inProcess' in ctx ? undefined : ctx;
      if (headers && (headers.expectedRevision === undefined || headers.previousEventHash === undefined)) {
        throw new ProtocolError('MISSING_HEADER', 'WorkSession mutations need the expected revision and the previous event hash.');
      }
      const session = this.store.get<WorkSession>('WorkSession', sessionId);
      if (!session) throw new ProtocolError('NOT_FOUND', `WorkSession ${sessionId} does not exist.`);
      if (session.sealed) throw new ProtocolError('SEALED_WORK_SESSION', `WorkSession ${sessionId} is sealed and cannot change.`);
      // The host acts on the session as it stands in this transaction: nothing to be stale against.
      if (!headers) return run(session);
      const expectedRevision = headers.expectedRevision!;
      const takeovers = this.store.listForSession<Takeover>(sessionId, 'Takeover');
      const lastTakeover = takeovers[takeovers.length - 1];
      if (lastTakeover && ctx.actorId !== lastTakeover.actor_id && expectedRevision < lastTakeover.at_revision) {
        throw new ProtocolError(
          'STALE_TAKEOVER_CONTINUATION',
          `A household member took over at revision ${lastTakeover.at_revision}; continue from the current state.`,
        );
      }
      if (expectedRevision !== session.revision) {
        throw new ProtocolError(
          'REVISION_CONFLICT',
          `WorkSession ${sessionId} is at revision ${session.revision}, not ${expectedRevision}.`,
        );
      }
      if (headers.previousEventHash !== session.last_event_hash) {
        throw new ProtocolError('PREVIOUS_EVENT_HASH_MISMATCH', `The last event of ${sessionId} has another hash.`);
      }
      return run(session);
    });
  }
}
