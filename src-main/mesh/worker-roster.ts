import type { SkillManifest } from '../../src-shared';

/** One skill a worker offers, with the canonical hash of its manifest. */
export interface OfferedSkill {
  readonly manifest: SkillManifest;
  readonly sha256: string;
}

export interface WorkerRecord {
  readonly id: string;
  readonly name: string;
  readonly runtime: string;
  readonly endpoint: string;
  readonly version?: string;
  /** The key the worker declared at enrollment; another key makes it another replica. */
  readonly key?: string;
  readonly tokenHash: Buffer;
  readonly enrolledAt: Date;
  lastHeartbeatAt: Date;
  /** Epoch ms at which the lease runs out, read against the injected clock. */
  leaseUntil: number;
  skills: readonly OfferedSkill[];
  calls: number;
  failures: number;
  lastError?: string;
}

/**
 * The enrolled workers and their leases. Time comes from the injected clock only, so a
 * test moves the clock and the lease runs out without anyone sleeping.
 */
export class WorkerRoster {
  private readonly workers = new Map<string, WorkerRecord>();
  /** Bumped on every change that alters the set of offered actions. */
  revision = 0;

  constructor(
    private readonly clock: () => Date,
    private readonly leaseMs: number,
    private readonly onRemoved: (worker: WorkerRecord, why: 'expired' | 'deregistered' | 'replaced') => void,
  ) {}

  add(worker: Omit<WorkerRecord, 'leaseUntil' | 'lastHeartbeatAt' | 'enrolledAt' | 'skills' | 'calls' | 'failures'>): WorkerRecord {
    // A worker that restarts enrolls again under a new id with its name and endpoint; the
    // stale entry would hold a token the worker no longer accepts. Another worker's endpoint
    // is refused before this point (MeshService.enroll): it never evicts the live one.
    for (const other of [...this.workers.values()])
      if (other.endpoint === worker.endpoint && other.name === worker.name) this.remove(other.id, 'replaced');
    const now = this.clock();
    const record: WorkerRecord = {
      ...worker,
      enrolledAt: now,
      lastHeartbeatAt: now,
      leaseUntil: now.getTime() + this.leaseMs,
      skills: [],
      calls: 0,
      failures: 0,
    };
    this.workers.set(record.id, record);
    this.revision++;
    return record;
  }

  /** A live worker, or undefined when unknown or its lease ran out (then it is removed). */
  get(id: string): WorkerRecord | undefined {
    const w = this.workers.get(id);
    if (!w) return undefined;
    if (w.leaseUntil <= this.clock().getTime()) {
      this.remove(id, 'expired');
      return undefined;
    }
    return w;
  }

  renew(worker: WorkerRecord): void {
    const now = this.clock();
    worker.lastHeartbeatAt = now;
    worker.leaseUntil = now.getTime() + this.leaseMs;
  }

  setSkills(worker: WorkerRecord, skills: readonly OfferedSkill[]): void {
    worker.skills = skills;
    this.revision++;
  }

  remove(id: string, why: 'expired' | 'deregistered' | 'replaced'): boolean {
    const w = this.workers.get(id);
    if (!w) return false;
    this.workers.delete(id);
    this.revision++;
    this.onRemoved(w, why);
    return true;
  }

  /** Removes every worker whose lease has run out; returns how many. */
  sweep(): number {
    const now = this.clock().getTime();
    let removed = 0;
    for (const w of [...this.workers.values()]) {
      if (w.leaseUntil <= now && this.remove(w.id, 'expired')) removed++;
    }
    return removed;
  }

  /** The live worker at an endpoint, if any. */
  atEndpoint(endpoint: string): WorkerRecord | undefined {
    return this.live().find((w) => w.endpoint === endpoint);
  }

  /** Live workers in enrollment order. */
  live(): WorkerRecord[] {
    this.sweep();
    return [...this.workers.values()];
  }

  leaseLeftMs(worker: WorkerRecord): number {
    return Math.max(0, worker.leaseUntil - this.clock().getTime());
  }
}
