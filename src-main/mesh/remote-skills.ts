import { declaredRisk, skillToolName, UNDECLARED_RISK, type SkillInfo, type SkillManifest } from '../../src-shared';
import type { RemoteAdmission } from './remote-skill-gate';
import { replicaSha256, replicaSkillId, replicaState, takesCalls, type ReplicaState } from './replica-gate';
import type { WorkerRecord, WorkerRoster } from './worker-roster';

/** One manifest of one skill id and the live workers that offer exactly it. */
export interface RemoteSkillGroup {
  readonly id: string;
  readonly sha256: string;
  readonly manifest: SkillManifest;
  /** Every worker that offers this manifest, in enrollment order. */
  readonly workers: readonly WorkerRecord[];
  /** The household's verdict on each of those workers serving this skill, same order. */
  readonly replicas: readonly RemoteReplica[];
  /** The workers that take this skill's calls: the allowed replicas, and only while the group serves. */
  readonly callable: readonly WorkerRecord[];
  readonly admission: RemoteAdmission;
  /** Whether these workers serve the skill's actions now; at most one group per id does. */
  readonly serving: boolean;
  /** Why the group does not serve. */
  readonly reason?: string;
}

export interface RemoteReplica {
  readonly worker: WorkerRecord;
  readonly state: ReplicaState;
  readonly proposal_id?: string;
}

/** What the grouping needs of the gate: verdicts, and a number that moves when they may have changed. */
export interface AdmissionSource {
  readonly revision: number;
  admission(skillId: string, sha256: string): RemoteAdmission;
}

function heldBack(admission: RemoteAdmission): string | undefined {
  if (admission.state === 'rejected')
    return `the household rejected this version (SkillProposal ${admission.proposal_id}); a changed manifest is proposed again`;
  if (admission.state === 'proposed') {
    return admission.proposal_id
      ? `new or changed: waits until the household activates it (SkillProposal ${admission.proposal_id})`
      : (admission.reason ?? 'waits to be proposed to the household');
  }
  return undefined;
}

/**
 * Groups the workers' skills by id and manifest hash. Per id, the activated manifest whose
 * proposal is the newest serves; replicas with another manifest never share its calls.
 * A tool name already served by another skill id stays with the first one.
 */
export function groupRemoteSkills(workers: readonly WorkerRecord[], gate: AdmissionSource): RemoteSkillGroup[] {
  const byKey = new Map<string, { id: string; sha256: string; manifest: SkillManifest; workers: WorkerRecord[] }>();
  for (const worker of workers) {
    for (const { manifest, sha256 } of worker.skills) {
      const key = `${manifest.id}\u0000${sha256}`;
      const group = byKey.get(key);
      if (group) group.workers.push(worker);
      else byKey.set(key, { id: manifest.id, sha256, manifest, workers: [worker] });
    }
  }
  const groups = [...byKey.values()].map((g) => {
    const replicas = g.workers.map((worker): RemoteReplica => {
      const verdict = gate.admission(replicaSkillId(g.id), replicaSha256(worker));
      return { worker, state: replicaState(verdict), ...(verdict.proposal_id ? { proposal_id: verdict.proposal_id } : {}) };
    });
    const allowed = replicas.filter((r) => takesCalls(r.state)).map((r) => r.worker);
    return { ...g, replicas, allowed, admission: gate.admission(g.id, g.sha256) };
  });
  const newest = new Map<string, (typeof groups)[number]>();
  for (const g of groups) {
    const best = newest.get(g.id);
    if (g.admission.state === 'active' && g.allowed.length > 0 && (!best || g.admission.rank > best.admission.rank)) newest.set(g.id, g);
  }
  const owners = new Map<string, string>();
  return groups.map(({ allowed, ...g }): RemoteSkillGroup => {
    const held = heldBack(g.admission);
    if (held) return { ...g, callable: [], serving: false, reason: held };
    if (allowed.length === 0)
      return { ...g, callable: [], serving: false, reason: 'no worker offering it is allowed yet: waits until the household allows one' };
    const winner = newest.get(g.id)!;
    if (winner.sha256 !== g.sha256)
      return {
        ...g,
        callable: [],
        serving: false,
        reason: `version ${winner.manifest.version}, activated later, serves this skill instead`,
      };
    const names = g.manifest.actions.map((a) => skillToolName(g.id, a.name));
    const taken = names.find((n) => owners.has(n));
    if (taken)
      return { ...g, callable: [], serving: false, reason: `the tool ${taken} is already served by the skill ${owners.get(taken)}` };
    for (const n of names) owners.set(n, g.id);
    return { ...g, callable: allowed, serving: true };
  });
}

/** The roster's skills as groups, rebuilt only when the roster or a verdict changed. */
export class RemoteSkillCatalog {
  private built: { revision: string; groups: readonly RemoteSkillGroup[] } | undefined;

  constructor(
    private readonly roster: WorkerRoster,
    private readonly gate: AdmissionSource,
  ) {}

  /** Changes whenever what the workers serve may have changed; sweeps expired leases first. */
  revision(): string {
    this.roster.sweep();
    return `${this.roster.revision}.${this.gate.revision}`;
  }

  groups(): readonly RemoteSkillGroup[] {
    const revision = this.revision();
    if (this.built?.revision !== revision) this.built = { revision, groups: groupRemoteSkills(this.roster.live(), this.gate) };
    return this.built.groups;
  }
}

/** The workers behind a group, as the listing and the tools name their source. */
export function workerSource(workers: readonly WorkerRecord[]): string {
  return workers.map((w) => `worker:${w.name}`).join(', ');
}

/** One group as GET /api/skills lists it, with its proposal for the household's buttons. */
export function remoteSkillInfo(group: RemoteSkillGroup): SkillInfo {
  const { manifest, admission } = group;
  return {
    id: group.id,
    name: manifest.name,
    version: manifest.version,
    ...(manifest.description ? { description: manifest.description } : {}),
    provider: 'remote',
    format: 'remote',
    source: workerSource(group.workers),
    trust: 'unreviewed',
    enabled: group.serving,
    user_invocable: manifest.user_invocable ?? true,
    disable_model_invocation: manifest.disable_model_invocation ?? false,
    capabilities: [],
    sha256: group.sha256,
    ...(admission.proposal_id
      ? { activation: { proposal_id: admission.proposal_id, status: admission.state === 'active' ? 'activated' : admission.state } }
      : {}),
    actions: manifest.actions.map((a) => ({
      name: a.name,
      tool: skillToolName(group.id, a.name),
      description: a.description,
      mutates: a.mutates === true,
      requires_confirmation: a.requires_confirmation === true,
      risk: declaredRisk(a.risk, a.requires_confirmation) ?? UNDECLARED_RISK,
    })),
    replicas: group.replicas.map((r) => ({
      worker: r.worker.name,
      endpoint: r.worker.endpoint,
      status: r.state,
      ...(r.proposal_id ? { proposal_id: r.proposal_id } : {}),
    })),
    errors: [],
    warnings: group.reason ? [group.reason] : [],
  };
}
