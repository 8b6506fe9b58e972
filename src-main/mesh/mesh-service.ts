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
  type WorkerHealth,
} from '../../src-shared';
import type { Platform } from '../platform/capability';
import type { ProtocolRecorder } from '../protocol';
import { parseManifest } from '../skills/process';
import { hashToken, newAccessToken, tokenMatches } from './access-tokens';
import { RemoteToolProvider } from './remote-provider';
import { postToWorker, TransportError } from './worker-client';
import { WorkerRoster, type OfferedSkill, type WorkerRecord } from './worker-roster';
import { manifestSha256, RemoteSkillGate } from './remote-skill-gate';
import { RemoteSkillCatalog, remoteSkillInfo } from './remote-skills';
import { Refusal } from '../platform/errors';

const VERIFIED_CACHE_SIZE = 256;

/** What one PUT of a worker's skills may carry: checking and compiling schemas is the costly part. */
export const SKILLS_PUT_LIMITS = { maxBytes: 256 * 1024, maxSkills: 64, maxActions: 128 } as const;

/** A worker's answer carries the skill's stdout (JARVIS_SKILL_MAX_OUTPUT_KB) in an envelope. */
export function answerCapBytes(maxOutputKb: number): number {
  return maxOutputKb * 1024 + 64 * 1024;
}

/** A refusal of a worker's or a client's mesh request. */
export class MeshRefusal extends Refusal {
  constructor(kind: 'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'bad_gateway', code: string, message: string, path?: string) {
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

  constructor(
    private readonly ctx: Platform,
    private readonly recorder: ProtocolRecorder,
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
    const accessToken = newAccessToken();
    this.ctx.tracer.redactor.add(accessToken);
    const worker = this.roster.add({
      id: `wrk_${randomBytes(9).toString('base64url')}`,
      name: req.name,
      runtime: req.runtime,
      endpoint,
      ...(req.version ? { version: req.version } : {}),
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
   * activated; a replica of an activated manifest serves at once.
   */
  putSkills(worker: WorkerRecord, skills: readonly unknown[]): { skills: number; actions: number } {
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
    const ids = new Set<string>();
    const accepted: OfferedSkill[] = [];
    for (const [i, raw] of skills.entries()) {
      // The same checks as for a local skill folder: published schema, untrusted action schemas.
      const verdict = this.verify(raw);
      const label = typeof (raw as { id?: unknown }).id === 'string' ? ` (${(raw as { id: string }).id})` : '';
      if (!verdict.ok)
        throw new MeshRefusal('invalid', 'INVALID_MANIFEST', `skills[${i}]${label}: ${verdict.errors.join('; ')}`, `/skills/${i}`);
      if (ids.has(verdict.skill.manifest.id))
        throw new MeshRefusal('invalid', 'INVALID_MANIFEST', `skills[${i}]${label}: the id is used twice`, `/skills/${i}/id`);
      ids.add(verdict.skill.manifest.id);
      if (verdict.skill.manifest.enabled !== false) accepted.push(verdict.skill);
    }
    const waiting = accepted.filter((s) => this.gate.propose(s.manifest, s.sha256).state !== 'active').map((s) => s.manifest.id);
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

  private verify(raw: unknown): { ok: true; skill: OfferedSkill } | { ok: false; errors: readonly string[] } {
    const key = JSON.stringify(raw);
    const known = this.verified.get(key);
    if (known) return { ok: true, skill: known };
    const verdict = parseManifest(raw);
    if (!verdict.ok) return verdict;
    const skill: OfferedSkill = { manifest: verdict.manifest, sha256: manifestSha256(raw) };
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(key, skill);
    return { ok: true, skill };
  }

  /**
   * A household decision on a SkillProposal: the verdicts are read again at once, and
   * manifests held back while too many proposals waited are proposed now.
   */
  decided(): void {
    this.gate.decided();
    for (const group of this.catalog.groups()) {
      if (!group.admission.proposal_id) this.gate.propose(group.manifest, group.sha256);
    }
    this.ctx.events.publish('mesh.changed', { change: 'decision' });
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
