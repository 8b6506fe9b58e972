import {
  canonicalJson,
  type Actor,
  GENESIS_HASH,
  TERMINAL_SESSION_STATUSES,
  type Contribution,
  type LearningRecord,
  type MemoryProposal,
  type OutcomeReport,
  type Policy,
  type PolicyDecision,
  type ProtocolSessionDetail,
  type Request,
  type Review,
  type SessionRecords,
  type Takeover,
  type WorkSession,
} from '../../src-shared';
import { sha256Hex } from './chain';
import { ProtocolError } from './errors';
import type { CallerContext, InProcessContext } from './headers';
import { HOST_IDS } from './host-identities';
import { change, type Body, type ProtocolAnswer, type ProtocolChange, type ProtocolLedger } from './ledger';
import { evaluatePolicy, type PolicyVerdict } from './policy';

// A WorkSession's life: created, decisions, requests and their review or takeover,
// contributions, its status, the outcome and the seal. Each change is an event of its chain.

/** Who decides for a protocol client's decision under the household's policy: the host's gate. */
export type HouseholdDecider = (tool: string) => PolicyVerdict | undefined;

export function createSession(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'createSession', 'WorkSession', body, {}, () => {
    l.requireAuthority(ctx.actorId, 'session.create');
    const policy = l.store.get<Policy>('Policy', body.policy_id as string);
    if (!policy)
      throw new ProtocolError(
        'OPERATION_OUT_OF_ORDER',
        `Policy ${String(body.policy_id)} does not exist: a WorkSession is created under a human-defined policy.`,
      );
    const id = body.work_session_id as string;
    const at = l.now();
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
    // The creation event carries no records: the session is what its events make.
    const after = l.insertAndAppend(
      session,
      { type: 'WorkSession', id, body: session, at },
      { type: 'work_session.created', actorId: ctx.actorId, payload: { policy_id: policy.policy_id, goal: session.goal }, changes: [], at },
    );
    return { status: 201, body: after };
  });
}

export function submitOutcome(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'submitOutcome', 'OutcomeReport', body, {}, () => {
    l.requireAuthority(ctx.actorId, 'outcome.submit');
    const session = l.store.get<WorkSession>('WorkSession', body.work_session_id as string);
    if (!session) throw new ProtocolError('NOT_FOUND', `WorkSession ${String(body.work_session_id)} does not exist.`);
    if (session.sealed)
      throw new ProtocolError('SEALED_WORK_SESSION', `WorkSession ${session.work_session_id} is sealed and cannot change.`);
    return { status: 201, body: reportOutcome(l, ctx.actorId, session, body).report };
  });
}

/**
 * The OutcomeReport of a terminal, unsealed session (the caller checked the actor's
 * authority); `write`: see `appendEvent`.
 */
function reportOutcome(
  l: ProtocolLedger,
  actorId: string,
  session: WorkSession,
  body: Body,
  write = true,
): { report: OutcomeReport; session: WorkSession } {
  if (!TERMINAL_SESSION_STATUSES.includes(session.status)) {
    throw new ProtocolError(
      'OPERATION_OUT_OF_ORDER',
      `An OutcomeReport is submitted after the WorkSession is terminal; ${session.work_session_id} is ${session.status}.`,
    );
  }
  if (body.outcome !== session.status)
    throw new ProtocolError('INVALID_RECORD', `The outcome ${String(body.outcome)} contradicts the session status ${session.status}.`);
  const report_id = body.report_id as string;
  const report: OutcomeReport = { ...(body as unknown as OutcomeReport), submitted_by: actorId, submitted_at: l.now() };
  // The outcome is part of the session's chain, so sealing the session seals it too.
  const after = l.insertAndAppend(
    session,
    { type: 'OutcomeReport', id: report_id, body: report, at: report.submitted_at },
    { type: 'outcome.reported', actorId, payload: { outcome: report.outcome }, write },
  );
  return { report, session: after };
}

/**
 * `decided`: the host's gate decided (its own callers pass it, never an HTTP body) and the
 * decision is recorded as it is. Without it, a protocol client's own policy rules decide.
 */
