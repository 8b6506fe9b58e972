import type { Db } from '../../platform/database/database';
import { applyMigrations, type Migration } from '../../platform/database/migrations';

// What the CalDAV clients were last told about each calendar object: its resource name in
// its collection, the UID it is known by, its text and ETag, and the change number it got
// (RFC 6578 sync tokens count these). A removed object stays as a tombstone so that a
// client syncing from an older token learns it is gone.

export const CALDAV_COMPONENT = 'caldav';

export const CALDAV_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'calendar objects and change numbers',
    up(db) {
      db.exec(`
        CREATE TABLE caldav_objects (
          collection TEXT NOT NULL,
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('event', 'task')),
          item_id TEXT NOT NULL,
          uid TEXT NOT NULL,
          version TEXT NOT NULL,
          etag TEXT NOT NULL,
          body TEXT NOT NULL,
          seq INTEGER NOT NULL,
          deleted INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (collection, name)
        );
        CREATE INDEX caldav_objects_seq ON caldav_objects (collection, seq);
        CREATE TABLE caldav_counter (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
        INSERT INTO caldav_counter (id, seq) VALUES (1, 0);
      `);
    },
  },
  {
    version: 2,
    name: 'calendar subscriptions',
    up(db) {
      db.exec(`
        CREATE TABLE caldav_subscriptions (
          id TEXT PRIMARY KEY,
          url TEXT NOT NULL,
          name TEXT NOT NULL,
          color TEXT NOT NULL,
          refresh_minutes INTEGER NOT NULL,
          created_ms INTEGER NOT NULL,
          refreshed_ms INTEGER,
          error TEXT,
          reminder_match TEXT,
          reminder_time TEXT
        );
        CREATE TABLE caldav_subscription_events (
          subscription_id TEXT NOT NULL,
          uid TEXT NOT NULL,
          start_ms INTEGER NOT NULL,
          end_ms INTEGER NOT NULL,
          all_day INTEGER NOT NULL,
          title TEXT NOT NULL,
          location TEXT NOT NULL
        );
        CREATE INDEX caldav_subscription_events_start ON caldav_subscription_events (subscription_id, start_ms);
        CREATE TABLE caldav_subscription_reminders (
          subscription_id TEXT NOT NULL,
          key TEXT NOT NULL,
          PRIMARY KEY (subscription_id, key)
        );
      `);
    },
  },
  {
    version: 3,
    name: 'private calendar feeds',
    up(db) {
      db.exec(`
        CREATE TABLE caldav_feeds (
          id TEXT PRIMARY KEY,
          collection TEXT NOT NULL,
          secret_sha256 TEXT NOT NULL UNIQUE,
          created_ms INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 4,
    name: 'connected CalDAV accounts',
    up(db) {
      db.exec(`
        CREATE TABLE caldav_accounts (
          id TEXT PRIMARY KEY,
          member_id TEXT,
          server_url TEXT NOT NULL,
          username TEXT NOT NULL,
          password TEXT NOT NULL,
          calendar_url TEXT NOT NULL,
          calendar_name TEXT NOT NULL,
          created_ms INTEGER NOT NULL,
          synced_ms INTEGER,
          error TEXT,
          remote_ctag TEXT,
          local_token TEXT
        );
        CREATE TABLE caldav_account_links (
          account_id TEXT NOT NULL,
          uid TEXT NOT NULL,
          remote_url TEXT NOT NULL,
          remote_etag TEXT NOT NULL,
          local_name TEXT NOT NULL,
          local_etag TEXT NOT NULL,
          PRIMARY KEY (account_id, uid)
        );
      `);
    },
  },
  {
    version: 5,
    name: 'sealed CalDAV account passwords, the last round in plain words',
    up(db) {
      // The key is not the database's to know: the capability seals clear passwords at its start.
      db.exec(`
        ALTER TABLE caldav_accounts ADD COLUMN password_sealed TEXT;
        ALTER TABLE caldav_accounts ADD COLUMN last_skipped TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE caldav_accounts ADD COLUMN error_code TEXT;
      `);
    },
  },
];

export type ObjectKind = 'event' | 'task';

export interface ObjectRow {
  readonly collection: string;
  readonly name: string;
  readonly kind: ObjectKind;
  readonly itemId: string;
  readonly uid: string;
  readonly version: string;
  readonly etag: string;
  readonly seq: number;
  readonly deleted: boolean;
}

type Row = [string, string, ObjectKind, string, string, string, string, number, number];
const COLUMNS = 'collection, name, kind, item_id, uid, version, etag, seq, deleted';
const fromRow = (r: Row): ObjectRow => ({
  collection: r[0],
  name: r[1],
  kind: r[2],
  itemId: r[3],
  uid: r[4],
  version: r[5],
  etag: r[6],
  seq: r[7],
  deleted: r[8] === 1,
});

export interface ObjectWrite {
  readonly collection: string;
  readonly name: string;
  readonly kind: ObjectKind;
  readonly itemId: string;
  readonly uid: string;
  readonly version: string;
  readonly etag: string;
  readonly body: string;
}

export class ObjectRepository {
  private readonly liveStmt;
  private readonly inStmt;
  private readonly sinceStmt;
  private readonly getStmt;
  private readonly bodyStmt;
  private readonly putStmt;
  private readonly tombstoneStmt;
  private readonly seqStmt;
  private readonly bumpStmt;
  private readonly maxSeqStmt;
  private readonly runInTransaction: (fn: () => unknown) => unknown;

  constructor(db: Db) {
    applyMigrations(db, CALDAV_COMPONENT, CALDAV_MIGRATIONS);
    this.runInTransaction = db.transaction((fn: () => unknown) => fn());
    this.liveStmt = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM caldav_objects WHERE deleted = 0`).raw(true);
    this.inStmt = db
      .prepare<[string], Row>(`SELECT ${COLUMNS} FROM caldav_objects WHERE collection = ? AND deleted = 0 ORDER BY name`)
      .raw(true);
    this.sinceStmt = db
      .prepare<[string, number], Row>(`SELECT ${COLUMNS} FROM caldav_objects WHERE collection = ? AND seq > ? ORDER BY seq`)
      .raw(true);
    this.getStmt = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM caldav_objects WHERE collection = ? AND name = ?`).raw(true);
    this.bodyStmt = db.prepare<[string, string], { body: string }>(
      'SELECT body FROM caldav_objects WHERE collection = ? AND name = ? AND deleted = 0',
    );
    this.putStmt = db.prepare(
      `INSERT OR REPLACE INTO caldav_objects (collection, name, kind, item_id, uid, version, etag, body, seq, deleted)
       VALUES (@collection, @name, @kind, @itemId, @uid, @version, @etag, @body, @seq, 0)`,
    );
    this.tombstoneStmt = db.prepare(
      "UPDATE caldav_objects SET deleted = 1, seq = ?, body = '', version = '' WHERE collection = ? AND name = ?",
    );
    this.seqStmt = db.prepare<[], { seq: number }>('SELECT seq FROM caldav_counter WHERE id = 1');
    this.bumpStmt = db.prepare('UPDATE caldav_counter SET seq = ? WHERE id = 1');
    this.maxSeqStmt = db.prepare<[string], { s: number | null }>('SELECT MAX(seq) AS s FROM caldav_objects WHERE collection = ?');
  }

  transaction<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }

  /** Every object clients know, in every collection. */
  live(): ObjectRow[] {
    return this.liveStmt.all().map(fromRow);
  }

  inCollection(collection: string): ObjectRow[] {
    return this.inStmt.all(collection).map(fromRow);
  }

  /** Objects (and tombstones) of a collection changed after change number `seq`. */
  changedSince(collection: string, seq: number): ObjectRow[] {
    return this.sinceStmt.all(collection, seq).map(fromRow);
  }

  get(collection: string, name: string): ObjectRow | undefined {
    const r = this.getStmt.get(collection, name);
    return r && fromRow(r);
  }

  body(collection: string, name: string): string | undefined {
    return this.bodyStmt.get(collection, name)?.body;
  }

  /** The next change number (call inside a transaction). */
  nextSeq(): number {
    const seq = this.seqStmt.get()!.seq + 1;
    this.bumpStmt.run(seq);
    return seq;
  }

  currentSeq(): number {
    return this.seqStmt.get()!.seq;
  }

  /** The collection's latest change number (its ctag); 0 when it never had an object. */
  collectionSeq(collection: string): number {
    return this.maxSeqStmt.get(collection)?.s ?? 0;
  }

  put(w: ObjectWrite, seq: number): void {
    this.putStmt.run({ ...w, seq });
  }

  tombstone(collection: string, name: string, seq: number): void {
    this.tombstoneStmt.run(seq, collection, name);
  }
}
