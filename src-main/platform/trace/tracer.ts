import { appendFileSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SecretRedactor } from './redact';

export interface TraceEvent {
  readonly seq: number;
  readonly ts: string;
  readonly trace_id: string;
  readonly component: string;
  readonly stage: string;
  readonly data?: unknown;
}

export interface TracerOptions {
  readonly enabled: boolean;
  readonly limit: number;
  readonly dir?: string;
  /** What the trace files in `dir` may keep: older files and the oldest beyond the size go. */
  readonly retention?: TraceRetention;
  readonly redactor?: SecretRedactor;
  readonly now?: () => Date;
  /** False: the owner calls `prune` when it has time (the master, after its first answer). */
  readonly pruneAtStart?: boolean;
}

export interface TraceRetention {
  readonly maxBytes: number;
  readonly maxAgeDays: number;
}

/** Two weeks and 50 MB: enough history for the few-shot policy, never a full disk. */
export const DEFAULT_TRACE_RETENTION: TraceRetention = { maxBytes: 50 * 1024 * 1024, maxAgeDays: 14 };

/** The trace folder beside the database (`traces/`), or none for a database in memory. */
export function defaultTraceDir(dataFile: string): string | undefined {
  return dataFile === ':memory:' ? undefined : join(dirname(dataFile), 'traces');
}

const TRACE_FILE = /^trace-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/**
 * Deletes trace files older than the retention's age, then the oldest while all of them are
 * larger than its size. Only files named like the tracer's own are touched.
 */
export function pruneTraceFiles(dir: string, retention: TraceRetention, now: Date): void {
  let files: { name: string; day: string; size: number }[];
  try {
    files = readdirSync(dir)
      .flatMap((name) => {
        const m = TRACE_FILE.exec(name);
        return m ? [{ name, day: m[1]!, size: statSync(join(dir, name)).size }] : [];
      })
      .sort((a, b) => a.day.localeCompare(b.day));
  } catch {
    return;
  }
  const oldest = new Date(now.getTime() - retention.maxAgeDays * 86_400_000).toISOString().slice(0, 10);
  let total = files.reduce((n, f) => n + f.size, 0);
  for (const f of files) {
    if (f.day >= oldest && total <= retention.maxBytes) break;
    try {
      unlinkSync(join(dir, f.name));
      total -= f.size;
    } catch {
      // Another process may have removed it; the next prune tries again.
    }
  }
}

/** How many appended events between two size checks of the trace folder. */
const PRUNE_EVERY = 500;

export function newTraceId(prefix = 'http'): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/**
 * Debug trace v2: a bounded in-memory ring of stage events, optionally
 * mirrored to JSON lines in JARVIS_DEBUG_DIR. Every event is redacted on the way in.
 */
export class Tracer {
  readonly redactor: SecretRedactor;
  private events: TraceEvent[] = [];
  private seq = 0;
  private readonly now: () => Date;

  constructor(private readonly options: TracerOptions) {
    this.redactor = options.redactor ?? new SecretRedactor();
    this.now = options.now ?? (() => new Date());
    if (options.dir) {
      mkdirSync(options.dir, { recursive: true, mode: 0o700 });
      if (options.pruneAtStart !== false) this.prune();
    }
  }

  private appended = 0;
  private day = '';

  /** Drops the trace files past their age and the oldest beyond the size. */
  prune(): void {
    if (this.options.dir) pruneTraceFiles(this.options.dir, this.options.retention ?? DEFAULT_TRACE_RETENTION, this.now());
  }

  record(traceId: string, component: string, stage: string, data?: unknown): void {
    if (!this.options.enabled) return;
    const event: TraceEvent = {
      seq: ++this.seq,
      ts: this.now().toISOString(),
      trace_id: traceId,
      component,
      stage,
      ...(data === undefined ? {} : { data: this.redactor.value(data) }),
    };
    this.events.push(event);
    if (this.events.length > this.options.limit) this.events.splice(0, this.events.length - this.options.limit);
    if (this.options.dir) {
      const day = event.ts.slice(0, 10);
      // A new day's file, and every few hundred events, bring the folder back within its retention.
      if (day !== this.day) {
        if (this.day !== '') this.prune();
        this.day = day;
      } else if (++this.appended % PRUNE_EVERY === 0) this.prune();
      try {
        appendFileSync(join(this.options.dir, `trace-${day}.jsonl`), `${JSON.stringify(event)}\n`, { mode: 0o600 });
      } catch {
        // A full disk must not take the assistant down; the in-memory trace stays.
      }
    }
  }

  list(filter?: { traceId?: string }): TraceEvent[] {
    return filter?.traceId ? this.events.filter((e) => e.trace_id === filter.traceId) : [...this.events];
  }

  clear(): void {
    this.events = [];
  }
}
