import type { Migration } from '../../platform/database/migrations';

export const PROTOCOL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'protocol records, events and idempotency',
    up(db) {
      db.exec(`
        CREATE TABLE protocol_records (
          record_type TEXT NOT NULL,
          record_id TEXT NOT NULL,
          work_session_id TEXT,
          body TEXT NOT NULL,
          created_at TEXT NOT NULL,
          PRIMARY KEY (record_type, record_id)
        );
        CREATE INDEX protocol_records_session ON protocol_records (work_session_id, record_type);
        CREATE TABLE protocol_events (
          event_id TEXT PRIMARY KEY,
          work_session_id TEXT NOT NULL,
          revision INTEGER NOT NULL,
          hash TEXT NOT NULL,
          previous_event_hash TEXT NOT NULL,
          body TEXT NOT NULL,
          UNIQUE (work_session_id, revision)
        );
        CREATE TABLE protocol_idempotency (
          actor_id TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          request_sha256 TEXT NOT NULL,
          status INTEGER NOT NULL,
          response TEXT NOT NULL,
          created_at TEXT NOT NULL,
          PRIMARY KEY (actor_id, idempotency_key)
        );
      `);
    },
  },
];
