import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { applyMigrations, SchemaTooNewError, schemaVersion, type Migration } from './migrations';

const v1: Migration = { version: 1, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)') };
const v2: Migration = {
  version: 2,
  name: 'notes.pinned',
  up: (db) => db.exec('ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0'),
};

describe('applyMigrations', () => {
  it('applies every step from an empty database and records the version', () => {
    const db = openDatabase(':memory:');
    expect(applyMigrations(db, 'test', [v1, v2])).toEqual({ from: 0, to: 2 });
    expect(schemaVersion(db, 'test')).toBe(2);
    db.prepare('INSERT INTO notes (id, body, pinned) VALUES (?, ?, 1)').run('n1', 'hi');
  });

  it('continues from an earlier version without touching existing rows', () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, 'test', [v1]);
    db.prepare('INSERT INTO notes (id, body) VALUES (?, ?)').run('n1', 'kept');
    expect(applyMigrations(db, 'test', [v1, v2])).toEqual({ from: 1, to: 2 });
    expect(db.prepare('SELECT body, pinned FROM notes').get()).toEqual({ body: 'kept', pinned: 0 });
  });

  it('refuses a database from a newer version and leaves it unmodified', () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, 'test', [v1, v2]);
    const before = db.prepare('SELECT sql FROM sqlite_master ORDER BY name').all();
    expect(() => applyMigrations(db, 'test', [v1])).toThrow(SchemaTooNewError);
    expect(db.prepare('SELECT sql FROM sqlite_master ORDER BY name').all()).toEqual(before);
  });

  it('rolls a failing step back completely', () => {
    const db = openDatabase(':memory:');
    const broken: Migration = { version: 2, name: 'broken', up: (d) => d.exec('CREATE TABLE extra (x); SELECT * FROM missing_table') };
    expect(() => applyMigrations(db, 'test', [v1, broken])).toThrow();
    expect(schemaVersion(db, 'test')).toBe(0);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('notes','extra')").all()).toEqual([]);
  });

  it('versions components independently', () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, 'a', [v1]);
    expect(schemaVersion(db, 'a')).toBe(1);
    expect(schemaVersion(db, 'b')).toBe(0);
  });

  it('runs the schema steps without a flush each, and the household writes with the full flush again, also after a failed step', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-migrations-'));
    try {
      const db = openDatabase(join(dir, 'jarvis.db'));
      const FULL = 2;
      const NORMAL = 1;
      let during: unknown;
      const watched: Migration = { version: 1, name: 'notes', up: (d) => ((during = d.pragma('synchronous', { simple: true })), v1.up(d)) };
      applyMigrations(db, 'test', [watched]);
      expect(during).toBe(NORMAL);
      expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
      const broken: Migration = { version: 2, name: 'broken', up: (d) => d.exec('SELECT * FROM missing_table') };
      expect(() => applyMigrations(db, 'test', [watched, broken])).toThrow();
      expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
