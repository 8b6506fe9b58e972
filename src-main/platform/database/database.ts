import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { adoptTemplate, copyTemplate, discardCopy, type FreshTemplate } from './from-template';

export type Db = Database.Database;

/**
 * Opens the household database: WAL for concurrent readers, foreign keys on, and
 * synchronous=FULL because an acknowledged household write must survive a power cut.
 * `:memory:` is accepted for tests. A new database starts as a copy of `fresh` when given:
 * the components' migrations then find their schema current instead of creating it.
 */
export function openDatabase(file: string, fresh?: FreshTemplate): Db {
  if (file === ':memory:') return configured(new Database(file), file);
  ownerOnlyFolder(file);
  if (fresh) {
    const db = openTemplateCopy(file, fresh);
    if (db) return db;
  }
  ownerOnlyFile(file);
  return configured(new Database(file), file);
}

/** The template copied to `file` and opened, or undefined (nothing left behind) when it cannot serve. */
function openTemplateCopy(file: string, fresh: FreshTemplate): Db | undefined {
  let copied = false;
  let db: Db | undefined;
  try {
    copied = copyTemplate(file, fresh.file);
    if (!copied) return undefined;
    db = configured(new Database(file), file);
    adoptTemplate(db, fresh.now);
    return db;
  } catch (err) {
    db?.close();
    if (copied) discardCopy(file);
    fresh.onUnusable?.(err);
    return undefined;
  }
}

function configured(db: Db, file: string): Db {
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
function ownerOnlyFolder(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
}

function ownerOnlyFile(file: string): void {
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
