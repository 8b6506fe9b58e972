import { randomBytes } from 'node:crypto';
import {
  MESH_TOKEN_MIN_LENGTH,
  WORKER_PROTOCOL,
  type EnrollRequest,
  type EnrollResponse,
  type MeshWorkersResponse,
  type MeshWorkerView,
  type SkillInfo,
  type MeshWorkerReloadResponse,
  type SkillManifest,
  type WorkerHealth,
} from '../../src-shared';
import type { Platform } from '../platform/capability';
import type { ProtocolRecorder } from '../protocol';
import { OffThreadAbort, OffThreadRunner } from '../platform/off-thread';
import type { ManifestCheck } from './manifest-check';
import { nextTurn } from '../platform/slices';
import { hashToken, newAccessToken, tokenMatches } from './access-tokens';
import { RemoteToolProvider } from './remote-provider';
import { postToWorker, TransportError } from './worker-client';
import { WorkerRoster, type OfferedSkill, type WorkerRecord } from './worker-roster';
import { RemoteSkillGate, type RemoteAdmission } from './remote-skill-gate';
import { RemoteSkillCatalog, remoteSkillInfo, type RemoteSkillGroup } from './remote-skills';
import { isReplicaSkillId, replicaSha256, replicaSkillId, workerAllowedByActivation } from './replica-gate';
import { Refusal } from '../platform/errors';
import { keyProofProblem } from './key-proof';

const VERIFIED_CACHE_SIZE = 256;

/** A household decision on a SkillProposal, as the protocol reports it. */
export interface SkillDecision {
  readonly proposalId: string;
  readonly actorId: string;
  readonly status: 'activated' | 'rejected' | 'proposed';
  readonly skillId: string;
}

/** Records an admin's acceptance of a proposal through the protocol's own gate. */
export type AcceptProposal = (proposalId: string, actorId: string) => void;

/** What one PUT of a worker's skills may carry: checking and compiling schemas is the costly part. */
export const SKILLS_PUT_LIMITS = { maxBytes: 256 * 1024, maxSkills: 64, maxActions: 128 } as const;

/** One PUT's manifests checked on their thread: far above what a real worker's skills need. */
const MANIFEST_CHECK_LIMITS = { timeoutMs: 30_000, maxHeapMb: 256, concurrency: 1, maxWaiting: 8 } as const;

type Verdict = { readonly ok: true; readonly skill: OfferedSkill } | { readonly ok: false; readonly errors: readonly string[] };

/** A worker's answer carries the skill's stdout (JARVIS_SKILL_MAX_OUTPUT_KB) in an envelope. */
export function answerCapBytes(maxOutputKb: number): number {
  return maxOutputKb * 1024 + 64 * 1024;
}

/** A refusal of a worker's or a client's mesh request. */
export class MeshRefusal extends Refusal {
  constructor(
    kind: 'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'too_many' | 'bad_gateway',
    code: string,
    message: string,
    path?: string,
  ) {
    super(kind, code, message, path);
    this.name = 'MeshRefusal';
  }
}

/** Why the mesh is off, or undefined when it runs. */
export function meshOffReason(token: string | undefined): string | undefined {
  if (token === undefined || token === '') return 'JARVIS_MESH_ENROLLMENT_TOKEN is not set; no worker can enroll.';
  if (token.length < MESH_TOKEN_MIN_LENGTH)
    return `JARVIS_MESH_ENROLLMENT_TOKEN is shorter than ${MESH_TOKEN_MIN_LENGTH} characters; the mesh stays off.`;
  return undefined;
}

/**
 * Enrollment, leases and the remote provider: everything the master knows about workers.
 * Nothing is persisted; after a master restart the workers' heartbeats get 404 and they
 * enroll again.
 */
export class MeshService {
  readonly roster: WorkerRoster;
  readonly provider: RemoteToolProvider;
  readonly gate: RemoteSkillGate;
  private readonly catalog: RemoteSkillCatalog;
  readonly offReason: string | undefined;
  private readonly enrollmentHash: Buffer;
  /**
   * Manifests already verified, by their exact JSON text: replicas and re-enrollments PUT
   * the same manifests again, and checking and compiling their schemas is the costly part.
   */
  private readonly verified = new Map<string, OfferedSkill>();
  /** Plain access tokens, only for master -> worker calls; incoming calls are checked against the hash. */
  private readonly outgoing = new Map<string, string>();
  /** New manifests are checked off the event loop, one PUT at a time. */
  private readonly checker = new OffThreadRunner<unknown[], ManifestCheck[]>(
    { bundle: 'mesh-manifest-worker.cjs', source: new URL('./manifest-worker.ts', import.meta.url) },
    MANIFEST_CHECK_LIMITS,
  );
  /** Workers whose PUT is being checked: each waits for its own answer before sending another. */
  private readonly checking = new Set<string>();

