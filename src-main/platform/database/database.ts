import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Opens the household database: WAL for concurrent readers, foreign keys on, and
 * synchronous=FULL because an acknowledged household write must survive a power cut.
 * `:memory:` is accepted for tests.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') ownerOnly(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // SQLite gives the -wal and -shm files the database file's mode; these were made before.
  if (file !== ':memory:') for (const side of [`${file}-wal`, `${file}-shm`]) if (existsSync(side)) chmodSync(side, 0o600);
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The household's data is its owner's alone: a folder JARVIS makes for it is 0700 (a folder
 * that already exists, such as a home folder, is left as it is), the database file 0600,
 * narrowed also when an older JARVIS made it world-readable.
 */
function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** Read-only access for inspection tools (`jarvis protocol verify`): never writes, never migrates. */
export function openDatabaseReadonly(file: string): Db {
  return new Database(file, { readonly: true, fileMustExist: true });
}

const prepared = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * `db.prepare(sql)` once per database, for statements a hot path runs on every call
 * (compiling one costs more than running it). SQLite re-prepares it after a schema change.
 */
export function prepareOnce(db: Db, sql: string): Database.Statement {
  let byText = prepared.get(db);
  if (!byText) prepared.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) byText.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}
