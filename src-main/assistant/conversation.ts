import type { EntityKind, PendingConfirmation, ToolResult } from '../../src-shared';
import { ID_PREFIXES } from '../../src-shared';
import type { AuditDecision } from './audit';

/** The last successful mutation, so "Nein, doch Freitag." can correct it. */
export interface SessionReference {
  readonly kind: EntityKind;
  readonly id: string;
  readonly tool: string;
  readonly title?: string;
  /** For timed events: the wall time, kept when only the day is corrected. */
  readonly time?: string;
}

export interface PendingCall {
  /** The protocol records of the held-back call: its PolicyDecision and, under review, its Request. */
  readonly audit?: { readonly decision: AuditDecision; readonly requestId?: string };
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly summary: string;
  readonly expiresAt: Date;
  readonly traceId: string;
}

export interface HistoryMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

// A rough token estimate (4 characters per token) is enough to keep the window bounded;
// the model's own tokenizer is not available before the call.
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

/** One household conversation: history window, session reference, pending confirmation. */
export class Conversation {
  private history: HistoryMessage[] = [];
  reference?: SessionReference;
  pending?: PendingCall;

  add(message: HistoryMessage): void {
    this.history.push(message);
    // Keep memory bounded even if nobody ever reads the window.
    if (this.history.length > 200) this.history.splice(0, this.history.length - 200);
  }

  /** The newest messages that fit into `budget` tokens, oldest first, starting with a user turn. */
  window(budget: number): HistoryMessage[] {
    const out: HistoryMessage[] = [];
    let used = 0;
    for (let i = this.history.length - 1; i >= 0; i--) {
      const m = this.history[i]!;
      used += estimateTokens(m.content);
      if (used > budget) break;
      out.unshift(m);
    }
    while (out.length > 0 && out[0]!.role !== 'user') out.shift();
    return out;
  }

  get length(): number {
    return this.history.length;
  }

  clear(): void {
    this.history = [];
    this.reference = undefined;
    this.pending = undefined;
  }

  /** Remember a successful mutation's entity (by its id prefix) for follow-ups. */
  remember(tool: string, result: ToolResult): void {
    if (!result.success || !result.mutated) return;
    const data = result.data as { id?: unknown; title?: unknown; start?: unknown; all_day?: unknown } | undefined;
    if (!data || typeof data.id !== 'string') return;
    if (/_delete$|_remove$/.test(tool)) {
      if (this.reference?.id === data.id) this.reference = undefined;
      return;
    }
    const kind = (Object.keys(ID_PREFIXES) as EntityKind[]).find((k) => (data.id as string).startsWith(ID_PREFIXES[k]));
    if (!kind) return;
    const time = kind === 'event' && data.all_day === false && typeof data.start === 'string' ? data.start.slice(11, 16) : undefined;
    this.reference = {
      kind,
      id: data.id,
      tool,
      ...(typeof data.title === 'string' ? { title: data.title } : {}),
      ...(time ? { time } : {}),
    };
  }

  pendingView(): PendingConfirmation | undefined {
    const p = this.pending;
    return p ? { tool: p.tool, arguments: p.arguments, summary: p.summary, expires_at: p.expiresAt.toISOString() } : undefined;
  }
}
