import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, openDatabase } from '../platform/database';
import { COMPONENT_MIGRATIONS } from './schemas';

/** Written by the build beside the master bundle (scripts/build.mjs). */
export const FRESH_DATABASE_FILE = 'fresh-database.sqlite';

/**
 * The template a new install's database is copied from: creating the hundred tables,
 * indexes and triggers of every component was a tenth of a cold start. Run from source,
 * there is none beside this module, and a new database is migrated step by step.
 */
export function freshDatabaseBesideBundle(): string {
  return join(dirname(fileURLToPath(import.meta.url)), FRESH_DATABASE_FILE);
}

/**
 * An empty database with every component's schema, as the build's own migrations make it.
 * No migration writes anything an install must not share (ids, keys, dates): the rows it
 * holds are the version table's and the counters' zeros. Rollback journal, so the one
 * file is the whole database.
 */
export function writeFreshDatabase(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const db = openDatabase(file);
  try {
    for (const [component, migrations] of Object.entries(COMPONENT_MIGRATIONS)) applyMigrations(db, component, migrations);
    db.pragma('journal_mode = DELETE');
    // The pages the migrations dropped (the protocol's rebuilt events table) are not shipped.
    db.exec('VACUUM');
  } finally {
    db.close();
  }
  // Read by whoever runs JARVIS (an image's own user, not the one that built it); it holds no secret.
  chmodSync(file, 0o644);
}
