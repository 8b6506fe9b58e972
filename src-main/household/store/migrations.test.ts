import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database/database';
import { applyMigrations, SchemaTooNewError, schemaVersion } from '../../platform/database/migrations';
import { HOUSEHOLD_COMPONENT } from './index';
import { HouseholdStore } from '../household-store';
import { HOUSEHOLD_MIGRATIONS } from './migrations';

const LATEST = HOUSEHOLD_MIGRATIONS.length;
const tables = (db: ReturnType<typeof openDatabase>) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'household_%' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);

describe('household migrations', () => {
  it('build the schema from an empty database', () => {
    const db = openDatabase(':memory:');
    new HouseholdStore(db);
    expect(schemaVersion(db, HOUSEHOLD_COMPONENT)).toBe(LATEST);
    expect(tables(db)).toEqual([
      'household_client_requests',
      'household_event_assignees',
      'household_event_overrides',
      'household_events',
      'household_groceries',
      'household_kanban',
      'household_meals',
      'household_members',
      'household_recipes',
      'household_reminders',
      'household_tasks',
    ]);
  });

  for (let from = 1; from < LATEST; from++) {
    it(`continue from version ${from} and keep existing rows`, () => {
      const db = openDatabase(':memory:');
      applyMigrations(db, HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS.slice(0, from));
      db.prepare(
        "INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, created_ms, updated_ms) VALUES ('evt_old', 'Alt', 0, 3600000, 3600000, 0, 0, 0)",
      ).run();
      db.prepare(
        "INSERT INTO household_tasks (id, title, priority, status, created_ms, updated_ms) VALUES ('task_old', 'Alt', 'normal', 'open', 0, 0)",
      ).run();
      // Manual items carry their key from version 3 on; version 3 computes it for older rows.
      db.prepare(
        "INSERT INTO household_groceries (id, name, quantity, unit, source, derived_key, created_ms, updated_ms) VALUES ('groc_old', ' Milch ', 1, 'l', 'manual', ?, 0, 0)",
      ).run(from >= 3 ? 'milch|l' : null);
      const store = new HouseholdStore(db);
      expect(schemaVersion(db, HOUSEHOLD_COMPONENT)).toBe(LATEST);
      expect(store.events.get('evt_old')).toMatchObject({ title: 'Alt', endMs: 3_600_000, icsUid: null });
      expect(store.tasks.get('task_old')).toMatchObject({ title: 'Alt', tags: [] });
      // Adding the same item again finds the old manual row by its key, with its amount.
      expect(store.groceries.open('milch')).toMatchObject([{ id: 'groc_old', amounts: [{ quantity: 1, unit: 'l' }], planAmounts: [] }]);
    });
  }

  it('version 11 makes one line per open item with all its amounts, and one plan line per item', () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS.slice(0, 10));
    const add = db.prepare(
      'INSERT INTO household_groceries (id, name, quantity, unit, checked, source, derived_key, meal_ids, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)',
    );
    add.run('groc_milk', 'Milch', 1, 'l', 0, 'manual', 'milch|l', '[]', 1);
    add.run('groc_milk2', 'milch', 2, null, 0, 'manual', 'milch|', '[]', 2);
    add.run('groc_milk3', 'Milch', 500, 'ml', 0, 'manual', 'milch|ml', '[]', 3);
    add.run('groc_milk_done', 'Milch', 1, null, 1, 'manual', 'milch|', '[]', 4);
    add.run('groc_pasta_g', 'Nudeln', 250, 'g', 0, 'mealplan', 'nudeln|g', '["meal_a"]', 5);
    add.run('groc_pasta_kg', 'Nudeln', 1, 'kg', 0, 'mealplan', 'nudeln|kg', '["meal_b"]', 6);
    add.run('groc_pasta_mine', 'Nudeln', 1, 'Packung', 0, 'manual', 'nudeln|Packung', '[]', 7);
    add.run('groc_salt', 'Salz', null, null, 0, 'manual', 'salz|', '[]', 8);
    const store = new HouseholdStore(db);
    const rows = store.groceries.all().map((g) => [g.id, g.amounts, g.planAmounts, g.source, g.mealIds, g.checked]);
    expect(rows).toEqual([
      [
        'groc_milk',
        [
          { quantity: 1.5, unit: 'l' },
          { quantity: 2, unit: null },
        ],
        [],
        'manual',
        [],
        false,
      ],
      ['groc_pasta_g', [{ quantity: 1, unit: 'Packung' }], [{ quantity: 1.25, unit: 'kg' }], 'manual', ['meal_a', 'meal_b'], false],
      ['groc_salt', [], [], 'manual', [], false],
      ['groc_milk_done', [{ quantity: 1, unit: null }], [], 'manual', [], true],
    ]);
    // Readers of one amount still find the line's first.
    expect(db.prepare("SELECT quantity, unit FROM household_groceries WHERE id = 'groc_pasta_g'").get()).toEqual({
      quantity: 1,
      unit: 'Packung',
    });
  });

  it('version 7 keeps the one assignee of an older event as the first of its list', () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS.slice(0, 6));
    db.prepare(
      "INSERT INTO household_members (id, name, color, initial, language, is_admin, created_ms) VALUES ('mem_mia', 'Mia', '#c73a24', 'M', 'de', 0, 0)",
    ).run();
    db.prepare(
      "INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, created_ms, updated_ms, assignee) VALUES ('evt_mia', 'Turnen', 0, 3600000, 3600000, 0, 0, 0, 'mem_mia')",
    ).run();
    db.prepare(
      "INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, created_ms, updated_ms) VALUES ('evt_all', 'Ferien', 0, 3600000, 3600000, 0, 0, 0)",
    ).run();
    const store = new HouseholdStore(db);
    expect(store.events.get('evt_mia')).toMatchObject({ assignee: 'mem_mia', assignees: ['mem_mia'] });
    expect(store.events.get('evt_all')).toMatchObject({ assignee: null, assignees: [] });
  });

  it('the events range query reads the (start, end) index and needs no sort', () => {
    const db = openDatabase(':memory:');
    new HouseholdStore(db);
    const plan = (
      db
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM household_events WHERE start_ms >= 0 AND start_ms < 1 AND end_ms > 0 ORDER BY start_ms')
        .all() as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan).toEqual(['SEARCH household_events USING INDEX household_events_span (start_ms>? AND start_ms<?)']);
  });

  it('refuse a database written by a newer version and leave it unmodified', () => {
    const db = openDatabase(':memory:');
    new HouseholdStore(db);
    db.prepare('UPDATE schema_migrations SET version = ? WHERE component = ?').run(LATEST + 1, HOUSEHOLD_COMPONENT);
    const before = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    expect(() => new HouseholdStore(db)).toThrow(SchemaTooNewError);
    expect(db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all()).toEqual(before);
    expect(schemaVersion(db, HOUSEHOLD_COMPONENT)).toBe(LATEST + 1);
  });
});