export function recordDecision(
  l: ProtocolLedger,
  householdDecider: HouseholdDecider | undefined,
  ctx: CallerContext,
  sessionId: string,
  body: Body,
  decided?: PolicyVerdict,
): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'recordDecision', 'PolicyDecision', body, (session) => {
    l.requireAuthority(ctx.actorId, 'session.act');
    requireNoOpenRequest(l, session);
    const decision_id = body.decision_id as string;
    const policy = l.store.get<Policy>('Policy', session.policy_id)!;
    const tool = body.tool as string;
    const verdict =
      decided ??
      (policy.policy_id === HOST_IDS.householdPolicy ? householdDecider?.(tool) : undefined) ??
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
      decided_at: l.now(),
    };
    const after = l.insertAndAppend(
      session,
      { type: 'PolicyDecision', id: decision_id, body: decision, at: decision.decided_at },
      {
        type: 'policy_decision.recorded',
        actorId: ctx.actorId,
        payload: {
          tool: decision.action.tool,
          outcome: decision.outcome,
          ...(decision.risk ? { risk: decision.risk } : {}),
          rule: verdict.rule,
        },
      },
    );
    return { status: 201, body: { decision, session: after } };
  });
}

export function openRequest(l: ProtocolLedger, ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'openRequest', 'Request', body, (session) => {
    l.requireAuthority(ctx.actorId, 'session.act');
    requireNoOpenRequest(l, session);
    const decision = decisionOf(l, session, body.decision_id as string);
    if (decision.outcome !== 'require_review') {
      throw new ProtocolError(
        'OPERATION_OUT_OF_ORDER',
        `A Request is opened when the agent is blocked; decision ${decision.decision_id} is ${decision.outcome}.`,
      );
    }
    const request_id = body.request_id as string;
    const request: Request = {
      request_id,
      work_session_id: sessionId,
      decision_id: decision.decision_id,
      summary: body.summary as string,
      status: 'open',
      created_at: l.now(),
    };
    const after = l.insertAndAppend(
      { ...session, status: 'blocked' },
      { type: 'Request', id: request_id, body: request, at: request.created_at },
      { type: 'request.opened', actorId: ctx.actorId, payload: { decision_id: decision.decision_id, summary: request.summary } },
    );
    return { status: 201, body: { request, session: after } };
  });
}

export function review(l: ProtocolLedger, ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'review', 'Review', body, (session) => {
    const actor = l.requireAuthority(ctx.actorId, 'request.review');
    if (body.reviewer_actor_id !== undefined && body.reviewer_actor_id !== ctx.actorId) {
      throw new ProtocolError('ACTOR_BODY_MISMATCH', 'reviewer_actor_id must be the acting actor.');
    }
    if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member reviews a request.');
    const request = openRequestOf(l, session, requestId);
    const review_id = body.review_id as string;
    const review: Review = {
      review_id,
      request_id: requestId,
      work_session_id: sessionId,
      reviewer_actor_id: ctx.actorId,
      verdict: body.verdict as Review['verdict'],
      ...(body.comment ? { comment: body.comment as string } : {}),
      reviewed_at: l.now(),
    };
    const resolved: Request = { ...request, status: 'resolved', resolution: { by: 'review', record_id: review_id } };
    const after = l.insertAndAppend(
      { ...session, status: 'open' },
      { type: 'Review', id: review_id, body: review, at: review.reviewed_at },
      {
        type: 'request.reviewed',
        actorId: ctx.actorId,
        payload: { request_id: requestId, verdict: review.verdict },
        alsoChanged: [change('Request', requestId, resolved)],
      },
    );
    l.store.update('Request', requestId, resolved);
    return { status: 201, body: { review, session: after } };
  });
}

export function takeover(l: ProtocolLedger, ctx: CallerContext, sessionId: string, requestId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'takeover', 'Takeover', body, (session) => {
    const actor = l.requireAuthority(ctx.actorId, 'request.takeover');
    if (body.actor_id !== undefined && body.actor_id !== ctx.actorId)
      throw new ProtocolError('ACTOR_BODY_MISMATCH', 'actor_id must be the acting actor.');
    if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member takes over.');
    const request = openRequestOf(l, session, requestId);
    const takeover_id = body.takeover_id as string;
    const takeover: Takeover = {
      takeover_id,
      request_id: requestId,
      work_session_id: sessionId,
      actor_id: ctx.actorId,
      reason: body.reason as string,
      at_revision: session.revision + 1,
      taken_at: l.now(),
    };
    const resolved: Request = { ...request, status: 'resolved', resolution: { by: 'takeover', record_id: takeover_id } };
    const after = l.insertAndAppend(
      { ...session, status: 'open' },
      { type: 'Takeover', id: takeover_id, body: takeover, at: takeover.taken_at },
      {
        type: 'request.taken_over',
        actorId: ctx.actorId,
        payload: { request_id: requestId, reason: takeover.reason },
        alsoChanged: [change('Request', requestId, resolved)],
      },
    );
    l.store.update('Request', requestId, resolved);
    return { status: 201, body: { takeover, session: after } };
  });
}

