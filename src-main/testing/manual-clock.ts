import type { FollowerClock } from '../home/reconnecting-follower';

/** A clock that moves only when a test says so: timers due by then run, in order. */
export class ManualClock implements FollowerClock {
  private at: number;
  private seq = 0;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  constructor(start = Date.parse('2026-08-29T08:00:00Z')) {
    this.at = start;
  }

  now(): number {
    return this.at;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { due: this.at + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on by `ms`, running every timer that falls due on the way (also ones set meanwhile). */
  advance(ms: number): void {
    const end = this.at + ms;
    for (;;) {
      let next: [number, { due: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].due <= end && (!next || entry[1].due < next[1].due)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.at = next[1].due;
      next[1].fn();
    }
    this.at = end;
  }

  /** Timers waiting now. */
  pending(): number {
    return this.timers.size;
  }
}
