export interface ReconnectOptions {
  readonly onLive: (live: boolean, problem?: string) => void;
  /** First retry after a drop; doubles up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

/**
 * A follower that holds one long-lived connection to a home device and reconnects after
 * every drop, backing off so a device that is away is not hammered. Subclasses open the
 * connection in `connect` and let go of it in `release`.
 */
export abstract class ReconnectingFollower {
  protected stopped = false;
  private timer?: NodeJS.Timeout;
  private retry: number;
  live = false;

  constructor(private readonly reconnect: ReconnectOptions) {
    this.retry = reconnect.retryMs ?? 1000;
  }

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.release();
  }

  protected abstract connect(): Promise<void>;

  /** Closes the current connection, if any, without it reporting back. */
  protected abstract release(): void;

  protected connected(): void {
    this.retry = this.reconnect.retryMs ?? 1000;
    this.setLive(true);
  }

  /** The connection is gone: say why, then try again later (after the longest wait when `slow`). */
  protected dropped(problem: string, slow = false): void {
    // A connection often reports its end twice (close and error): the first reason counts.
    if (this.stopped || this.timer) return;
    this.release();
    this.setLive(false, problem);
    const max = this.reconnect.maxRetryMs ?? 30_000;
    const wait = slow ? max : this.retry;
    this.retry = Math.min(this.retry * 2, max);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  private setLive(live: boolean, problem?: string): void {
    if (live === this.live && !problem) return;
    this.live = live;
    this.reconnect.onLive(live, problem);
  }
}