  constructor(
    private readonly ctx: Platform,
    private readonly recorder: ProtocolRecorder,
    private readonly acceptProposal: AcceptProposal = () => {},
  ) {
    const token = ctx.config.meshEnrollmentToken;
    this.offReason = meshOffReason(token);
    this.enrollmentHash = hashToken(token ?? randomBytes(32).toString('hex'));
    if (token) ctx.tracer.redactor.add(token);
    this.roster = new WorkerRoster(ctx.clock, ctx.config.meshLeaseMs, (w, why) => {
      // A removed worker's token is dead (the worker must enroll again), so the redactor
      // can forget it; otherwise every re-enrollment would grow its list for good.
      const token = this.outgoing.get(w.id);
      if (token) ctx.tracer.redactor.delete(token);
      this.outgoing.delete(w.id);
      ctx.log.info(`mesh: worker ${w.name} (${w.id}) left: ${why}`);
      ctx.tracer.record('mesh', 'mesh', 'worker_removed', { worker: w.name, worker_id: w.id, why });
      ctx.events.publish('mesh.changed', { worker_id: w.id, change: why });
    });
    this.gate = new RemoteSkillGate(recorder, (skillId, message) =>
      ctx.tracer.record('mesh', 'mesh', 'protocol_error', { skill: skillId, message }),
    );
    this.catalog = new RemoteSkillCatalog(this.roster, this.gate);
    this.provider = new RemoteToolProvider({
      catalog: this.catalog,
      tracer: ctx.tracer,
      invokeTimeoutMs: ctx.config.meshInvokeTimeoutMs,
      maxAnswerBytes: answerCapBytes(ctx.config.skillMaxOutputKb),
      tokenOf: (id) => this.outgoing.get(id),
    });
  }

  get enabled(): boolean {
    return this.offReason === undefined;
  }

  /** Compared in constant time; throws a 401 refusal on a mismatch. */
  assertEnrollmentToken(given: unknown): void {
    if (!this.enabled || typeof given !== 'string' || !tokenMatches(given, this.enrollmentHash)) {
      throw new MeshRefusal('unauthorized', 'ENROLLMENT_REFUSED', 'The enrollment token is missing or wrong.');
    }
  }

  /** Enrolls a worker whose request already passed the schema. */
  /**
   * An enrolled worker is a Worker with an Actor in the protocol (protocol operation order:
   * registered before it acts). Keyed by name, so re-enrollments do not multiply records.
   * The audit log must never refuse a worker.
   */
  private recordInProtocol(name: string, runtime: string): void {
    try {
      this.recorder.registerRuntimeWorker(`wrk_mesh_${name}`, name, runtime);
    } catch (err) {
      this.ctx.tracer.record('mesh', 'mesh', 'protocol_error', { worker: name, message: err instanceof Error ? err.message : String(err) });
    }
  }

  enroll(body: unknown): EnrollResponse {
    this.assertEnrollmentToken((body as { enrollment_token?: unknown } | null)?.enrollment_token);
    const req = body as EnrollRequest;
    const proofProblem = keyProofProblem(req, this.ctx.clock());
    if (proofProblem) {
      this.ctx.tracer.record('mesh', 'mesh', 'key_proof_refused', { worker: req.name });
      throw new MeshRefusal('unauthorized', 'KEY_PROOF_REFUSED', proofProblem, '/key_proof');
    }
    const endpoint = req.endpoint.replace(/\/$/, '');
    const holder = this.roster.atEndpoint(endpoint);
    if (holder && holder.name !== req.name) {
      throw new MeshRefusal(
        'conflict',
        'ENDPOINT_TAKEN',
        `The endpoint ${endpoint} belongs to the live worker ${holder.name}; a worker enrolls with its own endpoint.`,
        '/endpoint',
      );
    }
    // The same name and address with another key is another worker claiming to be this one:
    // it must not knock the live (perhaps approved) worker off. A worker that lost its key
    // enrolls again once the old lease has run out, and is then a new replica to approve.
    if (holder && (holder.key ?? '') !== (req.key ?? '')) {
      this.ctx.tracer.record('mesh', 'mesh', 'key_mismatch', { worker: holder.name, worker_id: holder.id, endpoint });
      throw new MeshRefusal(
        'conflict',
        'WORKER_KEY_MISMATCH',
        `The live worker ${holder.name} at ${endpoint} has another key; it stays enrolled until it leaves or its lease runs out.`,
        '/key',
      );
    }
    const accessToken = newAccessToken();
    this.ctx.tracer.redactor.add(accessToken);
    const worker = this.roster.add({
      id: `wrk_${randomBytes(9).toString('base64url')}`,
      name: req.name,
      runtime: req.runtime,
      endpoint,
      ...(req.version ? { version: req.version } : {}),
      ...(req.key ? { key: req.key } : {}),
      tokenHash: hashToken(accessToken),
    });
    this.outgoing.set(worker.id, accessToken);
    this.ctx.log.info(`mesh: worker ${worker.name} (${worker.runtime}) enrolled as ${worker.id} at ${worker.endpoint}`);
    this.ctx.tracer.record('mesh', 'mesh', 'enrolled', { worker: worker.name, worker_id: worker.id, endpoint: worker.endpoint });
    this.ctx.events.publish('mesh.changed', { worker_id: worker.id, change: 'enrolled' });
    this.recordInProtocol(worker.name, worker.runtime);
    return {
      protocol: WORKER_PROTOCOL,
      worker_id: worker.id,
      access_token: accessToken,
      lease_ms: this.ctx.config.meshLeaseMs,
      heartbeat_interval_ms: this.ctx.config.meshHeartbeatMs,
    };
  }

