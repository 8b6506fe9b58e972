import type { HistoryCall, ToolHistoryStore } from './tool-history';

/** How many runs are followed at once; older ones are forgotten (their next call starts anew). */
const OPEN_RUNS = 256;

/**
 * Writes a run's calls only once it has a second one: a lone call (most app and MCP
 * requests) can never be part of a sequence, so it is neither stored nor costs a write.
 */
export class RunHistoryRecorder {
  private readonly waiting = new Map<string, { readonly actor: string; readonly call: HistoryCall }>();
  private readonly writing = new Set<string>();

  constructor(private readonly store: ToolHistoryStore) {}

  /** Forgets the stored history and the runs followed now (a run going on starts anew). */
  forget(): void {
    this.waiting.clear();
    this.writing.clear();
    this.store.clear();
  }

  record(runId: string, actor: string, call: HistoryCall): void {
    if (this.writing.has(runId)) return this.store.record(runId, actor, [call]);
    const first = this.waiting.get(runId);
    if (!first) {
      this.waiting.set(runId, { actor, call });
      bound(this.waiting);
      return;
    }
    this.waiting.delete(runId);
    this.writing.add(runId);
    bound(this.writing);
    this.store.record(runId, first.actor, [first.call, call]);
  }
}

function bound(open: Map<string, unknown> | Set<string>): void {
  while (open.size > OPEN_RUNS) {
    const oldest = open.keys().next().value;
    if (oldest === undefined) return;
    open.delete(oldest);
  }
}
