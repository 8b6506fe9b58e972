import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
  readonly redactor?: SecretRedactor;
  readonly now?: () => Date;
}

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
    if (options.dir) mkdirSync(options.dir, { recursive: true, mode: 0o700 });
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
