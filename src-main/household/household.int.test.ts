import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src-shared';
import { HOME_TOOL_NAMES, RECIPES_FILE_FORMAT } from '../../src-shared';
import { loadConfig } from '../platform/config';
import { createMaster } from '../master';
import { openDatabase, SchemaTooNewError } from '../platform/database';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { silentLogger } from '../platform/trace';
import { CHORE_TOOL_NAMES } from './domains/chores';

let t: TestMaster | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let clockNow = new Date('2026-11-30T09:00:00Z');
const clock = () => clockNow;

async function start(env: Record<string, string> = {}) {
  clockNow = new Date('2026-11-30T09:00:00Z');
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0', ...env }, { clock });
  return t;
}

/** Every household row, to prove that a rejected request wrote nothing. */
function snapshot(m: TestMaster): string {
  const db = m.master.platform.db;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'household_%' ORDER BY name").all() as {
    name: string;
  }[];
  return JSON.stringify(tables.map((x) => [x.name, db.prepare(`SELECT * FROM ${x.name} ORDER BY rowid`).all()]));
}

function collect(m: TestMaster): ServerEvent[] {
  const events: ServerEvent[] = [];
  m.master.platform.events.subscribe((e) => events.push(e));
  return events;
}

describe('household API', () => {
  it('registers every core tool in the registry as provider "core"', async () => {
    const m = await start();
    const names = m.master.platform.registry
      .list()
      .filter((x) => x.provider === 'core')
      .map((x) => x.name);
    // The chores domain brings its own tools; rag_search (knowledge), memory_propose and pipeline_propose (assistant) are not the household's.
    expect(names).toEqual([...HOME_TOOL_NAMES, ...CHORE_TOOL_NAMES, 'rag_search', 'memory_propose', 'pipeline_propose']);
    expect(m.master.platform.registry.get('calendar_delete')).toMatchObject({ mutates: true, requires_confirmation: true });
    expect(m.master.platform.registry.get('calendar_list')).toMatchObject({ mutates: false, requires_confirmation: false });
  });

  it('POST /api/tools/{name} returns the envelope with the persisted object and publishes state.changed', async () => {
    const m = await start();
    const events = collect(m);
    const res = await m.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, mutated: true, data: { title: 'Zahnarzt', start: '2026-12-01T15:30:00+01:00' } });
    expect(res.json.message).toContain('eingetragen');
    expect(events.find((e) => e.type === 'state.changed')?.data).toEqual({ domains: ['calendar', 'reminders'] });

    const state = await m.request('/api/state');
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ now: '2026-11-30T10:00:00+01:00', timezone: 'Europe/Berlin' });
    expect(state.json.events.map((e: { id: string }) => e.id)).toEqual([res.json.data.id]);
    expect(state.json.reminders).toHaveLength(1);
    for (const key of ['tasks', 'groceries', 'recipes', 'meals', 'kanban']) expect(Array.isArray(state.json[key]), key).toBe(true);
    expect(state.json.system.household.state).toBe('ok');
  });

  it('answers a schema violation with 400 and the JSON path, and writes nothing', async () => {
    const m = await start();
    await m.request('/api/tools/groceries_add', { json: { arguments: { name: 'Brot' } } });
    const before = snapshot(m);
    const res = await m.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'X', when: { kind: 'relative', offset_days: 1, time: '25:00' } } },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(res.json.error.path).toMatch(/^\/when/);
    const extra = await m.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch', colour: 'weiß' } } });
    expect(extra.status).toBe(400);
    expect(extra.json.error.path).toBe('/colour');
    const wrongType = await m.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch', quantity: '2' } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.path).toBe('/quantity');
    const noDate = await m.request('/api/tools/mealplan_create', {
      json: { arguments: { title: 'X', meal: 'lunch', when: { kind: 'absolute', date: '2026-02-30' } } },
    });
    expect(noDate.status).toBe(400);
    expect(snapshot(m)).toBe(before);
  });

  it('answers an unknown tool with 404 and an unknown id with 404 success:false, writing nothing', async () => {
    const m = await start();
    await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Steuer' } } });
    const before = snapshot(m);
    const unknown = await m.request('/api/tools/calendar_explode', { json: { arguments: {} } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, error: { code: 'UNKNOWN_TOOL' } });
    const missing = await m.request('/api/tools/tasks_update', { json: { arguments: { id: 'task_doesnotexist', status: 'done' } } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ success: false, mutated: false, error: { code: 'NOT_FOUND', path: '/id' } });
    const missingRecipe = await m.request('/api/tools/mealplan_create', {
      json: { arguments: { recipe_id: 'rec_nothere', meal: 'dinner', when: { kind: 'relative', offset_days: 0 } } },
    });
    expect(missingRecipe.status).toBe(404);
    expect(missingRecipe.json.error.path).toBe('/recipe_id');
    expect(snapshot(m)).toBe(before);
  });

  it('REST CRUD goes through the tools (create 201, patch, list, delete, 404)', async () => {
    const m = await start();
    const created = await m.request('/api/tasks', { json: { title: 'Müll rausbringen', priority: 'high' } });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const patched = await m.request(`/api/tasks/${id}`, { method: 'PATCH', json: { status: 'done' } });
    expect(patched.status).toBe(200);
    expect(patched.json.data.status).toBe('done');
    const cards = await m.request('/api/kanban');
    expect(cards.json.data.cards).toMatchObject([{ task_id: id, column: 'DONE' }]);
    const listed = await m.request('/api/tasks?status=all');
    expect(listed.json.data.tasks.map((x: { id: string }) => x.id)).toEqual([id]);
    const bad = await m.request('/api/tasks?status=whatever');
    expect(bad.status).toBe(400);
    const deleted = await m.request(`/api/tasks/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await m.request('/api/kanban')).json.data.cards).toEqual([]);
    expect((await m.request(`/api/tasks/${id}`, { method: 'DELETE' })).status).toBe(404);

    const groceries = await m.request('/api/groceries', { json: { name: 'Milch', quantity: 2, unit: 'l' } });
    expect(groceries.status).toBe(201);
    const week = await m.request('/api/calendar?from=2026-11-30&days=7');
    expect(week.status).toBe(200);
    expect(week.json.data).toMatchObject({ from: '2026-11-30', to: '2026-12-07', events: [] });
    const meal = await m.request('/api/mealplan', { json: { title: 'Suppe', meal: 'dinner', when: { kind: 'relative', offset_days: 0 } } });
    expect(meal.status).toBe(201);
    const mealPatch = await m.request(`/api/mealplan/${meal.json.data.id}`, { method: 'PATCH', json: { servings: 3 } });
    expect(mealPatch.json.data.servings).toBe(3);
  });

  it('imports and exports ICS; a second import of the same file changes nothing', async () => {
    const m = await start();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:abc-1@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20261203T180000',
      'DTEND;TZID=Europe/Berlin:20261203T193000',
      'SUMMARY:Elternabend',
      'LOCATION:Schule',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:abc-2@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;VALUE=DATE:20261224',
      'DTEND;VALUE=DATE:20261227',
      'SUMMARY:Weihnachten',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:abc-3@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261205T090000Z',
      'DURATION:PT2H',
      'SUMMARY:Flohmarkt',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const first = await m.request('/api/calendar/import', { body: ics, headers: { 'content-type': 'text/calendar' } });
    expect(first.status).toBe(200);
    expect(
      first.json.imported.map((e: { title: string; start: string; end: string; all_day: boolean }) => [e.title, e.start, e.end, e.all_day]),
    ).toEqual([
      ['Elternabend', '2026-12-03T18:00:00+01:00', '2026-12-03T19:30:00+01:00', false],
      ['Weihnachten', '2026-12-24T00:00:00+01:00', '2026-12-27T00:00:00+01:00', true],
      ['Flohmarkt', '2026-12-05T10:00:00+01:00', '2026-12-05T12:00:00+01:00', false],
    ]);
    const again = await m.request('/api/calendar/import', { json: { ics } });
    expect(again.json.imported).toEqual([]);
    expect(again.json.updated).toHaveLength(3);
    expect((await m.request('/api/calendar?from=2026-11-30&days=60')).json.data.events).toHaveLength(3);

    const exported = await m.request('/api/calendar/export.ics');
    expect(exported.headers.get('content-type')).toContain('text/calendar');
    expect(exported.text).toContain('UID:abc-1@test');
    expect(exported.text).toContain('DTSTART:20261203T170000Z');
    expect(exported.text).toContain('DTSTART;VALUE=DATE:20261224');

    // The export imports into a fresh household with the same events.
    const other = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' }, { clock });
    try {
      const back = await other.request('/api/calendar/import', { body: exported.text, headers: { 'content-type': 'text/calendar' } });
      expect(back.json.imported.map((e: { start: string }) => e.start).sort()).toEqual(
        first.json.imported.map((e: { start: string }) => e.start).sort(),
      );
    } finally {
      await other.close();
    }
  });

  it('imports a recurring event as a series, with EXDATE and a moved occurrence', async () => {
    const m = await start();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:training@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20261201T170000',
      'DTEND;TZID=Europe/Berlin:20261201T183000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6',
      'EXDATE;TZID=Europe/Berlin:20261222T170000',
      'SUMMARY:Handball',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:training@test',
      'DTSTAMP:20261101T000000Z',
      'RECURRENCE-ID;TZID=Europe/Berlin:20261215T170000',
      'DTSTART;TZID=Europe/Berlin:20261216T180000',
      'DTEND;TZID=Europe/Berlin:20261216T193000',
      'SUMMARY:Handball (verlegt)',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:daily@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;VALUE=DATE:19900101',
      'RRULE:FREQ=DAILY',
      'SUMMARY:Tabletten',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const first = await m.request('/api/calendar/import', { body: ics, headers: { 'content-type': 'text/calendar' } });
    expect(first.status).toBe(200);
    // The rules are kept: one series each, not one event per occurrence.
    expect(first.json.imported.map((e: { title: string; rrule: string }) => [e.title, e.rrule])).toEqual([
      ['Handball', 'FREQ=WEEKLY;COUNT=6;BYDAY=TU'],
      ['Tabletten', 'FREQ=DAILY'],
    ]);
    const list = async (from: string, days: number) =>
      (await m.request(`/api/calendar?from=${from}&days=${days}`)).json.data.events as { title: string; start: string }[];
    // Six Tuesdays from 1 Dec, minus the 22nd (EXDATE); the 15th moved to Wednesday 18:00.
    expect((await list('2026-11-30', 60)).filter((e) => e.title.startsWith('Handball')).map((e) => [e.title, e.start])).toEqual([
      ['Handball', '2026-12-01T17:00:00+01:00'],
      ['Handball', '2026-12-08T17:00:00+01:00'],
      ['Handball (verlegt)', '2026-12-16T18:00:00+01:00'],
      ['Handball', '2026-12-29T17:00:00+01:00'],
      ['Handball', '2027-01-05T17:00:00+01:00'],
    ]);
    // A daily series since 1990 costs nothing to keep: a week lists seven days of it.
    expect((await list('2026-12-14', 7)).filter((e) => e.title === 'Tabletten')).toHaveLength(7);

    const again = await m.request('/api/calendar/import', { body: ics, headers: { 'content-type': 'text/calendar' } });
    expect(again.json.imported).toEqual([]);
    expect(again.json.updated).toHaveLength(2);
    const week = (await list('2026-12-14', 7)).map((e) => e.title);
    expect(week.filter((t: string) => t.startsWith('Handball'))).toEqual(['Handball (verlegt)']);
  });

  it('refuses a broken ICS file with 400 and writes nothing', async () => {
    const m = await start();
    const before = snapshot(m);
    const res = await m.request('/api/calendar/import', {
      body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nnot a line\r\n',
      headers: { 'content-type': 'text/calendar' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('INVALID_INPUT');
    expect(snapshot(m)).toBe(before);
  });

  it('refuses hostile and malformed calendars with 400, naming the line, and writes nothing', async () => {
    const m = await start();
    const before = snapshot(m);
    const calendar = (...body: string[]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:h@test',
        ...body,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const files = [
      calendar('DTSTART:20261201T100000Z', 'DURATION:P999999999999999999W'),
      calendar('DTSTART:2026-12-01T99'),
      calendar('DTSTART:20261201T100000Z', 'RRULE:FREQ=DAILY;COUNT='),
      calendar('DTSTART:20261201T100000Z', 'RRULE:FREQ=DAILY;INTERVAL='),
    ];
    for (const file of files) {
      const res = await m.request('/api/calendar/import', { body: file, headers: { 'content-type': 'text/calendar' } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('INVALID_INPUT');
      expect(res.json.error.message).toMatch(/^Zeile \d+: /);
    }
    expect(snapshot(m)).toBe(before);
  });

  it('imports a valid RDATE;VALUE=PERIOD series with each period as its own event', async () => {
    const m = await start();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:p@test',
      'SUMMARY:Sprechstunde',
      'DTSTART:20261201T100000Z',
      'DTEND:20261201T110000Z',
      'RDATE;VALUE=PERIOD:20261203T100000Z/PT3H',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await m.request('/api/calendar/import', { body: ics, headers: { 'content-type': 'text/calendar' } });
    expect(res.status).toBe(200);
    expect(res.json.imported.map((e: { title: string }) => e.title)).toEqual(['Sprechstunde', 'Sprechstunde']);
  });

  it('keeps answering /api/health while a costly calendar is read, then refuses the calendar', async () => {
    const m = await start();
    const before = snapshot(m);
    // Three minutely series from 1926: reading them runs into the import's budget.
    const vevents = [0, 1, 2].flatMap((i) => [
      'BEGIN:VEVENT',
      `UID:m${i}@test`,
      'SUMMARY:Minütlich',
      'DTSTART:19260101T000000Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
    ]);
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n');
    let done = false;
    const importing = m
      .request('/api/calendar/import', { body: ics, headers: { 'content-type': 'text/calendar' } })
      .finally(() => (done = true));
    const polls: number[] = [];
    while (!done && polls.length < 500) {
      polls.push((await m.request('/api/health')).status);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await importing;
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('zu aufwendig');
    expect(polls.length).toBeGreaterThan(1);
    expect(polls.every((s) => s === 200)).toBe(true);
    expect(snapshot(m)).toBe(before);
  });

  it('exports recipes as JSON and imports them (same title updates)', async () => {
    const m = await start();
    await m.request('/api/recipes', {
      json: { title: 'Pfannkuchen', servings: 2, ingredients: [{ name: 'Mehl', quantity: 200, unit: 'g' }] },
    });
    const file = (await m.request('/api/recipes/export')).json;
    expect(file).toMatchObject({ format: RECIPES_FILE_FORMAT, recipes: [{ title: 'Pfannkuchen', servings: 2 }] });
    const imported = await m.request('/api/recipes/import', {
      json: {
        ...file,
        recipes: [
          { ...file.recipes[0], servings: 4 },
          { title: 'Rührei', servings: 1, ingredients: [{ name: 'Eier', quantity: 3, unit: null }] },
        ],
      },
    });
    expect(imported.status).toBe(200);
    expect(imported.json.updated.map((r: { title: string; servings: number }) => [r.title, r.servings])).toEqual([['Pfannkuchen', 4]]);
    expect(imported.json.imported.map((r: { title: string }) => r.title)).toEqual(['Rührei']);
    const before = snapshot(m);
    const bad = await m.request('/api/recipes/import', {
      json: { format: RECIPES_FILE_FORMAT, recipes: [{ title: 'X', servings: 0, ingredients: [] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.path).toBe('/recipes/0/servings');
    expect(snapshot(m)).toBe(before);
  });

  it('the due-reminder pass fires each due reminder once as reminder.due', async () => {
    const m = await start();
    const events = collect(m);
    await m.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 0, time: '15:30' } } },
    });
    const household = m.master.capabilities.household.service!;
    expect(household.fireDueReminders()).toEqual([]);
    clockNow = new Date('2026-11-30T14:00:00Z'); // 15:00 Berlin: 30 minutes before
    const fired = household.fireDueReminders();
    expect(fired).toMatchObject([{ text: 'Zahnarzt', at: '2026-11-30T15:00:00+01:00', fired_at: '2026-11-30T15:00:00+01:00' }]);
    expect(events.filter((e) => e.type === 'reminder.due').map((e) => e.data)).toEqual(fired);
    expect(household.fireDueReminders()).toEqual([]);
    const pending = await m.request('/api/reminders');
    expect(pending.json.data.reminders).toEqual([]);
  });

  it('runs the pass on HOME_AUTOMATION_INTERVAL', async () => {
    clockNow = new Date('2026-11-30T09:00:00Z');
    t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '20ms' }, { clock });
    const m = t;
    const due = new Promise<ServerEvent>((resolve) => m.master.platform.events.subscribe((e) => e.type === 'reminder.due' && resolve(e)));
    await m.request('/api/tools/reminders_create', {
      json: { arguments: { text: 'Tee', when: { kind: 'relative', offset_days: 0, time: '11:00' } } },
    });
    clockNow = new Date('2026-11-30T10:00:30Z');
    expect(await due).toMatchObject({ data: { text: 'Tee' } });
  });
});

describe('household database', () => {
  it('refuses a database from a newer household schema and leaves the file as it was', async () => {
    const m = await start();
    const file = m.config.dataFile;
    await m.master.stop();
    const db = openDatabase(file);
    db.prepare("UPDATE schema_migrations SET version = 99 WHERE component = 'household'").run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);
    const config = loadConfig({ JARVIS_ADDR: '127.0.0.1:0', JARVIS_DATA: file, JARVIS_SKILLS_DIR: join(m.dataDir, 'skills') });
    expect(() => createMaster(config, { logger: silentLogger })).toThrow(SchemaTooNewError);
    expect(() => createMaster(config, { logger: silentLogger })).toThrow(/household schema version 99/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
