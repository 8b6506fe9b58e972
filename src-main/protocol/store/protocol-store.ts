import type { JarvisEvent, RecordType } from '../../../src-shared';
import type { Db } from '../../platform/database/database';
import { applyMigrations } from '../../platform/database/migrations';
import { PROTOCOL_MIGRATIONS } from './migrations';
import type { Signer } from '../signing-key';
import { sealChainEnd } from './chain-end';
import { insertSessionLink, lastSessionLink, nextSessionLink } from './session-chain';

/**
 * How long an HTTP client's idempotency key is remembered: longer than any client retries a
 * write, and the table stays bounded.
 */
export const IDEMPOTENCY_KEEP_MS = 7 * 86_400_000;

export interface StoredResponse {
  readonly requestSha256: string;
  readonly status: number;
  readonly body: unknown;
}

/**
 * Persistence of protocol state. Records are JSON bodies keyed by type and id; events
 * are append-only (no update or delete statement exists for them here).
 */
export class ProtocolStore {
  private readonly stmts;
  /**
   * One transaction function for every call: better-sqlite3 builds four wrappers per
   * `db.transaction(fn)`, which costs more than a small transaction's statements.
   */
  private readonly inTransaction: (fn: () => unknown) => unknown;
  /** The database's own synchronous level, restored after a commit that need not wait for the disk. */
  private readonly syncLevel: number;
  private signer: Signer | undefined;
  /** Whether this start created the table of the sealed end: the chain as it is now is sealed once. */
  private readonly endIsNew: boolean;
  /** A new end not sealed yet: `useSigner` was told to leave it to `sealNewEnd`. */
  private endPending = false;

