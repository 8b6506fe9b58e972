import type { LearningRecord, MemoryProposal, SkillProposal } from '../../src-shared';
import { ProtocolError } from './errors';
import type { CallerContext } from './headers';
import { change, type Body, type ProtocolAnswer, type ProtocolLedger } from './ledger';

// What the assistant proposes and only a household member decides: skills, learning and memory.

export function proposeSkill(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'proposeSkill', 'SkillProposal', body, {}, () => {
    l.requireActor(ctx.actorId);
    const proposal_id = body.proposal_id as string;
    if (l.store.get('SkillProposal', proposal_id)) throw new ProtocolError('DUPLICATE_RECORD', `SkillProposal ${proposal_id} exists.`);
    const proposal: SkillProposal = { ...(body as unknown as SkillProposal), status: 'proposed', created_at: l.now() };
    l.store.insert('SkillProposal', proposal_id, undefined, proposal, proposal.created_at);
    return { status: 201, body: proposal };
  });
}

/** A skill becomes active only through a household member's explicit decision. */
export function decideSkill(l: ProtocolLedger, ctx: CallerContext, proposalId: string, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'decideSkill', 'Decision', body, { proposalId }, () => {
    const actor = l.requireActor(ctx.actorId);
    const proposal = l.store.get<SkillProposal>('SkillProposal', proposalId);
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
    l.store.update('SkillProposal', proposalId, decided);
    return { status: 200, body: decided };
  });
}

export function recordLearning(l: ProtocolLedger, ctx: CallerContext, sessionId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'recordLearning', 'LearningRecord', body, (session) => {
    l.requireAuthority(ctx.actorId, 'session.act');
    const learning_id = body.learning_id as string;
    // Governed: a learning record starts as a proposal, like memory.
    const record: LearningRecord = {
      learning_id,
      work_session_id: sessionId,
      summary: body.summary as string,
      status: 'proposed',
      created_at: l.now(),
    };
    const after = l.insertAndAppend(
      session,
      { type: 'LearningRecord', id: learning_id, body: record, at: record.created_at },
      { type: 'learning.proposed', actorId: ctx.actorId, payload: { summary: record.summary } },
    );
    return { status: 201, body: { learning: record, session: after } };
  });
}

/** What the assistant learned counts only once a household member accepted it. */
export function decideLearning(l: ProtocolLedger, ctx: CallerContext, sessionId: string, learningId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'decideLearning', 'Decision', body, (session) => {
    const actor = l.requireActor(ctx.actorId);
    const record = l.store.get<LearningRecord>('LearningRecord', learningId);
    if (!record || record.work_session_id !== sessionId)
      throw new ProtocolError('NOT_FOUND', `No LearningRecord ${learningId} in this session.`);
    if (actor.role !== 'household_member' || !actor.authority.includes('learning.decide')) {
      throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${ctx.actorId} cannot decide learning; a household member does.`);
    }
    if (record.status !== 'proposed')
      throw new ProtocolError('OPERATION_OUT_OF_ORDER', `LearningRecord ${learningId} was already ${record.status}.`);
    const decided: LearningRecord = { ...record, status: body.decision === 'accept' ? 'accepted' : 'rejected', decided_by: ctx.actorId };
    l.store.update('LearningRecord', learningId, decided);
    const after = l.appendEvent(
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
export function proposeMemory(
  l: ProtocolLedger,
  ctx: CallerContext,
  sessionId: string,
  body: Body,
  sequel?: { readonly follows: string; readonly change?: 'forget' },
): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'proposeMemory', 'MemoryProposal', body, (session) => {
    l.requireActor(ctx.actorId);
    const proposal_id = body.proposal_id as string;
    if (l.store.get('MemoryProposal', proposal_id)) throw new ProtocolError('DUPLICATE_RECORD', `MemoryProposal ${proposal_id} exists.`);
    if (sequel && !l.store.get('MemoryProposal', sequel.follows))
      throw new ProtocolError('NOT_FOUND', `No MemoryProposal ${sequel.follows} to follow.`);
    const proposal: MemoryProposal = {
      proposal_id,
      work_session_id: sessionId,
      fact: body.fact as string,
      status: 'proposed',
      ...(sequel?.change ? { change: sequel.change } : {}),
      ...(sequel ? { follows: sequel.follows } : {}),
      created_at: l.now(),
    };
    const after = l.insertAndAppend(
      session,
      { type: 'MemoryProposal', id: proposal_id, body: proposal, at: proposal.created_at },
      {
        type: 'memory.proposed',
        actorId: ctx.actorId,
        payload: {
          fact: proposal.fact,
          ...(sequel ? { follows: sequel.follows } : {}),
          ...(sequel?.change ? { change: sequel.change } : {}),
        },
      },
    );
    return { status: 201, body: { proposal, session: after } };
  });
}

/**
 * A household member takes an undecided proposal back (the fact was forgotten before anyone
 * decided it). Only the host calls this; over HTTP a proposal is accepted or rejected.
 */
export function withdrawMemory(l: ProtocolLedger, ctx: CallerContext, sessionId: string, proposalId: string): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'withdrawMemory', undefined, {}, (session) => {
    const proposal = memoryDecidable(l, ctx.actorId, sessionId, proposalId);
    const withdrawn: MemoryProposal = { ...proposal, status: 'withdrawn', decided_by: ctx.actorId };
    l.store.update('MemoryProposal', proposalId, withdrawn);
    const after = l.appendEvent(session, 'memory.withdrawn', ctx.actorId, 'MemoryProposal', proposalId, { status: 'withdrawn' }, [
      change('MemoryProposal', proposalId, withdrawn),
    ]);
    return { status: 200, body: { proposal: withdrawn, session: after } };
  });
}

function memoryDecidable(l: ProtocolLedger, actorId: string, sessionId: string, proposalId: string): MemoryProposal {
  const actor = l.requireActor(actorId);
  const proposal = l.store.get<MemoryProposal>('MemoryProposal', proposalId);
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
export function decideMemory(l: ProtocolLedger, ctx: CallerContext, sessionId: string, proposalId: string, body: Body): ProtocolAnswer {
  return l.sessionMutation(ctx, sessionId, 'decideMemory', 'Decision', body, (session) => {
    const proposal = memoryDecidable(l, ctx.actorId, sessionId, proposalId);
    const decided: MemoryProposal = {
      ...proposal,
      status: body.decision === 'accept' ? 'accepted' : 'rejected',
      decided_by: ctx.actorId,
    };
    l.store.update('MemoryProposal', proposalId, decided);
    const after = l.appendEvent(
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
