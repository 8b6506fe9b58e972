import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import type { Db } from '../../platform/database';

/** Component -> schema version, as the database's schema_migrations table says. */
export function readSchemas(db: Db): Record<string, number> {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!exists) return {};
  const rows = db.prepare('SELECT component, version FROM schema_migrations ORDER BY component').all() as {
    component: string;
    version: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.component, r.version]));
}

/**
 * A consistent copy through a connection of its own: VACUUM INTO reads in one transaction,
 * and in WAL mode a reader never blocks the master's writers.
 */
export function snapshotFile(dataFile: string, target: string): void {
  rmSync(target, { force: true });
  const db = new Database(dataFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

/** The same, on a connection the caller already holds (the master before it migrates). */
export function snapshotConnection(db: Db, target: string): void {
  rmSync(target, { force: true });
  db.prepare('VACUUM INTO ?').run(target);
}

/**
 * SQLite's online backup on the master's own connection: it copies a few pages per turn
 * of the event loop, so requests keep being served, and the master's writes in between
 * are carried into the copy.
 */
export async function snapshotOnline(db: Db, target: string): Promise<void> {
  rmSync(target, { force: true });
  await db.backup(target, { progress: () => 256 });
}

/** The schema versions of a database file, read without changing it. */
export function readSchemasOfFile(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return readSchemas(db);
  } finally {
    db.close();
  }
}

/** SQLite's own check of every page and index: the problems it finds, none when the file is sound. */
export function integrityProblems(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.length === 1 && rows[0]?.integrity_check === 'ok' ? [] : rows.map((r) => r.integrity_check);
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  } finally {
    db.close();
  }
}

/**
 * Folds the write-ahead log into the database file, so the file alone is the whole
 * database when it is moved aside. A file SQLite cannot read is moved as it is.
 */
export function checkpointFile(file: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Not a database (or a damaged one): nothing to fold in.
  } finally {
    db?.close();
  }
}
