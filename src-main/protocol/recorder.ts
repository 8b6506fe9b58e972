import { randomBytes } from 'node:crypto';
import {
  factsInEffect,
  firstOfHistory,
  latestOfHistory,
  type Authority,
  type DecisionOutcome,
  type GateDecision,
  type LearningRecord,
  type MemoryProposal,
  type PolicyDecision,
  type SkillProposal,
  type WorkSession,
  type RememberedFact,
} from '../../src-shared';
import { sha256Hex } from './chain';
import { ProtocolError } from './errors';
import { inProcess, type InProcessContext } from './headers';
import { recordedVerdict, type PolicyNarrowing } from './policy';
import { newRecordId } from './record-ids';
import { HOST_IDS, type ProtocolService } from './service';

function sessionIdFor(traceId: string): string {
  return `ws_${traceId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 100)}`;
}

export interface DecisionRecord {
  readonly decisionId: string;
  readonly outcome: DecisionOutcome;
  readonly reason: string;
}

/**
 * JARVIS as a client of its own protocol: the assistant's requests become WorkSessions,
 * each tool call gets a PolicyDecision first, a confirmation is a Request, `ja` / `nein`
 * a Review, a hand edit of the pending item a Takeover, and the end an OutcomeReport.
 * It goes through the same service (and so the same rules) as any HTTP client.
 */
/** How many runtime workers the protocol records by name; later names share one record. */
export const MAX_RUNTIME_WORKER_RECORDS = 64;
const OVERFLOW_RUNTIME_WORKER = 'wrk_mesh__other';
/**
 * What a member's Actor may do. Deciding memory is among it: who of the household may decide
 * which fact is the host's rule (the Gelernt card's); the protocol records the member who did.
 */
const MEMBER_AUTHORITY: Authority[] = ['session.create', 'request.review', 'request.takeover', 'memory.decide'];