  /** The worker behind an incoming call, after its access token checked out. */
  authenticate(id: string, token: string | undefined): WorkerRecord {
    if (!token) throw new MeshRefusal('unauthorized', 'TOKEN_REQUIRED', 'This route needs the worker access token as a Bearer token.');
    const worker = this.roster.get(id);
    if (!worker) throw new MeshRefusal('not_found', 'UNKNOWN_WORKER', 'No such worker, or its lease has run out: enroll again.');
    if (!tokenMatches(token, worker.tokenHash)) throw new MeshRefusal('unauthorized', 'TOKEN_REFUSED', 'The access token is wrong.');
    return worker;
  }

  /**
   * A worker's skills replace what it offered before. Each manifest goes through the
   * household's SkillProposal gate: a new or changed one is proposed and serves only once
   * activated. A worker offering a manifest that is already activated is a replica
   * proposal of its own and takes no calls until the household allows it.
   */
  async putSkills(worker: WorkerRecord, skills: readonly unknown[]): Promise<{ skills: number; actions: number }> {
    if (skills.length > SKILLS_PUT_LIMITS.maxSkills) {
      throw new MeshRefusal(
        'invalid',
        'TOO_MANY_SKILLS',
        `A worker may offer at most ${SKILLS_PUT_LIMITS.maxSkills} skills, got ${skills.length}.`,
        '/skills',
      );
    }
    const declared = skills.reduce<number>(
      (sum, raw) =>
        sum + (Array.isArray((raw as { actions?: unknown } | null)?.actions) ? (raw as { actions: unknown[] }).actions.length : 0),
      0,
    );
    if (declared > SKILLS_PUT_LIMITS.maxActions) {
      throw new MeshRefusal(
        'invalid',
        'TOO_MANY_SKILLS',
        `A worker may offer at most ${SKILLS_PUT_LIMITS.maxActions} actions in all, got ${declared}.`,
        '/skills',
      );
    }
    if (this.checking.has(worker.id))
      throw new MeshRefusal('too_many', 'SKILLS_PUT_BUSY', 'The previous skills upload of this worker is still being checked.');
    this.checking.add(worker.id);
    let verdicts: readonly Verdict[];
    try {
      verdicts = await this.verify(skills);
    } finally {
      this.checking.delete(worker.id);
    }
    const ids = new Set<string>();
    const accepted: OfferedSkill[] = [];
    for (const [i, raw] of skills.entries()) {
      // The same checks as for a local skill folder: published schema, untrusted action schemas.
      const verdict = verdicts[i]!;
      const label = typeof (raw as { id?: unknown }).id === 'string' ? ` (${(raw as { id: string }).id})` : '';
      if (!verdict.ok)
        throw new MeshRefusal('invalid', 'INVALID_MANIFEST', `skills[${i}]${label}: ${verdict.errors.join('; ')}`, `/skills/${i}`);
      if (ids.has(verdict.skill.manifest.id))
        throw new MeshRefusal('invalid', 'INVALID_MANIFEST', `skills[${i}]${label}: the id is used twice`, `/skills/${i}/id`);
      ids.add(verdict.skill.manifest.id);
      if (verdict.skill.manifest.enabled !== false) accepted.push(verdict.skill);
    }
    // Each proposal is a durable write to the protocol: a turn of the event loop between them.
    const waiting: string[] = [];
    let slice = performance.now();
    for (const s of accepted) {
      const admission = this.gate.propose(s.manifest, s.sha256);
      if (admission.state !== 'active') waiting.push(s.manifest.id);
      else {
        this.allowWorkerOfEarlierActivation(s, admission, worker);
        if (this.gate.proposeRecord(replicaSkillId(s.manifest.id), s.manifest.version, replicaSha256(worker)).state !== 'active')
          waiting.push(replicaSkillId(s.manifest.id));
      }
      if (performance.now() - slice > 8) {
        await nextTurn();
        slice = performance.now();
      }
    }
    // The lease may have run out, or the worker left, while its manifests were checked.
    if (this.roster.get(worker.id) !== worker)
      throw new MeshRefusal('not_found', 'UNKNOWN_WORKER', 'No such worker, or its lease has run out: enroll again.');
    this.roster.setSkills(worker, accepted);
    this.roster.renew(worker);
    const actions = accepted.reduce((n, s) => n + s.manifest.actions.length, 0);
    this.ctx.tracer.record('mesh', 'mesh', 'skills', {
      worker: worker.name,
      worker_id: worker.id,
      skills: accepted.map((s) => s.manifest.id),
      actions,
      waiting,
    });
    this.ctx.events.publish('mesh.changed', { worker_id: worker.id, change: 'skills' });
    return { skills: accepted.length, actions };
  }

