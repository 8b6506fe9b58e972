import type { Db } from './database';
import { applyMigrations, type Migration } from './migrations';

/** The first answer to a write that carried an `Idempotency-Key`. */
export interface RememberedAnswer {
  /** sha256 of method, path and body: the same key with another request is refused. */
  readonly requestSha256: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export interface IdempotencyKeys {
  get(scope: string, key: string): RememberedAnswer | undefined;
  remember(scope: string, key: string, answer: RememberedAnswer): void;
}

export const IDEMPOTENCY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'answers of writes with an Idempotency-Key',
    up(db) {
      db.exec(`
        CREATE TABLE http_idempotency (
          scope TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          request_sha256 TEXT NOT NULL,
          status INTEGER NOT NULL,
          content_type TEXT NOT NULL,
          body TEXT NOT NULL,
          created_ms INTEGER NOT NULL,
          PRIMARY KEY (scope, idempotency_key)
        );
        CREATE INDEX http_idempotency_age ON http_idempotency (created_ms);
      `);
    },
  },
];

/** A key is kept this long: longer than any phone stays offline with a queued entry, in practice. */
const KEEP_MS = 7 * 86_400_000;

/**
 * Answers kept in the database, so a write queued on a phone and sent again after the
 * master restarted still has one effect. Old answers are dropped as new ones arrive.
 */
export function idempotencyKeysIn(db: Db, clock: () => Date): IdempotencyKeys {
  applyMigrations(db, 'idempotency', IDEMPOTENCY_MIGRATIONS);
  const select = db.prepare(
    'SELECT request_sha256, status, content_type, body FROM http_idempotency WHERE scope = ? AND idempotency_key = ? AND created_ms >= ?',
  );
  const insert = db.prepare(
    'INSERT OR REPLACE INTO http_idempotency (scope, idempotency_key, request_sha256, status, content_type, body, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const prune = db.prepare('DELETE FROM http_idempotency WHERE created_ms < ?');
  return {
    get(scope, key) {
      const row = select.get(scope, key, clock().getTime() - KEEP_MS) as
        { request_sha256: string; status: number; content_type: string; body: string } | undefined;
      return row ? { requestSha256: row.request_sha256, status: row.status, contentType: row.content_type, body: row.body } : undefined;
    },
    remember(scope, key, answer) {
      const now = clock().getTime();
      db.transaction(() => {
        prune.run(now - KEEP_MS);
        insert.run(scope, key, answer.requestSha256, answer.status, answer.contentType, answer.body, now);
      })();
    },
  };
}