export class ProtocolRecorder {
  constructor(
    private readonly protocol: ProtocolService,
    /**
     * Applied to every free text before it is recorded. A secret in a user's message must
     * never enter the chain: an export could not redact it later without breaking a hash.
     */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  /** The host's own calls: ledger calls on the state as it stands, no headers, no idempotency rows. */
  private base(actorId: string): InProcessContext {
    return inProcess(actorId);
  }

  /**
   * Several records in one SQLite transaction (one write to disk), e.g. a session and its
   * first decision. `durable: false` for the records before a tool call: the commit does not
   * wait for the disk, and the durable commit after the call (or the tool's own write to the
   * same file) puts both on it.
   */
  batch<T>(fn: () => T, options: { readonly durable?: boolean } = {}): T {
    return this.protocol.atomically(fn, options);
  }

  /**
   * One WorkSession per request (its trace id); created on first use. The actor is the
   * assistant, or the household member who asked (`asker`: the session is opened by and
   * owned by that member's Actor), or another agent acting (an MCP client's actor id).
   */
  beginSession(traceId: string, goal: string, by?: string | { readonly id: string; readonly name: string }): string {
    const id = sessionIdFor(traceId);
    if (!this.protocol.get('WorkSession', id)) {
      const owner = by === undefined ? HOST_IDS.assistant : typeof by === 'string' ? by : this.memberActor(by.id, by.name);
      this.protocol.createSession(this.base(owner), {
        work_session_id: id,
        policy_id: HOST_IDS.householdPolicy,
        goal: this.redact(goal).slice(0, 2000) || '(leer)',
      });
    }
    return id;
  }

  /** The Actor of a household member (`act_member_<id>`), registered by the household on first use. */
  memberActor(memberId: string, name: string): string {
    const actorId = `act_member_${memberId.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 80)}`;
    if (!this.protocol.get('Actor', actorId)) {
      this.protocol.registerActor(this.base(HOST_IDS.household), {
        actor_id: actorId,
        worker_id: HOST_IDS.householdWorker,
        role: 'household_member',
        display_name: this.redact(name).slice(0, 200) || actorId,
        authority: MEMBER_AUTHORITY,
      });
    } else this.protocol.extendMemberAuthority(actorId, MEMBER_AUTHORITY);
    return actorId;
  }

  /** The id of the WorkSession `beginSession` opens for a trace id. */
  sessionIdFor(traceId: string): string {
    return sessionIdFor(traceId);
  }

  session(traceId: string): WorkSession | undefined {
    return this.protocol.get<WorkSession>('WorkSession', sessionIdFor(traceId));
  }

  /** Records the gate's decision for one call (a narrowing can only make it a deny). */
  decide(
    sessionId: string,
    tool: string,
    args: unknown,
    gate: GateDecision,
    actorId: string = HOST_IDS.assistant,
    narrowing?: PolicyNarrowing,
  ): DecisionRecord {
    const decisionId = newRecordId('dec');
    const answer = this.protocol.recordDecision(
      this.base(actorId),
      sessionId,
      { decision_id: decisionId, tool, arguments: (args ?? {}) as object },
      recordedVerdict(gate, narrowing),
    );
    const decision = (answer.body as { decision: PolicyDecision }).decision;
    return { decisionId, outcome: decision.outcome, reason: decision.reason };
  }

  /** The assistant is blocked on a confirmation: a Request the household resolves. */
  block(sessionId: string, decisionId: string, summary: string): string {
    const requestId = newRecordId('req');
    this.protocol.openRequest(this.base(HOST_IDS.assistant), sessionId, {
      request_id: requestId,
      decision_id: decisionId,
      summary: this.redact(summary).slice(0, 2000) || '(Bestätigung)',
    });
    return requestId;
  }

  /** The household's answer; `reviewer` is the member's Actor who answered (an admin approving a child's call). */
  review(sessionId: string, requestId: string, approve: boolean, reviewer: string = HOST_IDS.household, comment?: string): void {
    this.protocol.review(this.base(reviewer), sessionId, requestId, {
      review_id: newRecordId('rev'),
      verdict: approve ? 'approve' : 'reject',
      ...(comment ? { comment: this.redact(comment).slice(0, 2000) } : {}),
    });
  }

  takeover(sessionId: string, requestId: string, reason: string): void {
    this.protocol.takeover(this.base(HOST_IDS.household), sessionId, requestId, {
      takeover_id: newRecordId('tko'),
      reason: this.redact(reason).slice(0, 2000),
    });
  }

  contribute(
    sessionId: string,
    decisionId: string,
    kind: 'tool_result' | 'reply',
    summary: string,
    evidence?: unknown,
    actorId: string = HOST_IDS.assistant,
  ): void {
    this.protocol.contribute(this.base(actorId), sessionId, {
      contribution_id: newRecordId('con'),
      decision_id: decisionId,
      kind,
      summary: this.redact(summary).slice(0, 4000) || '(leer)',
      ...(evidence === undefined ? {} : { evidence_sha256: sha256Hex(JSON.stringify(evidence)) }),
    });
  }

  proposeMemory(sessionId: string, fact: string): string {
    const proposalId = newRecordId('mem');
    this.protocol.proposeMemory(this.base(HOST_IDS.assistant), sessionId, {
      proposal_id: proposalId,
      fact: this.redact(fact).slice(0, 2000),
    });
    return proposalId;
  }

  /** Something the assistant learned: it stays a proposal until the household decides it. */
  proposeLearning(sessionId: string, summary: string): string {
    const learningId = newRecordId('lrn');
    this.protocol.recordLearning(this.base(HOST_IDS.assistant), sessionId, {
      learning_id: learningId,
      summary: this.redact(summary).slice(0, 4000) || '(leer)',
    });
    return learningId;
  }

  /**
   * Ends a session: terminal status, OutcomeReport, seal, in one mutation. Safe to call on an
   * ended one. A session waiting for `ja` / `nein` stays open; it ends when the household answers.
   */
  finish(sessionId: string, outcome: 'completed' | 'failed' | 'cancelled', summary: string, actorId: string = HOST_IDS.assistant): void {
    this.protocol.endSession(
      this.base(actorId),
      sessionId,
      { status: outcome, report_id: newRecordId('out'), summary: this.redact(summary).slice(0, 4000) || '(leer)' },
      this.base(HOST_IDS.system),
    );
  }

  /**
   * Seals an ended session once nothing in it waits for the household any more: a session
   * with an undecided MemoryProposal or LearningRecord stays unsealed until it is decided.
   */
  settle(sessionId: string): void {
    const s = this.protocol.get<WorkSession>('WorkSession', sessionId);
    if (!s || s.sealed || s.status === 'open' || s.status === 'blocked') return;
    const of = <T>(type: 'OutcomeReport' | 'MemoryProposal' | 'LearningRecord') => this.protocol.sessionRecordsOf<T>(sessionId, type);
    if (of('OutcomeReport').length === 0) return;
    if (of<MemoryProposal>('MemoryProposal').some((p) => p.status === 'proposed')) return;
    if (of<LearningRecord>('LearningRecord').some((l) => l.status === 'proposed')) return;
    this.protocol.sealSession(this.base(HOST_IDS.system), sessionId);
  }

  /** What the household accepted for the assistant to remember and has not taken back, oldest first. */
  acceptedMemories(): RememberedFact[] {
    return factsInEffect(this.protocol.list<MemoryProposal>('MemoryProposal'));
  }

  memoryProposal(proposalId: string): MemoryProposal | undefined {
    return this.protocol.get<MemoryProposal>('MemoryProposal', proposalId);
  }

  /** The proposal that stands for a fact now: the newest of those that follow `firstId` (or it). */
  currentMemoryProposal(firstId: string): MemoryProposal | undefined {
    return latestOfHistory(this.protocol.list<MemoryProposal>('MemoryProposal'), firstId);
  }

  /** The first proposal of the fact `proposalId` is about: the one its Gelernt record names. */
  firstMemoryProposal(proposalId: string): string {
    return firstOfHistory(this.protocol.list<MemoryProposal>('MemoryProposal'), proposalId);
  }

  /** A member's decision on an undecided proposal, in the proposal's own session (`actorId`: the member's Actor). */
  decideMemory(proposalId: string, decision: 'accept' | 'reject' | 'withdraw', actorId: string): void {
    const proposal = this.memoryProposal(proposalId);
    if (!proposal) throw new ProtocolError('NOT_FOUND', `No MemoryProposal ${proposalId}.`);
    const sessionId = proposal.work_session_id;
    if (decision === 'withdraw') this.protocol.withdrawMemory(this.base(actorId), sessionId, proposalId);
    else this.protocol.decideMemory(this.base(actorId), sessionId, proposalId, { decision });
  }

  /**
   * A later decision on a fact whose proposal is decided (and its session sealed): a new
   * proposal that follows it, in a session of the member who decided. `forget`: it takes the
   * accepted fact back; otherwise it proposes the fact again. `accepted`: the member's decision
   * is part of it. Returns the new proposal's id.
   */
  followMemory(previous: MemoryProposal, how: { readonly change?: 'forget'; readonly accepted: boolean }, actorId: string): string {
    const proposalId = newRecordId('mem');
    const goal = how.change === 'forget' ? `Vergessen: ${previous.fact}` : `Wieder merken: ${previous.fact}`;
    const sessionId = this.beginSession(`memory-${randomBytes(8).toString('hex')}`, goal, actorId);
    this.protocol.proposeMemory(
      this.base(actorId),
      sessionId,
      { proposal_id: proposalId, fact: previous.fact },
      { follows: previous.proposal_id, ...(how.change ? { change: how.change } : {}) },
    );
    if (how.accepted) this.protocol.decideMemory(this.base(actorId), sessionId, proposalId, { decision: 'accept' });
    this.finish(sessionId, 'completed', goal, HOST_IDS.system);
    return proposalId;
  }

  /** Workers that enroll over the mesh become Worker and Actor records. */
  registerRuntimeWorker(workerId: string, name: string, runtime: string): void {
    let safeId = workerId.replace(/[^A-Za-z0-9_.:-]/g, '_');
    // Names come from whoever holds the enrollment token: the records of them stay bounded,
    // later names share one record.
    if (
      !this.protocol.get('Worker', safeId) &&
      this.protocol.list<{ kind?: string }>('Worker').filter((w) => w.kind === 'runtime_worker').length >= MAX_RUNTIME_WORKER_RECORDS
    ) {
      safeId = OVERFLOW_RUNTIME_WORKER;
      name = 'other runtime workers';
      runtime = 'mixed';
    }
    if (!this.protocol.get('Worker', safeId)) {
      this.protocol.registerWorker(this.base(HOST_IDS.system), {
        worker_id: safeId,
        kind: 'runtime_worker',
        name: name.slice(0, 200) || safeId,
        runtime: runtime.slice(0, 40) || 'unknown',
      });
    }
    const actorId = `act_${safeId}`;
    if (!this.protocol.get('Actor', actorId)) {
      this.protocol.registerActor(this.base(HOST_IDS.system), {
        actor_id: actorId,
        worker_id: safeId,
        role: 'runtime_worker',
        display_name: name.slice(0, 200) || safeId,
        authority: [],
      });
    }
  }

  /**
   * An MCP client (one household token, or the local user over stdio) acts as its own
   * Actor: its sessions and decisions name it. Returns the actor id, registered on first use.
   */
  registerMcpClient(clientKey: string, name: string): string {
    const safeKey = clientKey.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 80);
    const workerId = `wrk_mcp_${safeKey}`;
    if (!this.protocol.get('Worker', workerId)) {
      this.protocol.registerWorker(this.base(HOST_IDS.system), {
        worker_id: workerId,
        kind: 'agent_worker',
        name: name.slice(0, 200) || safeKey,
        runtime: 'mcp',
      });
    }
    const actorId = `act_mcp_${safeKey}`;
    if (!this.protocol.get('Actor', actorId)) {
      this.protocol.registerActor(this.base(HOST_IDS.system), {
        actor_id: actorId,
        worker_id: workerId,
        role: 'mcp_client',
        display_name: name.slice(0, 200) || safeKey,
        authority: ['session.create', 'session.act', 'outcome.submit'],
      });
    }
    return actorId;
  }

