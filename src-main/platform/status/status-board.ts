import type { ComponentStatus } from '../../../src-shared';

/** Components report their state here; /api/health, /api/state and `jarvis doctor` read it. */
export class StatusBoard {
  private readonly sources = new Map<string, () => ComponentStatus>();

  set(component: string, source: () => ComponentStatus): void {
    this.sources.set(component, source);
  }

  /** A component that is gone (an MCP server removed while JARVIS runs). */
  delete(component: string): void {
    this.sources.delete(component);
  }

  snapshot(): Record<string, ComponentStatus> {
    const out: Record<string, ComponentStatus> = {};
    for (const [name, source] of this.sources) {
      try {
        out[name] = source();
      } catch (err) {
        out[name] = { state: 'error', detail: err instanceof Error ? err.message : String(err), code: 'status.failed' };
      }
    }
    return out;
  }
}