export function contribute(l: ProtocolLedger, ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'contribute', 'Contribution', body, (session) => {
    l.requireAuthority(ctx.actorId, 'session.act');
    if (body.actor_id !== undefined && body.actor_id !== ctx.actorId)
      throw new ProtocolError('ACTOR_BODY_MISMATCH', 'actor_id must be the acting actor.');
    requireNoOpenRequest(l, session);
    const decision_id = body.decision_id as string;
    const decision = l.store.get<PolicyDecision>('PolicyDecision', decision_id);
    if (!decision || decision.work_session_id !== sessionId) {
      throw new ProtocolError(
        'MISSING_POLICY_DECISION',
        `No PolicyDecision ${decision_id} in this session: record it before the action is accepted.`,
      );
    }
    if (decision.outcome === 'deny') throw new ProtocolError('POLICY_DENIED', `The policy denied ${decision.action.tool}.`);
    if (decision.outcome === 'require_review') {
      const request = l.store.listForSession<Request>(sessionId, 'Request').find((r) => r.decision_id === decision_id);
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
      const review = l.store.get<Review>('Review', request.resolution.record_id);
      if (review?.verdict !== 'approve')
        throw new ProtocolError('MISSING_RESOLUTION', `The review of ${decision.action.tool} rejected it.`);
    }
    const contribution_id = body.contribution_id as string;
    const contribution: Contribution = {
      contribution_id,
      work_session_id: sessionId,
      actor_id: ctx.actorId,
      decision_id,
      kind: body.kind as Contribution['kind'],
      summary: body.summary as string,
      ...(body.evidence_sha256 ? { evidence_sha256: body.evidence_sha256 as string } : {}),
      created_at: l.now(),
    };
    const after = l.insertAndAppend(
      session,
      { type: 'Contribution', id: contribution_id, body: contribution, at: contribution.created_at },
      {
        type: 'contribution.recorded',
        actorId: ctx.actorId,
        payload: { decision_id, kind: contribution.kind, summary: contribution.summary },
      },
    );
    return { status: 201, body: { contribution, session: after } };
  });
}

export function setSessionStatus(l: ProtocolLedger, ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'setSessionStatus', 'SessionStatus', body, (session) => {
    l.requireAuthority(ctx.actorId, 'session.act', 'outcome.submit');
    const open = l.store.listForSession<Request>(sessionId, 'Request').find((r) => r.status === 'open');
    return { status: 200, body: endWith(l, ctx.actorId, session, body.status as WorkSession['status'], open) };
  });
}

/**
 * A session's terminal status; `open`: its unresolved Request, if it has one. The caller
 * checked the actor's authority (`session.act` or `outcome.submit`); `write`: see `appendEvent`.
 */
function endWith(
  l: ProtocolLedger,
  actorId: string,
  session: WorkSession,
  status: WorkSession['status'],
  open: Request | undefined,
  write = true,
): WorkSession {
  if (TERMINAL_SESSION_STATUSES.includes(session.status))
    throw new ProtocolError('OPERATION_OUT_OF_ORDER', `WorkSession ${session.work_session_id} is already ${session.status}.`);
  if (open && status === 'completed') {
    throw new ProtocolError('MISSING_RESOLUTION', `Request ${open.request_id} has no Review or Takeover: the session cannot complete.`);
  }
  const id = session.work_session_id;
  return l.appendEvent({ ...session, status }, `work_session.${status}`, actorId, 'WorkSession', id, { status }, [], undefined, write);
}

export function sealSession(l: ProtocolLedger, ctx: CallerContext, sessionId: string): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'sealSession', undefined, {}, (session) => {
    l.requireAuthority(ctx.actorId, 'manifest.seal');
    if (!TERMINAL_SESSION_STATUSES.includes(session.status))
      throw new ProtocolError('OPERATION_OUT_OF_ORDER', 'Only a terminal WorkSession is sealed.');
    // Sealing would leave a proposal nobody can decide any more.
    const undecided = undecidedOf(l, sessionId);
    if (undecided) throw new ProtocolError('OPERATION_OUT_OF_ORDER', undecided);
    return { status: 200, body: seal(l, ctx.actorId, session) };
  });
}

/** Why a session cannot be sealed yet: a proposal of it the household has not decided. */
function undecidedOf(l: ProtocolLedger, sessionId: string): string | undefined {
  const memory = l.store.listForSession<MemoryProposal>(sessionId, 'MemoryProposal').find((p) => p.status === 'proposed');
  if (memory) return `MemoryProposal ${memory.proposal_id} is not decided yet: the WorkSession is sealed after the household decides.`;
  const learning = l.store.listForSession<LearningRecord>(sessionId, 'LearningRecord').find((r) => r.status === 'proposed');
  if (learning) return `LearningRecord ${learning.learning_id} is not decided yet: the WorkSession is sealed after the household decides.`;
  return undefined;
}

