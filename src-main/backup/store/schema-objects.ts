import Database from 'better-sqlite3';
import { applyMigrations, type Migration } from '../../platform/database';

/** A table, view or trigger as sqlite_master lists it. */
interface SchemaObject {
  readonly type: string;
  readonly name: string;
  readonly sql: string | null;
}

/** What a backup's database may hold: each kind of object, as this build's migrations create it. */
export interface KnownSchemaObjects {
  readonly tables: ReadonlySet<string>;
  /** Views and triggers: name and exact SQL, since they run code on every write. */
  readonly code: ReadonlySet<string>;
}

const codeKey = (o: SchemaObject) => `${o.type}\0${o.name}\0${(o.sql ?? '').replace(/\s+/g, ' ').trim()}`;

function objectsOf(db: Database.Database): SchemaObject[] {
  // SQLite's own objects (sqlite_sequence, sqlite_stat1, automatic indexes) come and go by themselves.
  return db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )
    .all() as SchemaObject[];
}

/**
 * Every table, view and trigger that this build's migrations create at any version, found
 * by running them step by step on an empty database in memory: a backup of an older JARVIS
 * holds the objects of its own version, and those are known too.
 */
export function knownSchemaObjects(components: Readonly<Record<string, readonly Migration[]>>): KnownSchemaObjects {
  const tables = new Set<string>();
  const code = new Set<string>();
  const db = new Database(':memory:');
  try {
    const collect = () => {
      for (const o of objectsOf(db)) {
        if (o.type === 'table') tables.add(o.name);
        else code.add(codeKey(o));
      }
    };
    const longest = Math.max(0, ...Object.values(components).map((m) => m.length));
    for (let step = 1; step <= longest; step++) {
      for (const [component, migrations] of Object.entries(components)) {
        if (migrations.length >= step) applyMigrations(db, component, migrations.slice(0, step));
      }
      collect();
    }
    collect();
  } finally {
    db.close();
  }
  return { tables, code };
}

/** The objects of a database file that this build does not know, in words; none when it holds only its own. */
export function foreignSchemaObjects(file: string, known: KnownSchemaObjects): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return objectsOf(db)
      .filter((o) => (o.type === 'table' ? !known.tables.has(o.name) : !known.code.has(codeKey(o))))
      .map((o) => `${o.type} ${o.name}`);
  } finally {
    db.close();
  }
}

/** What the backup's database holds, for the household to see before a foreign backup is restored. */
export function rowCounts(file: string, tables: readonly string[]): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const present = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
    );
    const out: Record<string, number> = {};
    for (const t of tables) {
      if (!present.has(t)) continue;
      out[t] = (db.prepare(`SELECT count(*) AS n FROM "${t.replace(/"/g, '""')}"`).get() as { n: number }).n;
    }
    return out;
  } finally {
    db.close();
  }
}
