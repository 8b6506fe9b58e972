import type { Migration } from '../../platform/database';

export const APPROVALS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'calls waiting for an admin: the exact call, who asked, who decided, what came of it',
    up(db) {
      db.exec(`
        CREATE TABLE approval_requests (
          id TEXT PRIMARY KEY,
          tool TEXT NOT NULL,
          arguments TEXT NOT NULL,
          actor TEXT NOT NULL,
          asker_id TEXT NOT NULL,
          what_de TEXT NOT NULL,
          what_en TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('waiting', 'allowed', 'refused', 'expired')),
          created_ms INTEGER NOT NULL,
          expires_ms INTEGER NOT NULL,
          decided_ms INTEGER,
          reviewer_id TEXT,
          outcome TEXT,
          session_id TEXT,
          request_id TEXT,
          decision_id TEXT
        );
        CREATE INDEX approval_requests_waiting ON approval_requests (status, expires_ms);
        CREATE INDEX approval_requests_asker ON approval_requests (asker_id, created_ms);
      `);
    },
  },
];
