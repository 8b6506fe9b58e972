import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src-shared';
import type { RemoteAdmission } from './remote-skill-gate';

/** Who a replica is: the same worker at another address or with another key is another replica. */
export interface ReplicaIdentity {
  readonly name: string;
  readonly endpoint: string;
  readonly key?: string;
}

/** What the household decided on one worker serving one skill. */
export type ReplicaState = 'allowed' | 'proposed' | 'refused';

/**
 * The SkillProposal id space of replicas. Skill ids cannot contain a colon, so no skill
 * can be mistaken for a replica of another.
 */
export function replicaSkillId(skillId: string): string {
  return `replica:${skillId}`;
}

export function isReplicaSkillId(id: string): boolean {
  return id.startsWith('replica:');
}

/** The hash a replica's proposal is made for: name, endpoint and key, nothing else. */
export function replicaSha256(identity: ReplicaIdentity): string {
  return createHash('sha256')
    .update(canonicalJson({ name: identity.name, endpoint: identity.endpoint, key: identity.key ?? '' }))
    .digest('hex');
}

export function replicaState(admission: RemoteAdmission): ReplicaState {
  if (admission.state === 'active') return 'allowed';
  return admission.state === 'rejected' ? 'refused' : 'proposed';
}

/** Only workers the household allowed for a skill take its calls. */
export function takesCalls(state: ReplicaState): boolean {
  return state === 'allowed';
}

/**
 * When the household activates a skill, it activates it as the worker that offers it: the
 * first offering worker not refused is allowed along with it, but only while no worker of
 * that manifest is allowed yet. Every other worker stays a replica proposal. Returns the
 * index of the worker to allow, or undefined.
 */
export function workerAllowedByActivation(states: readonly ReplicaState[]): number | undefined {
  if (states.some((s) => s === 'allowed')) return undefined;
  const first = states.findIndex((s) => s === 'proposed');
  return first >= 0 ? first : undefined;
}
