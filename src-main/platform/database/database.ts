import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Opens the household database: WAL for concurrent readers, foreign keys on, and
 * synchronous=FULL because an acknowledged household write must survive a power cut.
 * `:memory:` is accepted for tests.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Read-only access for inspection tools (`jarvis protocol verify`): never writes, never migrates. */
export function openDatabaseReadonly(file: string): Db {
  return new Database(file, { readonly: true, fileMustExist: true });
}