  /**
   * Each manifest's verdict, in order. Manifests not seen before are checked on a thread of
   * their own; the event loop only compares texts and keeps the verdicts.
   */
  private async verify(raws: readonly unknown[]): Promise<readonly Verdict[]> {
    const keys = raws.map((raw) => JSON.stringify(raw));
    const unknown = [...new Set(keys.filter((key) => !this.verified.has(key)))];
    const checks = new Map<string, ManifestCheck>();
    if (unknown.length > 0) {
      const results = await this.checkOffThread(unknown.map((key) => raws[keys.indexOf(key)]));
      unknown.forEach((key, i) => checks.set(key, results[i] ?? { ok: false, errors: ['the manifest was not checked'] }));
    }
    return raws.map((raw, i): Verdict => {
      const key = keys[i]!;
      const known = this.verified.get(key);
      if (known) return { ok: true, skill: known };
      const check = checks.get(key)!;
      if (!check.ok) return check;
      const skill: OfferedSkill = { manifest: raw as SkillManifest, sha256: check.sha256 };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(key, skill);
      return { ok: true, skill };
    });
  }

  private async checkOffThread(manifests: unknown[]): Promise<ManifestCheck[]> {
    try {
      return await this.checker.run(manifests);
    } catch (err) {
      if (!(err instanceof OffThreadAbort)) throw err;
      switch (err.reason) {
        case 'timeout':
        case 'memory':
          throw new MeshRefusal('invalid', 'INVALID_MANIFEST', `The manifests are too costly to check: ${err.message}`, '/skills');
        case 'busy':
          throw new MeshRefusal('too_many', 'SKILLS_PUT_BUSY', 'Too many skills uploads are being checked; send this one again shortly.');
        case 'closed':
          throw new MeshRefusal('conflict', 'SHUTTING_DOWN', 'The master is shutting down.');
        case 'crashed':
          throw new Error(`manifest check failed: ${err.message}`);
      }
    }
  }

  /** Ends manifest checks still running. */
  close(): Promise<void> {
    return this.checker.close();
  }

  /**
   * A household decision on a SkillProposal: the verdicts are read again at once, and
   * manifests held back while too many proposals waited are proposed now. Activating a
   * manifest allows the worker it was activated from (see workerAllowedByActivation);
   * every other worker of an activated manifest becomes a replica proposal.
   */
  decided(decision?: SkillDecision): void {
    this.gate.decided();
    if (decision?.status === 'activated' && !isReplicaSkillId(decision.skillId)) {
      const group = this.catalog.groups().find((g) => g.admission.proposal_id === decision.proposalId);
      if (group) this.allowActivatingWorker(group, decision.actorId);
    }
    for (const group of this.catalog.groups()) {
      if (!group.admission.proposal_id) this.gate.propose(group.manifest, group.sha256);
      else if (group.admission.state === 'active') {
        for (const r of group.replicas)
          if (!r.proposal_id) this.gate.proposeRecord(replicaSkillId(group.id), group.manifest.version, replicaSha256(r.worker));
      }
    }
    this.ctx.events.publish('mesh.changed', { change: 'decision' });
  }

