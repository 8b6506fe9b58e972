import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { copyTemplate } from './from-template';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-template-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;
const built = new Date('2026-01-01T00:00:00.000Z');
const now = new Date('2026-12-04T10:00:00.000Z');

/** A template as the build writes one: a schema, its version row, rollback journal, world-readable. */
function writeTemplate(file = join(dir, 'fresh.sqlite')): string {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (component TEXT PRIMARY KEY, version INTEGER NOT NULL, applied_at TEXT NOT NULL)');
  db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
  db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run('notes', 1, built.toISOString());
  db.close();
  return file;
}

const tables = (db: Database.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('a new database from the built template', () => {
  it('is a copy of the template, the owner’s alone, with its migrations stamped as applied now', () => {
    const template = writeTemplate();
    const file = join(dir, 'data', 'jarvis.db');
    const db = openDatabase(file, { file: template, now });
    try {
      expect(tables(db)).toEqual(['notes', 'schema_migrations']);
      expect(db.prepare('SELECT component, version, applied_at FROM schema_migrations').all()).toEqual([
        { component: 'notes', version: 1, applied_at: now.toISOString() },
      ]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      db.prepare('INSERT INTO notes VALUES (?, ?)').run('n1', 'Milch');
    } finally {
      db.close();
    }
    expect(mode(file)).toBe(0o600);
    expect(mode(join(dir, 'data'))).toBe(0o700);
    // The template itself is never written to.
    const again = new Database(template, { readonly: true });
    expect(again.prepare('SELECT applied_at FROM schema_migrations').get()).toEqual({ applied_at: built.toISOString() });
    expect(again.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 0 });
    again.close();
  });

  it('never replaces a database that is already there', () => {
    const template = writeTemplate();
    const file = join(dir, 'jarvis.db');
    const mine = new Database(file);
    mine.exec("CREATE TABLE household (name TEXT); INSERT INTO household VALUES ('Familie Berg')");
    mine.close();
    const db = openDatabase(file, { file: template, now });
    try {
      expect(tables(db)).toEqual(['household']);
      expect(db.prepare('SELECT name FROM household').get()).toEqual({ name: 'Familie Berg' });
    } finally {
      db.close();
    }
  });

  it('is not made beside a left-over write-ahead log, which SQLite would replay onto it', () => {
    const template = writeTemplate();
    const file = join(dir, 'jarvis.db');
    writeFileSync(`${file}-wal`, '');
    expect(copyTemplate(file, template)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });

  it('without a template (run from source), is an empty database as before', () => {
    const file = join(dir, 'jarvis.db');
    const db = openDatabase(file, { file: join(dir, 'missing.sqlite'), now, onUnusable: () => expect.fail('no template is not a fault') });
    try {
      expect(tables(db)).toEqual([]);
    } finally {
      db.close();
    }
    expect(mode(file)).toBe(0o600);
  });

  it.each([
    ['is not a database', (t: string) => writeFileSync(t, 'SQLite format 3\0 but then nothing of the kind, '.repeat(200))],
    ['lost its last pages', (t: string) => writeFileSync(t, readFileSync(t).subarray(0, 4096 + 100))],
    // Its schema and version rows read well: only a check of every page finds this.
    [
      'has a damaged page in a table no start reads',
      (t: string) => {
        const bytes = readFileSync(t);
        bytes.fill(0xab, bytes.length - 3 * 4096, bytes.length - 2 * 4096);
        writeFileSync(t, bytes);
      },
    ],
  ])('falls back to an empty database, says why and leaves no copy behind, when the template %s', (_, damage) => {
    const template = writeTemplate();
    const big = new Database(template);
    big.exec(
      "CREATE TABLE filler (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO filler SELECT printf('%0200d', i) FROM n",
    );
    big.close();
    damage(template);
    const file = join(dir, 'jarvis.db');
    const why: unknown[] = [];
    const db = openDatabase(file, { file: template, now, onUnusable: (err) => why.push(err) });
    try {
      expect(why).toHaveLength(1);
      expect(tables(db)).toEqual([]);
      db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY)');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
    expect(mode(file)).toBe(0o600);
  });
});
