import type { Db } from './database';
import { withoutFlush } from './without-flush';

/** One forward step of one component's schema. Versions start at 1 and have no gaps. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Db): void;
}

export class SchemaTooNewError extends Error {
  constructor(component: string, found: number, known: number) {
    super(
      `The database was written by a newer JARVIS (${component} schema version ${found}, this version knows up to ${known}). ` +
        'It was not modified. Update JARVIS or point JARVIS_DATA at another file.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Each component (household, rag, protocol, …) versions its own tables, so capabilities
 * evolve independently in one file. All pending steps of a component run in one
 * transaction: a failing step leaves the database as it was.
 */
export function applyMigrations(db: Db, component: string, migrations: readonly Migration[]): { from: number; to: number } {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (component TEXT PRIMARY KEY, version INTEGER NOT NULL, applied_at TEXT NOT NULL)');
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`${component} migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const row = db.prepare('SELECT version FROM schema_migrations WHERE component = ?').get(component) as { version: number } | undefined;
  const from = row?.version ?? 0;
  const known = migrations.length;
  if (from > known) throw new SchemaTooNewError(component, from, known);
  if (from === known) return { from, to: from };
  // A schema step need not reach the disk before JARVIS goes on: lost in a power cut, it is
  // lost whole with its version row and runs again at the next start. Without the flush per
  // step a fresh database is ready in a third of the time; the household's first write
  // (synchronous=FULL again) flushes the steps with it.
  withoutFlush(db, () =>
    db.transaction(() => {
      for (const m of migrations.slice(from)) m.up(db);
      db.prepare(
        'INSERT INTO schema_migrations (component, version, applied_at) VALUES (?, ?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at',
      ).run(component, known, new Date().toISOString());
    })(),
  );
  return { from, to: known };
}

export function schemaVersion(db: Db, component: string): number {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!exists) return 0;
  const row = db.prepare('SELECT version FROM schema_migrations WHERE component = ?').get(component) as { version: number } | undefined;
  return row?.version ?? 0;
}
