/**
 * One call's time limit: `limitMs` from the start or from the last progress report, never
 * more than `maxTotalMs` of running time in all, and stopped while `hold()` is in force (the
 * server waits for the person). When it runs out, `signal` aborts with `reason()`.
 */
export class CallDeadline {
  /** The longest delay a Node timer takes (a larger one fires at once). */
  static readonly NEVER_MS = 2 ** 31 - 1;

  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private holds = 0;
  private ran = 0;
  private since = Date.now();
  private ended = false;

  constructor(
    private readonly limitMs: number,
    private readonly maxTotalMs: number,
    private readonly reason: () => Error,
  ) {
    this.arm(limitMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Progress: the limit starts again, within the total. */
  extend(): void {
    if (this.ended || this.holds > 0) return;
    this.ran += Date.now() - this.since;
    this.since = Date.now();
    this.arm(Math.min(this.limitMs, this.maxTotalMs - this.ran));
  }

  hold(): void {
    if (this.ended) return;
    if (this.holds++ === 0) {
      this.ran += Date.now() - this.since;
      clearTimeout(this.timer);
    }
  }

  /** The answer came: the call has its whole limit again, within the total. */
  release(): void {
    if (this.ended || this.holds === 0 || --this.holds > 0) return;
    this.since = Date.now();
    this.arm(Math.min(this.limitMs, this.maxTotalMs - this.ran));
  }

  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.ended = true;
        this.controller.abort(this.reason());
      },
      Math.max(0, ms),
    );
    this.timer.unref?.();
  }
}