  /**
   * A skill activated before workers needed approval has no replica on record at all: the
   * first worker that offers it again is the one it was activated from, and is allowed in the
   * name of whoever activated it, so a household's remote skills keep answering after an update.
   */
  private allowWorkerOfEarlierActivation(skill: OfferedSkill, admission: RemoteAdmission, worker: WorkerRecord): void {
    const replicaId = replicaSkillId(skill.manifest.id);
    if (this.recorder.skillProposals(replicaId).length > 0) return;
    const activatedBy = this.recorder.skillProposals(skill.manifest.id).find((p) => p.proposal_id === admission.proposal_id)?.decided_by;
    if (!activatedBy) return;
    this.allowReplica(skill.manifest.id, skill.manifest.version, worker, activatedBy);
  }

  private allowActivatingWorker(group: RemoteSkillGroup, actorId: string): void {
    const index = workerAllowedByActivation(group.replicas.map((r) => r.state));
    if (index === undefined) return;
    this.allowReplica(group.id, group.manifest.version, group.replicas[index]!.worker, actorId);
  }

  /** Records the worker as a replica of the skill and accepts it in `actorId`'s name. */
  private allowReplica(skillId: string, version: string, worker: WorkerRecord, actorId: string): void {
    const proposal = this.gate.proposeRecord(replicaSkillId(skillId), version, replicaSha256(worker));
    if (!proposal.proposal_id) return;
    try {
      this.acceptProposal(proposal.proposal_id, actorId);
    } catch (err) {
      this.ctx.tracer.record('mesh', 'mesh', 'protocol_error', {
        skill: skillId,
        worker: worker.name,
        message: err instanceof Error ? err.message : String(err),
      });
    }
    this.gate.decided();
  }

  /** Every remote skill by id and manifest, as GET /api/skills lists it. */
  skillInfos(): SkillInfo[] {
    return this.catalog.groups().map(remoteSkillInfo);
  }

  heartbeat(worker: WorkerRecord): { lease_ms: number } {
    this.roster.renew(worker);
    return { lease_ms: this.ctx.config.meshLeaseMs };
  }

  deregister(worker: WorkerRecord): void {
    this.roster.remove(worker.id, 'deregistered');
  }

  /** Asks a worker to rescan its skills folder; it PUTs its skills again before answering. */
  async reload(id: string): Promise<MeshWorkerReloadResponse> {
    const worker = this.roster.get(id);
    const token = worker && this.outgoing.get(worker.id);
    if (!worker || !token) throw new MeshRefusal('not_found', 'UNKNOWN_WORKER', `No live worker ${id}.`);
    try {
      const answer = await postToWorker(
        worker.endpoint,
        '/v1/reload',
        token,
        {},
        this.ctx.config.meshInvokeTimeoutMs,
        answerCapBytes(this.ctx.config.skillMaxOutputKb),
      );
      if (answer.status !== 200)
        throw new MeshRefusal('bad_gateway', 'WORKER_ERROR', `worker ${worker.name} answered HTTP ${answer.status}`);
      const health = answer.body as Partial<WorkerHealth> | null;
      // Any program may be a worker: what it answers is checked before it is passed on.
      if (
        !health ||
        typeof health !== 'object' ||
        typeof health.ok !== 'boolean' ||
        !Array.isArray(health.skills) ||
        !Array.isArray(health.errors)
      ) {
        throw new MeshRefusal('bad_gateway', 'WORKER_ERROR', `worker ${worker.name} answered the reload without its health`);
      }
      return { ...(health as WorkerHealth), worker_id: worker.id };
    } catch (err) {
      if (err instanceof TransportError) {
        worker.lastError = `transport: ${err.message}`;
        throw new MeshRefusal('bad_gateway', 'WORKER_UNREACHABLE', `worker ${worker.name} did not answer: ${err.message}`);
      }
      throw err;
    }
  }

  view(): MeshWorkersResponse {
    if (!this.enabled) return { enabled: false, reason: this.offReason!, workers: [] };
    const workers: MeshWorkerView[] = this.roster.live().map((w) => ({
      id: w.id,
      name: w.name,
      runtime: w.runtime,
      endpoint: w.endpoint,
      ...(w.version ? { version: w.version } : {}),
      enrolled_at: w.enrolledAt.toISOString(),
      last_heartbeat_at: w.lastHeartbeatAt.toISOString(),
      lease_left_ms: this.roster.leaseLeftMs(w),
      skills: w.skills.map(({ manifest: s }) => ({ id: s.id, name: s.name, version: s.version, actions: s.actions.map((a) => a.name) })),
      calls: w.calls,
      failures: w.failures,
      ...(w.lastError ? { last_error: w.lastError } : {}),
    }));
    return { enabled: true, workers };
  }
}
