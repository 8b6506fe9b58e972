// A new install's database is a copy of the empty one the build made: it must be the same
// database the migrations would have made, and a household must not notice which it got.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase } from '../platform/database';
import { schemaOf } from '../testing/schema-of';
import { startTestMaster } from '../testing/test-master';
import { writeFreshDatabase } from './fresh-database';
import { COMPONENT_MIGRATIONS } from './schemas';

let dir: string;
let template: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-fresh-'));
  template = join(dir, 'fresh-database.sqlite');
  writeFreshDatabase(template);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

function readSchema(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return schemaOf(db);
  } finally {
    db.close();
  }
}

describe('the empty database the build ships', () => {
  it('is exactly what every component’s migrations make, step by step', () => {
    const stepByStep = openDatabase(':memory:');
    for (const [component, migrations] of Object.entries(COMPONENT_MIGRATIONS)) applyMigrations(stepByStep, component, migrations);
    const expected = schemaOf(stepByStep);
    stepByStep.close();
    const shipped = readSchema(template);
    expect(shipped.objects).toEqual(expected.objects);
    expect(shipped.versions).toEqual(expected.versions);
    expect(shipped.rows).toEqual(expected.rows);
    expect(Object.keys(shipped.versions)).toEqual(expect.arrayContaining(['household', 'protocol', 'caldav', 'settings']));
  });

  it('is one self-contained file that whoever runs JARVIS can read', () => {
    const db = new Database(template, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    db.close();
    expect(existsSync(`${template}-wal`)).toBe(false);
    expect(mode(template)).toBe(0o644);
  });
});

describe('a master on a new data folder', () => {
  it('starts from the template with the same schema as one migrated step by step, and keeps the household across restarts', async () => {
    const fromTemplate = join(dir, 'a', 'jarvis.db');
    const stepByStep = join(dir, 'b', 'jarvis.db');
    // A table no migration makes shows that the master's database began as this copy.
    const marked = join(dir, 'marked.sqlite');
    copyFileSync(template, marked);
    const m = new Database(marked);
    m.exec('CREATE TABLE copied_from_template (x INTEGER)');
    m.close();
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };

    for (const [file, freshDatabase] of [
      [fromTemplate, marked],
      [stepByStep, join(dir, 'no-template.sqlite')],
    ] as const) {
      const t = await startTestMaster({ JARVIS_DATA: file }, { freshDatabase, logger });
      try {
        expect((await t.request('/api/tools/tasks_create', { json: { arguments: { title: 'Fahrrad flicken' } } })).status).toBe(200);
      } finally {
        await t.close();
      }
    }
    expect(warnings.filter((w) => /template|empty database/i.test(w))).toEqual([]);
    expect(mode(fromTemplate)).toBe(0o600);
    const a = readSchema(fromTemplate);
    const b = readSchema(stepByStep);
    const marker = 'table copied_from_template CREATE TABLE copied_from_template (x INTEGER)';
    expect(a.objects).toContain(marker);
    expect(a.objects.filter((o) => o !== marker)).toEqual(b.objects);
    expect(a.versions).toEqual(b.versions);

    // The second start finds the household's database and never copies over it.
    const again = await startTestMaster({ JARVIS_DATA: fromTemplate }, { freshDatabase: marked });
    try {
      const state = await again.request('/api/state?domains=tasks');
      expect(state.json.tasks.map((t: { title: string }) => t.title)).toEqual(['Fahrrad flicken']);
    } finally {
      await again.close();
    }
  });
});
