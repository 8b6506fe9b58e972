import type { ApprovalStatus } from '../../../src-shared';
import { applyMigrations, type Db } from '../../platform/database';
import { APPROVALS_MIGRATIONS } from './migrations';

/** A held call as stored: exactly what runs once an admin allows it. */
export interface StoredApproval {
  readonly id: string;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  /** The path it came by: the UI (`user`), the assistant, an MCP client. */
  readonly actor: 'user' | 'assistant' | 'mcp' | 'automation' | 'cli' | 'system';
  readonly askerId: string;
  readonly what: { readonly de: string; readonly en: string };
  readonly status: ApprovalStatus;
  readonly createdMs: number;
  readonly expiresMs: number;
  readonly decidedMs: number | null;
  readonly reviewerId: string | null;
  readonly outcome: { readonly success: boolean; readonly message: string } | null;
  /** The protocol's WorkSession and Request of this approval. */
  readonly sessionId: string | null;
  readonly requestId: string | null;
  readonly decisionId: string | null;
}

export type NewApproval = Omit<StoredApproval, 'status' | 'decidedMs' | 'reviewerId' | 'outcome'>;

interface Row {
  id: string;
  tool: string;
  arguments: string;
  actor: StoredApproval['actor'];
  asker_id: string;
  what_de: string;
  what_en: string;
  status: ApprovalStatus;
  created_ms: number;
  expires_ms: number;
  decided_ms: number | null;
  reviewer_id: string | null;
  outcome: string | null;
  session_id: string | null;
  request_id: string | null;
  decision_id: string | null;
}

function fromRow(r: Row): StoredApproval {
  return {
    id: r.id,
    tool: r.tool,
    arguments: JSON.parse(r.arguments) as Record<string, unknown>,
    actor: r.actor,
    askerId: r.asker_id,
    what: { de: r.what_de, en: r.what_en },
    status: r.status,
    createdMs: r.created_ms,
    expiresMs: r.expires_ms,
    decidedMs: r.decided_ms,
    reviewerId: r.reviewer_id,
    outcome: r.outcome ? (JSON.parse(r.outcome) as StoredApproval['outcome']) : null,
    sessionId: r.session_id,
    requestId: r.request_id,
    decisionId: r.decision_id,
  };
}

/** How many decided requests are kept for the app to show (the protocol keeps them all). */
const KEEP_DECIDED = 200;

/** The held calls. A request leaves `waiting` exactly once: the UPDATE only matches a waiting row. */
export class ApprovalStore {
  constructor(private readonly db: Db) {
    applyMigrations(db, 'approvals', APPROVALS_MIGRATIONS);
  }

  add(a: NewApproval): StoredApproval {
    this.db
      .prepare(
        `INSERT INTO approval_requests (id, tool, arguments, actor, asker_id, what_de, what_en, status, created_ms, expires_ms, session_id, request_id, decision_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?, ?)`,
      )
      .run(
        a.id,
        a.tool,
        JSON.stringify(a.arguments),
        a.actor,
        a.askerId,
        a.what.de,
        a.what.en,
        a.createdMs,
        a.expiresMs,
        a.sessionId,
        a.requestId,
        a.decisionId,
      );
    return this.get(a.id)!;
  }

  get(id: string): StoredApproval | undefined {
    const row = this.db.prepare('SELECT * FROM approval_requests WHERE id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /**
   * Moves a waiting request to its decision. False when it was no longer waiting (decided by
   * someone else, expired): the caller then does nothing, so a second "allow" runs nothing.
   */
  decide(id: string, status: Exclude<ApprovalStatus, 'waiting'>, reviewerId: string | null, nowMs: number): boolean {
    return (
      this.db
        .prepare(`UPDATE approval_requests SET status = ?, reviewer_id = ?, decided_ms = ? WHERE id = ? AND status = 'waiting'`)
        .run(status, reviewerId, nowMs, id).changes === 1
    );
  }

  setOutcome(id: string, outcome: { success: boolean; message: string }): void {
    this.db.prepare('UPDATE approval_requests SET outcome = ? WHERE id = ?').run(JSON.stringify(outcome), id);
  }

  /** Waiting requests whose time ran out by `nowMs`. */
  overdue(nowMs: number): StoredApproval[] {
    const rows = this.db
      .prepare(`SELECT * FROM approval_requests WHERE status = 'waiting' AND expires_ms <= ? ORDER BY created_ms`)
      .all(nowMs) as Row[];
    return rows.map(fromRow);
  }

  /** Newest first: every request, or one member's. */
  list(askerId?: string, limit = 50): StoredApproval[] {
    const rows = (
      askerId === undefined
        ? this.db.prepare('SELECT * FROM approval_requests ORDER BY created_ms DESC, id LIMIT ?').all(limit)
        : this.db.prepare('SELECT * FROM approval_requests WHERE asker_id = ? ORDER BY created_ms DESC, id LIMIT ?').all(askerId, limit)
    ) as Row[];
    return rows.map(fromRow);
  }

  /** Keeps the newest decided requests; waiting ones always stay. */
  prune(): void {
    this.db
      .prepare(
        `DELETE FROM approval_requests WHERE status != 'waiting' AND id NOT IN (
           SELECT id FROM approval_requests WHERE status != 'waiting' ORDER BY created_ms DESC LIMIT ?)`,
      )
      .run(KEEP_DECIDED);
  }
}
