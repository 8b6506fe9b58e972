import { canonicalJson, type Actor, type Authority, type Policy, type RecordType, type Worker } from '../../src-shared';
import { ProtocolError } from './errors';
import type { CallerContext } from './headers';
import { HOST_IDS, HUMAN_AUTHORITY } from './host-identities';
import type { Body, ProtocolAnswer, ProtocolLedger } from './ledger';

// Who exists in the protocol: the host's own identities and policy, and the workers, actors
// and policies that clients register.

/** Registers the host, the assistant, the household and its default policy (idempotent). */
export function bootstrap(l: ProtocolLedger, policyRules: Policy['rules']): void {
  const at = l.clock().toISOString();
  l.store.transaction(() => {
    const put = <T extends object>(type: RecordType, id: string, body: T) => {
      if (!l.store.get(type, id)) l.store.insert(type, id, undefined, body, at);
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
    const household = l.store.get<Actor>('Actor', HOST_IDS.household)!;
    const missing = HUMAN_AUTHORITY.filter((a) => !household.authority.includes(a));
    if (missing.length > 0)
      l.store.update('Actor', HOST_IDS.household, { ...household, authority: [...household.authority, ...missing] } satisfies Actor);
    const existing = l.store.get<Policy>('Policy', HOST_IDS.householdPolicy);
    const policy: Policy = {
      policy_id: HOST_IDS.householdPolicy,
      name: 'Haushalt (Standard)',
      rules: policyRules,
      defined_by: HOST_IDS.household,
      created_at: existing?.created_at ?? at,
    };
    if (!existing) l.store.insert('Policy', policy.policy_id, undefined, policy, at);
    else if (canonicalJson(existing.rules) !== canonicalJson(policyRules)) l.store.update('Policy', policy.policy_id, policy);
  });
}

/**
 * A member's Actor registered before an authority was handed to members gains it, as the
 * household's does in `bootstrap`. Only the host calls this; it never grants beyond a human's authority.
 */
export function extendMemberAuthority(l: ProtocolLedger, actorId: string, authority: readonly Authority[]): void {
  l.store.transaction(() => {
    const actor = l.store.get<Actor>('Actor', actorId);
    if (!actor || actor.role !== 'household_member' || actor.worker_id !== HOST_IDS.householdWorker) return;
    const missing = authority.filter((a) => HUMAN_AUTHORITY.includes(a) && !actor.authority.includes(a));
    if (missing.length > 0) l.store.update('Actor', actorId, { ...actor, authority: [...actor.authority, ...missing] } satisfies Actor);
  });
}

export function registerWorker(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'registerWorker', 'Worker', body, {}, () => {
    l.requireAuthority(ctx.actorId, 'session.create', 'policy.define');
    const worker_id = body.worker_id as string;
    if (l.store.get('Worker', worker_id)) throw new ProtocolError('DUPLICATE_RECORD', `Worker ${worker_id} is already registered.`);
    const worker: Worker = { ...(body as unknown as Worker), registered_at: l.now() };
    l.store.insert('Worker', worker_id, undefined, worker, worker.registered_at);
    return { status: 201, body: worker };
  });
}

export function registerActor(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'registerActor', 'Actor', body, {}, () => {
    const registrar = l.requireAuthority(ctx.actorId, 'session.create', 'policy.define');
    const actor_id = body.actor_id as string;
    if (l.store.get('Actor', actor_id)) throw new ProtocolError('DUPLICATE_RECORD', `Actor ${actor_id} is already registered.`);
    if (!l.store.get('Worker', body.worker_id as string))
      throw new ProtocolError('OPERATION_OUT_OF_ORDER', `Register worker ${String(body.worker_id)} before its actors.`);
    const authority = body.authority as Authority[];
    // Nobody hands out authority they do not hold themselves.
    const exceeding = authority.filter((a) => !registrar.authority.includes(a));
    if (exceeding.length > 0) throw new ProtocolError('ACTOR_NOT_AUTHORIZED', `${ctx.actorId} cannot grant ${exceeding.join(', ')}.`);
    const actor: Actor = { ...(body as unknown as Actor), registered_at: l.now() };
    l.store.insert('Actor', actor_id, undefined, actor, actor.registered_at);
    return { status: 201, body: actor };
  });
}

export function definePolicy(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'definePolicy', 'Policy', body, {}, () => {
    const actor = l.requireAuthority(ctx.actorId, 'policy.define');
    if (actor.role !== 'household_member') throw new ProtocolError('ACTOR_NOT_AUTHORIZED', 'Only a household member defines a policy.');
    const policy_id = body.policy_id as string;
    if (l.store.get('Policy', policy_id)) throw new ProtocolError('DUPLICATE_RECORD', `Policy ${policy_id} exists.`);
    const policy: Policy = { ...(body as unknown as Policy), defined_by: ctx.actorId, created_at: l.now() };
    l.store.insert('Policy', policy_id, undefined, policy, policy.created_at);
    return { status: 201, body: policy };
  });
}
