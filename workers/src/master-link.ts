import { enrollProofText, WORKER_PROTOCOL, type EnrollResponse, type SkillManifest } from '../../src-shared';
import type { WorkerConfig } from './config';
import type { WorkerKey } from './worker-key';

export interface Session {
  readonly workerId: string;
  readonly accessToken: string;
  readonly leaseMs: number;
  readonly heartbeatMs: number;
}

/** The master answered, but not with what we needed. */
export class MasterRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'MasterRefusal';
  }
}

const CALL_TIMEOUT_MS = 10_000;

async function call(method: string, url: string, token: string | undefined, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

function reason(status: number, json: unknown): string {
  const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? `HTTP ${status}: ${message}` : `HTTP ${status}`;
}

/** Worker -> master calls of jarvis.skill.worker.v1. Network errors propagate as thrown errors. */
export class MasterLink {
  constructor(
    private readonly config: WorkerConfig,
    private readonly version: string,
    /** The worker's key: the master tells this worker from one with the same name by it. */
    private readonly key?: WorkerKey,
  ) {}

  /** The key and the proof that this worker holds its private half, signed now. */
  private keyFields(): Record<string, string> {
    if (!this.key) return {};
    const keyAt = new Date().toISOString();
    const proof = this.key.sign(enrollProofText({ name: this.config.name, endpoint: this.config.endpoint, key_at: keyAt }));
    return { key: this.key.publicKey, key_proof: proof, key_at: keyAt };
  }

  async enroll(): Promise<Session> {
    const { status, json } = await call('POST', `${this.config.masterUrl}/api/mesh/enroll`, undefined, {
      protocol: WORKER_PROTOCOL,
      enrollment_token: this.config.enrollmentToken,
      name: this.config.name,
      runtime: this.config.runtime,
      endpoint: this.config.endpoint,
      version: this.version,
      ...this.keyFields(),
    });
    if (status !== 201) throw new MasterRefusal(status, `enrollment refused: ${reason(status, json)}`);
    const r = json as EnrollResponse;
    return { workerId: r.worker_id, accessToken: r.access_token, leaseMs: r.lease_ms, heartbeatMs: r.heartbeat_interval_ms };
  }

  async putSkills(session: Session, skills: readonly SkillManifest[]): Promise<void> {
    const { status, json } = await call('PUT', this.url(session, '/skills'), session.accessToken, { protocol: WORKER_PROTOCOL, skills });
    if (status !== 200) throw new MasterRefusal(status, `skills refused: ${reason(status, json)}`);
  }

  async heartbeat(session: Session): Promise<void> {
    const { status, json } = await call('POST', this.url(session, '/heartbeat'), session.accessToken, {});
    if (status !== 200) throw new MasterRefusal(status, `heartbeat refused: ${reason(status, json)}`);
  }

  async leave(session: Session): Promise<void> {
    const { status, json } = await call('DELETE', this.url(session, ''), session.accessToken);
    if (status !== 204 && status !== 404) throw new MasterRefusal(status, `deregistration refused: ${reason(status, json)}`);
  }

  private url(session: Session, suffix: string): string {
    return `${this.config.masterUrl}/api/mesh/workers/${encodeURIComponent(session.workerId)}${suffix}`;
  }
}