  constructor(private readonly db: Db) {
    const { from, to } = applyMigrations(db, 'protocol', PROTOCOL_MIGRATIONS);
    this.endIsNew = from < 3 && to >= 3;
    this.inTransaction = db.transaction((fn: () => unknown) => fn());
    this.syncLevel = Number(db.pragma('synchronous', { simple: true }));
    this.stmts = {
      getRecord: db.prepare('SELECT body FROM protocol_records WHERE record_type = ? AND record_id = ?'),
      insertRecord: db.prepare(
        'INSERT INTO protocol_records (record_type, record_id, work_session_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      insertNewRecord: db.prepare(
        'INSERT INTO protocol_records (record_type, record_id, work_session_id, body, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (record_type, record_id) DO NOTHING',
      ),
      updateRecord: db.prepare('UPDATE protocol_records SET body = ? WHERE record_type = ? AND record_id = ?'),
      listByType: db.prepare('SELECT body FROM protocol_records WHERE record_type = ? ORDER BY created_at, rowid'),
      listBySession: db.prepare(
        'SELECT body FROM protocol_records WHERE work_session_id = ? AND record_type = ? ORDER BY created_at, rowid',
      ),
      insertEvent: db.prepare(
        'INSERT INTO protocol_events (event_id, work_session_id, revision, hash, previous_event_hash, body) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      sessionEvents: db.prepare('SELECT body FROM protocol_events WHERE work_session_id = ? ORDER BY revision'),
      allEvents: db.prepare('SELECT body FROM protocol_events ORDER BY work_session_id, revision'),
      countEvents: db.prepare('SELECT COUNT(*) AS n FROM protocol_events'),
      getIdem: db.prepare(
        'SELECT request_sha256, status, response FROM protocol_idempotency WHERE actor_id = ? AND idempotency_key = ? AND created_at >= ?',
      ),
      pruneIdem: db.prepare('DELETE FROM protocol_idempotency WHERE created_at < ?'),
      putIdem: db.prepare(
        'INSERT OR REPLACE INTO protocol_idempotency (actor_id, idempotency_key, request_sha256, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
    };
  }

  /**
   * Runs `fn` in one transaction. `durable: false` commits without waiting for the disk
   * (synchronous=NORMAL for this one commit, in WAL mode): the commit survives the process
   * ending at once and a power cut from the next durable commit to the same file on, which
   * writes the log up to and including it. Inside another transaction it is a savepoint of
   * that one.
   */
  transaction<T>(fn: () => T, options: { readonly durable?: boolean } = {}): T {
    if (options.durable !== false || this.db.inTransaction) return this.inTransaction(fn) as T;
    // Not a prepared statement: SQLite applies this pragma when it is compiled, not when it runs.
    this.db.pragma('synchronous = NORMAL');
    try {
      return this.inTransaction(fn) as T;
    } finally {
      this.db.pragma(`synchronous = ${this.syncLevel}`);
    }
  }

  get<T>(type: RecordType, id: string): T | undefined {
    const row = this.stmts.getRecord.get(type, id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  insert(type: RecordType, id: string, workSessionId: string | undefined, body: object, createdAt: string): void {
    this.stmts.insertRecord.run(type, id, workSessionId ?? null, JSON.stringify(body), createdAt);
  }

  /** Inserts a record unless one of that type and id exists; false when it does (nothing written). */
  insertNew(type: RecordType, id: string, workSessionId: string | undefined, body: object, createdAt: string): boolean {
    return this.stmts.insertNewRecord.run(type, id, workSessionId ?? null, JSON.stringify(body), createdAt).changes === 1;
  }

  update(type: RecordType, id: string, body: object): void {
    this.stmts.updateRecord.run(JSON.stringify(body), type, id);
  }

  list<T>(type: RecordType): T[] {
    return (this.stmts.listByType.all(type) as { body: string }[]).map((r) => JSON.parse(r.body) as T);
  }

  listForSession<T>(workSessionId: string, type: RecordType): T[] {
    return (this.stmts.listBySession.all(workSessionId, type) as { body: string }[]).map((r) => JSON.parse(r.body) as T);
  }

  /**
   * The key that seals the end of the chain of sessions. A database whose table of the end
   * was made at this start is sealed as it is; an end removed later is never sealed again
   * silently (verify reports it).
   */
  useSigner(signer: Signer, options: { readonly sealNewEndLater?: boolean } = {}): void {
    this.signer = signer;
    this.endPending = this.endIsNew;
    if (!options.sealNewEndLater) this.sealNewEnd();
  }

  /** Seals the end of a table made at this start, once (the first session's link seals it too). */
  sealNewEnd(): void {
    if (!this.endPending || !this.signer) return;
    this.endPending = false;
    sealChainEnd(this.db, lastSessionLink(this.db), this.signer);
  }

  /**
   * Appends an event; a session's first event also links the session into the chain of
   * sessions, in one transaction (the caller's, when there is one: a protocol change is
   * written in its own).
   */
  appendEvent(event: JarvisEvent): void {
    const write = (): void => {
      this.stmts.insertEvent.run(
        event.event_id,
        event.work_session_id,
        event.revision,
        event.hash,
        event.previous_event_hash,
        JSON.stringify(event),
      );
      if (event.revision === 1) {
        const link = nextSessionLink(lastSessionLink(this.db), event);
        insertSessionLink(this.db, link);
        if (this.signer) {
          sealChainEnd(this.db, link, this.signer);
          this.endPending = false;
        }
      }
    };
    if (this.db.inTransaction) write();
    else this.inTransaction(write);
  }

  events(workSessionId?: string): JarvisEvent[] {
    const rows = (workSessionId ? this.stmts.sessionEvents.all(workSessionId) : this.stmts.allEvents.all()) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as JarvisEvent);
  }

  *iterateEvents(): IterableIterator<JarvisEvent> {
    for (const row of this.stmts.allEvents.iterate() as IterableIterator<{ body: string }>) yield JSON.parse(row.body) as JarvisEvent;
  }

  eventCount(): number {
    return (this.stmts.countEvents.get() as { n: number }).n;
  }

  /** The answer stored under an HTTP client's key, unless the key has expired. */
  storedResponse(actorId: string, key: string, now: Date): StoredResponse | undefined {
    const row = this.stmts.getIdem.get(actorId, key, keptSince(now)) as
      { request_sha256: string; status: number; response: string } | undefined;
    return row ? { requestSha256: row.request_sha256, status: row.status, body: JSON.parse(row.response) } : undefined;
  }

  /** Stores an answer under its key; expired keys are dropped as new ones arrive. */
  storeResponse(actorId: string, key: string, response: StoredResponse, now: Date): void {
    this.stmts.pruneIdem.run(keptSince(now));
    // An expired row of the same key may still be there when the clock went backwards.
    this.stmts.putIdem.run(actorId, key, response.requestSha256, response.status, JSON.stringify(response.body), now.toISOString());
  }
}

/** Rows are kept from this time on (ISO times of one zone compare as text). */
function keptSince(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_KEEP_MS).toISOString();
}

/** Events of a database file without migrating or writing it. */
export function* readEventsReadonly(db: Db): IterableIterator<JarvisEvent> {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'protocol_events'").get();
  if (!exists) return;
  for (const row of db.prepare('SELECT body FROM protocol_events ORDER BY work_session_id, revision').iterate() as IterableIterator<{
    body: string;
  }>) {
    yield JSON.parse(row.body) as JarvisEvent;
  }
}

/** Record bodies of a database file by type, without migrating or writing it. */
export function readRecordsReadonly(db: Db): Record<string, unknown[]> {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'protocol_records'").get();
  const records: Record<string, unknown[]> = {};
  if (!exists) return records;
  for (const row of db.prepare('SELECT record_type, body FROM protocol_records ORDER BY created_at, rowid').iterate() as IterableIterator<{
    record_type: string;
    body: string;
  }>) {
    (records[row.record_type] ??= []).push(JSON.parse(row.body));
  }
  return records;
}