function seal(l: ProtocolLedger, actorId: string, session: WorkSession): WorkSession {
  // The session is written once, sealed, with the event's revision and hash.
  return l.appendEvent({ ...session, sealed: true }, 'work_session.sealed', actorId, 'WorkSession', session.work_session_id, {});
}

/**
 * The host's end of a request's session, in one mutation: its terminal status (unless it has
 * one), its OutcomeReport (unless it has one) and, by `sealer`, its seal once nothing in it
 * waits for the household. The same rules as `setSessionStatus`, `submitOutcome` and
 * `sealSession` one after the other, on the session as read once. A session waiting for a
 * Review stays as it is; one with an undecided proposal ends unsealed (`settle` seals it later).
 */
export function endSession(
  l: ProtocolLedger,
  ctx: InProcessContext,
  sessionId: string,
  outcome: { readonly status: 'completed' | 'failed' | 'cancelled'; readonly report_id: string; readonly summary: string },
  sealer: InProcessContext,
): ProtocolAnswer {
  return l.mutate(ctx, 'endSession', undefined, {}, { sessionId }, () => {
    // The listeners see the operations this one stands for, as if each had been called.
    const changes: ProtocolChange[] = [];
    const done = (session: WorkSession | undefined) => ({ status: 200, body: session ?? null, changes });
    // The session is written once, after its last event.
    let session = l.store.get<WorkSession>('WorkSession', sessionId);
    if (!session || session.sealed) return done(session);
    const open = l.store.listForSession<Request>(sessionId, 'Request').find((r) => r.status === 'open');
    if (open) return done(session);
    // One read of the actor for the steps it takes (their authorities differ), when it takes one.
    let read: Actor | undefined;
    const actor = () => (read ??= l.requireActor(ctx.actorId));
    if (!TERMINAL_SESSION_STATUSES.includes(session.status)) {
      l.validateBody('SessionStatus', { status: outcome.status });
      l.requireAuthorityOf(actor(), 'session.act', 'outcome.submit');
      session = endWith(l, ctx.actorId, session, outcome.status, open, false);
      changes.push({ op: 'setSessionStatus', actorId: ctx.actorId, ids: { sessionId }, body: session });
    }
    if (l.store.listForSession(sessionId, 'OutcomeReport').length === 0) {
      const body = { report_id: outcome.report_id, work_session_id: sessionId, outcome: session.status, summary: outcome.summary };
      l.validateBody('OutcomeReport', body);
      l.requireAuthorityOf(actor(), 'outcome.submit');
      const reported = reportOutcome(l, ctx.actorId, session, body, false);
      session = reported.session;
      changes.push({ op: 'submitOutcome', actorId: ctx.actorId, ids: {}, body: reported.report });
    }
    if (undecidedOf(l, sessionId)) return done(changes.length > 0 ? l.writeSession(session) : session);
    l.requireAuthority(sealer.actorId, 'manifest.seal');
    session = seal(l, sealer.actorId, session);
    changes.push({ op: 'sealSession', actorId: sealer.actorId, ids: { sessionId }, body: session });
    return done(session);
  });
}

export function sessionDetail(l: ProtocolLedger, id: string): ProtocolSessionDetail | undefined {
  const session = l.store.get<WorkSession>('WorkSession', id);
  if (!session) return undefined;
  const of = <T>(type: keyof SessionRecords) => l.store.listForSession<T>(id, type);
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
  return { session, events: l.store.events(id), records };
}

function requireNoOpenRequest(l: ProtocolLedger, session: WorkSession): void {
  const open = l.store.listForSession<Request>(session.work_session_id, 'Request').find((r) => r.status === 'open');
  if (open)
    throw new ProtocolError(
      'UNRESOLVED_REQUEST',
      `Request ${open.request_id} is unresolved: it needs a Review or a Takeover before the session goes on.`,
    );
}

function decisionOf(l: ProtocolLedger, session: WorkSession, decisionId: string): PolicyDecision {
  const decision = l.store.get<PolicyDecision>('PolicyDecision', decisionId);
  if (!decision || decision.work_session_id !== session.work_session_id)
    throw new ProtocolError('MISSING_POLICY_DECISION', `No PolicyDecision ${decisionId} in this session.`);
  return decision;
}

function openRequestOf(l: ProtocolLedger, session: WorkSession, requestId: string): Request {
  const request = l.store.get<Request>('Request', requestId);
  if (!request || request.work_session_id !== session.work_session_id)
    throw new ProtocolError('NOT_FOUND', `No Request ${requestId} in this session.`);
  if (request.status !== 'open') throw new ProtocolError('OPERATION_OUT_OF_ORDER', `Request ${requestId} is already resolved.`);
  return request;
}
