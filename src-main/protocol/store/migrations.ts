import type { Migration } from '../../platform/database/migrations';
import { nextSessionLink, type SessionLink } from './session-chain';

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
  {
    version: 2,
    name: 'the chain of sessions',
    up(db) {
      db.exec(`
        CREATE TABLE protocol_session_chain (
          seq INTEGER PRIMARY KEY,
          work_session_id TEXT NOT NULL UNIQUE,
          first_event_hash TEXT NOT NULL,
          previous_hash TEXT NOT NULL,
          hash TEXT NOT NULL
        );
      `);
      // The sessions that exist already are linked in the order they began, so an older
      // database verifies with the chain from now on.
      const firsts = db
        .prepare(
          "SELECT work_session_id, hash FROM protocol_events WHERE revision = 1 ORDER BY json_extract(body, '$.created_at'), work_session_id",
        )
        .all() as { work_session_id: string; hash: string }[];
      const insert = db.prepare(
        'INSERT INTO protocol_session_chain (seq, work_session_id, first_event_hash, previous_hash, hash) VALUES (?, ?, ?, ?, ?)',
      );
      let last: SessionLink | undefined;
      for (const first of firsts) {
        const link = nextSessionLink(last, first);
        insert.run(link.seq, link.work_session_id, link.first_event_hash, link.previous_hash, link.hash);
        last = link;
      }
    },
  },
  {
    version: 3,
    name: 'the sealed end of the chain of sessions',
    up(db) {
      // Sealed by the store as soon as it has the signer (ProtocolStore.useSigner).
      db.exec(`
        CREATE TABLE protocol_chain_end (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          seq INTEGER NOT NULL,
          hash TEXT NOT NULL,
          public_key TEXT NOT NULL,
          signature TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 4,
    name: 'idempotency keys expire; the host keeps none of its own',
    up(db) {
      // The host's own calls stored a row under a random key (`jarvis-` and 24 hex digits)
      // that nothing could replay; they are dropped. HTTP clients' keys expire from now on.
      db.exec(`
        DELETE FROM protocol_idempotency WHERE idempotency_key GLOB 'jarvis-${'[0-9a-f]'.repeat(24)}';
        CREATE INDEX IF NOT EXISTS protocol_idempotency_age ON protocol_idempotency (created_at);
      `);
    },
  },
  {
    version: 5,
    name: 'events keyed by their session and revision only',
    up(db) {
      // Nothing looks an event up by its id, and its own index cost every recorded request a
      // page per commit. The rows are copied unchanged, in the order they were written.
      db.exec(`
        CREATE TABLE protocol_events_by_session (
          event_id TEXT NOT NULL,
          work_session_id TEXT NOT NULL,
          revision INTEGER NOT NULL,
          hash TEXT NOT NULL,
          previous_event_hash TEXT NOT NULL,
          body TEXT NOT NULL,
          UNIQUE (work_session_id, revision)
        );
        INSERT INTO protocol_events_by_session (event_id, work_session_id, revision, hash, previous_event_hash, body)
          SELECT event_id, work_session_id, revision, hash, previous_event_hash, body FROM protocol_events ORDER BY rowid;
        DROP TABLE protocol_events;
        ALTER TABLE protocol_events_by_session RENAME TO protocol_events;
      `);
    },
  },
];
