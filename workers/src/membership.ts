import type { SkillManifest } from '../../src-shared';
import { MasterRefusal, type MasterLink, type Session } from './master-link';

export interface MembershipOptions {
  readonly link: MasterLink;
  /** The manifests to publish, read at the moment of publishing (a reload changes them). */
  readonly skills: () => readonly SkillManifest[];
  readonly log: (line: string) => void;
  /** Backoff bounds for enrollment retries. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/**
 * Keeps the worker enrolled: enroll, PUT skills, heartbeat at the interval the master
 * gave; on 404/401 (lease lost, master restarted) enroll again, with exponential backoff
 * while the master is unreachable or refuses.
 */
export class Membership {
  private session: Session | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  lastError: string | undefined;

  constructor(private readonly options: MembershipOptions) {}

  /** The current session; its token is the only one /v1/* accepts. */
  current(): Session | undefined {
    return this.session;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** PUTs the current manifests now (after a reload). */
  async publish(): Promise<void> {
    const session = this.session;
    if (!session) throw new Error('not enrolled with the master yet');
    try {
      await this.options.link.putSkills(session, this.options.skills());
    } catch (err) {
      if (err instanceof MasterRefusal && (err.status === 404 || err.status === 401)) this.dropSession();
      throw err;
    }
  }

  /** Stops heartbeating and deregisters (SIGTERM). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const session = this.session;
    this.session = undefined;
    if (session) {
      try {
        await this.options.link.leave(session);
        this.options.log('deregistered from the master');
      } catch (err) {
        this.options.log(`deregistration failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private dropSession(): void {
    this.session = undefined;
    this.wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    const min = this.options.minBackoffMs ?? 200;
    const max = this.options.maxBackoffMs ?? 10_000;
    let attempt = 0;
    while (!this.stopped) {
      if (!this.session) {
        try {
          const session = await this.options.link.enroll();
          await this.options.link.putSkills(session, this.options.skills());
          if (this.stopped) {
            await this.options.link.leave(session).catch(() => {});
            return;
          }
          this.session = session;
          attempt = 0;
          this.lastError = undefined;
          this.options.log(`enrolled as ${session.workerId}; heartbeat every ${session.heartbeatMs} ms`);
        } catch (err) {
          this.lastError = err instanceof Error ? err.message : String(err);
          const wait = Math.min(max, min * 2 ** attempt) * (0.75 + Math.random() * 0.5);
          attempt++;
          if (attempt === 1 || attempt % 10 === 0) this.options.log(`cannot enroll (${this.lastError}); retrying`);
          await this.sleep(wait);
          continue;
        }
      }
      const session = this.session;
      await this.sleep(session.heartbeatMs);
      if (this.stopped || this.session !== session) continue;
      try {
        await this.options.link.heartbeat(session);
        this.lastError = undefined;
      } catch (err) {
        this.lastError = err instanceof Error ? err.message : String(err);
        if (err instanceof MasterRefusal && (err.status === 404 || err.status === 401)) {
          this.options.log('the master no longer knows this worker; enrolling again');
          this.session = undefined;
        }
        // Network errors: keep the session and try again at the next beat; once the master
        // is back it answers 404 if it forgot us, and we enroll again.
      }
    }
  }
}
