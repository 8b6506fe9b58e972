/** The timers a follower runs on; tests pass a manual clock instead of sleeping. */
export interface FollowerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: FollowerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** A stream that said nothing for this long is taken for dead and opened again. */
export const DEFAULT_IDLE_MS = 45_000;
/** How long opening a connection (TCP, TLS, the HTTP answer) may take. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8_000;

export interface ReconnectOptions {
  readonly onLive: (live: boolean, problem?: string) => void;
  /** First retry after a drop; doubles up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** The idle watchdog: no byte (event, keep-alive, pong) for this long and the connection is opened again. */
  readonly idleMs?: number;
  /** JARVIS_HOME_REQUEST_TIMEOUT: the limit for opening the connection. */
  readonly requestTimeoutMs?: number;
  readonly clock?: FollowerClock;
}

/** What the Zuhause screen says about a follower: live, or since when it has heard nothing. */
export interface FollowerState {
  readonly live: boolean;
  /** ISO time of the last sign of life; undefined when the follower never heard anything. */
  readonly lastHeard?: string;
  readonly problem?: string;
}

/**
 * A follower that holds one long-lived connection to a home device and reconnects after
 * every drop, backing off so a device that is away is not hammered. A connection that goes
 * silent without closing (a bridge that froze, a cable pulled between two switches) is
 * noticed by an idle watchdog: every sign of life (`heard`) rearms it, and past `idleMs`
 * the connection is dropped and opened again. Subclasses open the connection in
 * `connect` and let go of it in `release`; `quiet` lets one send a ping first.
 */
export abstract class ReconnectingFollower {
  protected stopped = false;
  private timer?: unknown;
  private watchdog?: unknown;
  private retry: number;
  protected readonly clock: FollowerClock;
  private lastHeardAt?: number;
  private problem?: string;
  live = false;

  constructor(private readonly reconnect: ReconnectOptions) {
    this.retry = reconnect.retryMs ?? 1000;
    this.clock = reconnect.clock ?? realClock;
  }

  protected get requestTimeoutMs(): number {
    return this.reconnect.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  protected get idleMs(): number {
    return this.reconnect.idleMs ?? DEFAULT_IDLE_MS;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.disarm();
    this.release();
  }

  state(): FollowerState {
    return {
      live: this.live,
      ...(this.lastHeardAt !== undefined ? { lastHeard: new Date(this.lastHeardAt).toISOString() } : {}),
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  protected abstract connect(): Promise<void>;

  /** Closes the current connection, if any, without it reporting back. */
  protected abstract release(): void;

  /**
   * Called once when the connection has been idle for idleMs: the default drops it. A
   * follower that can ask (a WebSocket ping) asks, and drops only when no answer comes.
   */
  protected quiet(): void {
    this.dropped(`no sign of life for ${Math.round(this.idleMs / 1000)} s`);
  }

  protected connected(): void {
    this.retry = this.reconnect.retryMs ?? 1000;
    this.heard();
    this.setLive(true);
  }

  /** Any byte from the device: the connection is alive. */
  protected heard(): void {
    this.lastHeardAt = this.clock.now();
    this.arm();
  }

  /** Starts the idle watchdog afresh (heard does; a follower that asked the device does too). */
  protected arm(): void {
    this.disarm();
    if (this.stopped) return;
    this.watchdog = this.clock.setTimeout(() => {
      this.watchdog = undefined;
      if (!this.stopped) this.quiet();
    }, this.idleMs);
  }

  private disarm(): void {
    if (this.watchdog) this.clock.clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  /** The connection is gone: say why, then try again later (after the longest wait when `slow`). */
  protected dropped(problem: string, slow = false): void {
    // A connection often reports its end twice (close and error): the first reason counts.
    if (this.stopped || this.timer) return;
    this.disarm();
    this.release();
    this.setLive(false, problem);
    const max = this.reconnect.maxRetryMs ?? 30_000;
    const wait = slow ? max : this.retry;
    this.retry = Math.min(this.retry * 2, max);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, wait);
  }

  private setLive(live: boolean, problem?: string): void {
    if (live) this.problem = undefined;
    else if (problem) this.problem = problem;
    if (live === this.live && !problem) return;
    this.live = live;
    this.reconnect.onLive(live, problem);
  }
}