  /**
   * A new or changed skill is a SkillProposal; it stays inactive until a household member
   * activates it. Returns the proposal for this exact manifest, made on first sight.
   */
  skillProposal(
    skillId: string,
    version: string,
    manifestSha256: string,
    change: 'added' | 'changed',
    /** The integrations whose secrets the skill would receive: the household sees them before it decides. */
    integrationSecrets: readonly string[] = [],
  ): SkillProposal {
    const existing = this.protocol
      .list<SkillProposal>('SkillProposal')
      .filter((p) => p.skill_id === skillId && p.manifest_sha256 === manifestSha256);
    const latest = existing[existing.length - 1];
    if (latest) return latest;
    const answer = this.protocol.proposeSkill(this.base(HOST_IDS.system), {
      proposal_id: newRecordId('skp'),
      skill_id: skillId.slice(0, 200),
      version: version.slice(0, 60) || '0',
      change,
      manifest_sha256: manifestSha256,
      ...(integrationSecrets.length ? { integration_secrets: integrationSecrets.slice(0, 20).map((s) => s.slice(0, 100)) } : {}),
    });
    return answer.body as SkillProposal;
  }

  /** Every SkillProposal on record for one skill id, oldest first. */
  skillProposals(skillId: string): SkillProposal[] {
    return this.protocol.list<SkillProposal>('SkillProposal').filter((p) => p.skill_id === skillId);
  }

  /** How many SkillProposals wait for the household's decision. */
  waitingSkillProposals(): number {
    return this.protocol.list<SkillProposal>('SkillProposal').filter((p) => p.status === 'proposed').length;
  }
}
