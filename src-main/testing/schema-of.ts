import type { Db } from '../platform/database';

export interface SchemaOf {
  /** Every table, index, trigger and view: type, name and its SQL with the spacing evened out, sorted. */
  readonly objects: readonly string[];
  readonly versions: Readonly<Record<string, number>>;
  /** The rows of every plain table but the version table (whose dates differ by design). */
  readonly rows: Readonly<Record<string, string[]>>;
}

/** What two databases must share to count as the same schema, whichever way each was made. */
export function schemaOf(db: Db): SchemaOf {
  const master = db.prepare('SELECT type, name, sql FROM sqlite_master').all() as { type: string; name: string; sql: string | null }[];
  const objects = master.map((o) => `${o.type} ${o.name} ${(o.sql ?? '').replace(/\s+/g, ' ').trim()}`).sort();
  const versions = Object.fromEntries(
    (db.prepare('SELECT component, version FROM schema_migrations').all() as { component: string; version: number }[]).map((r) => [
      r.component,
      r.version,
    ]),
  );
  const rows: Record<string, string[]> = {};
  for (const o of master) {
    if (o.type !== 'table' || o.name === 'schema_migrations' || /^CREATE VIRTUAL/i.test(o.sql ?? '')) continue;
    // Sorted as text: some tables (the full-text index's own) have no rowid to order by.
    rows[o.name] = db
      .prepare(`SELECT * FROM "${o.name}"`)
      .all()
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return { objects, versions, rows };
}
