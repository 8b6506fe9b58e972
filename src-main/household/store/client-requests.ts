import type { Db } from '../../platform/database/database';
import { applyMigrations, type Migration } from '../../platform/database/migrations';

// The creates the app sent with a client_id, and what they answered: a create that arrives
// again (an offline outbox resending, a retry after a lost answer) gets the first answer
// instead of making a second entry. Its own component, so its schema versions never
// collide with the household tables'.

export const CLIENT_REQUESTS_COMPONENT = 'household_client_requests';

export const CLIENT_REQUESTS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'client request keys',
    up(db) {
      db.exec(`
        CREATE TABLE household_client_requests (
          client_id TEXT PRIMARY KEY,
          tool TEXT NOT NULL,
          data TEXT NOT NULL,
          message TEXT NOT NULL,
          created_ms INTEGER NOT NULL
        );
        CREATE INDEX household_client_requests_created ON household_client_requests (created_ms);
      `);
    },
  },
];

/** A key is kept this long; an outbox holds entries for hours, not weeks. */
const KEEP_MS = 30 * 86_400_000;

export interface ClientRequest {
  readonly tool: string;
  readonly data: unknown;
  readonly message: string;
}

interface Row {
  tool: string;
  data: string;
  message: string;
}

export class ClientRequestRepository {
  private readonly getStmt;
  private readonly insertStmt;
  private readonly pruneStmt;

  constructor(db: Db) {
    applyMigrations(db, CLIENT_REQUESTS_COMPONENT, CLIENT_REQUESTS_MIGRATIONS);
    this.getStmt = db.prepare<[string], Row>('SELECT tool, data, message FROM household_client_requests WHERE client_id = ?');
    this.insertStmt = db.prepare(
      'INSERT INTO household_client_requests (client_id, tool, data, message, created_ms) VALUES (?, ?, ?, ?, ?)',
    );
    this.pruneStmt = db.prepare('DELETE FROM household_client_requests WHERE created_ms < ?');
  }

  get(clientId: string): ClientRequest | undefined {
    const row = this.getStmt.get(clientId);
    return row && { tool: row.tool, data: JSON.parse(row.data) as unknown, message: row.message };
  }

  remember(clientId: string, request: ClientRequest, nowMs: number): void {
    this.pruneStmt.run(nowMs - KEEP_MS);
    this.insertStmt.run(clientId, request.tool, JSON.stringify(request.data ?? null), request.message, nowMs);
  }
}
