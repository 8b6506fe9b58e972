// Long writes on the main thread (thousands of rows into SQLite, which answers synchronously)
// go in slices with a turn of the event loop between them, so /api/health and every other
// request are answered meanwhile.

/** Lets timers, I/O and other requests run before the caller goes on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface SliceSizerOptions {
  /** How long one slice may hold the event loop, commit included. */
  readonly targetMs: number;
  readonly min: number;
  readonly max: number;
  /** The first slice's size; later ones follow the time the previous one took. */
  readonly first: number;
}

/** About 10 ms per slice: a health check waits at most that long behind a write. */
export const DEFAULT_SLICES: SliceSizerOptions = { targetMs: 10, min: 25, max: 2_000, first: 100 };

/**
 * How many rows the next slice takes. A row's cost is not known beforehand (full-text
 * triggers, long texts, a commit that waits for the disk, other programs on the cores), so
 * each slice is sized from the time the last one took: a slow slice makes the next one
 * smaller at once, a fast one lets it at most double.
 */
export class SliceSizer {
  private current: number;

  constructor(private readonly o: SliceSizerOptions = DEFAULT_SLICES) {
    this.current = clamp(o.first, o.min, o.max);
  }

  get size(): number {
    return this.current;
  }

  /** The last slice wrote `rows` rows in `ms` milliseconds. */
  took(rows: number, ms: number): void {
    if (rows <= 0) return;
    const fitting = Math.floor((rows * this.o.targetMs) / Math.max(ms, 0.01));
    this.current = clamp(Math.min(fitting, rows * 2), this.o.min, this.o.max);
  }
}

function clamp(n: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, n));
}
