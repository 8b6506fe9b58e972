import type Database from 'better-sqlite3';
import { chmodSync, constants, copyFileSync, existsSync, rmSync } from 'node:fs';
import { withoutFlush } from './without-flush';

/** A database file every component's migrations were applied to when JARVIS was built. */
export interface FreshTemplate {
  readonly file: string;
  /** When this database began: the copied migrations count as applied now. */
  readonly now: Date;
  /** Told why the template could not be used; the start then migrates an empty file as before. */
  readonly onUnusable?: (err: unknown) => void;
}

/**
 * Copies the template to `file` when there is no database there yet. A leftover -wal file
 * counts as one: SQLite would replay it onto whatever file it finds. The copy never
 * replaces a file (COPYFILE_EXCL), even one made between the check and the copy.
 */
export function copyTemplate(file: string, template: string): boolean {
  if (existsSync(file) || existsSync(`${file}-wal`) || !existsSync(template)) return false;
  try {
    copyFileSync(template, file, constants.COPYFILE_EXCL);
  } catch (err) {
    // Another process made the file first: it is theirs, and the start opens it as found.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    discardCopy(file);
    throw err;
  }
  try {
    // The copy has the template's mode; the household's database is its owner's alone.
    chmodSync(file, 0o600);
  } catch (err) {
    discardCopy(file);
    throw err;
  }
  return true;
}

/**
 * Makes a copied template this install's database: proves SQLite can read every page of it
 * (a damaged template must fail here, not in a capability's first query) and stamps its
 * migrations with today. Opened as `openDatabase` configures a database (WAL), and written
 * without a flush: lost in a power cut, the stamp
 * is the build's date, and the file still holds the whole schema.
 */
export function adoptTemplate(db: Database.Database, now: Date): void {
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error(`the template database is damaged: ${String(check)}`);
  withoutFlush(db, () => db.prepare('UPDATE schema_migrations SET applied_at = ?').run(now.toISOString()));
}

/** Removes a copy that could not be used, with the files SQLite made beside it. */
export function discardCopy(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
}
