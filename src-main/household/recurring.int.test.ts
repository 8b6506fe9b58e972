// Recurring events through the real master: the HTTP API, the ICS round trip into a fresh
// master, and a reminder fired for one occurrence by the due-reminder pass.
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarEvent, ServerEvent } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const masters: TestMaster[] = [];
afterEach(async () => {
  await Promise.all(masters.splice(0).map((m) => m.close()));
});

// Monday 2 March 2026, 10:00 in Berlin; the clocks go forward on 29 March.
let clockNow = new Date('2026-03-02T09:00:00Z');
const clock = () => clockNow;

async function start() {
  const m = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' }, { clock });
  masters.push(m);
  return m;
}

const tool = (m: TestMaster, name: string, args: Record<string, unknown>) => m.request(`/api/tools/${name}`, { json: { arguments: args } });
const lines = (events: readonly CalendarEvent[]) => events.map((e) => `${e.title} ${e.start}${e.overridden ? ' (geändert)' : ''}`);

describe('recurring events through the master', () => {
  it('create, list a month, move one, delete the following, export and import into a fresh master', async () => {
    clockNow = new Date('2026-03-02T09:00:00Z');
    const m = await start();
    const created = await tool(m, 'calendar_create', {
      title: 'Turnen',
      when: { kind: 'weekday', weekday: 'monday', time: '17:00' },
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect(created.status).toBe(200);
    const id = created.json.data.id as string;

    const march = await m.request('/api/calendar?from=2026-03-01&to=2026-04-01');
    expect(march.status).toBe(200);
    expect(lines(march.json.data.events)).toEqual([
      'Turnen 2026-03-02T17:00:00+01:00',
      'Turnen 2026-03-09T17:00:00+01:00',
      'Turnen 2026-03-16T17:00:00+01:00',
      'Turnen 2026-03-23T17:00:00+01:00',
      'Turnen 2026-03-30T17:00:00+02:00',
    ]);

    const moved = await m.request(`/api/calendar/${id}`, {
      method: 'PATCH',
      json: { scope: 'this', occurrence_start: '2026-03-16T17:00:00+01:00', when: { kind: 'absolute', date: '2026-03-18', time: '17:00' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({
      id,
      start: '2026-03-18T17:00:00+01:00',
      occurrence_start: '2026-03-16T17:00:00+01:00',
      overridden: true,
    });

    const cut = await m.request(`/api/calendar/${id}?scope=following&occurrence_start=${encodeURIComponent('2026-03-30T17:00:00+02:00')}`, {
      method: 'DELETE',
    });
    expect(cut.status).toBe(200);
    const after = await m.request('/api/calendar?from=2026-03-01&days=60');
    const expected = [
      'Turnen 2026-03-02T17:00:00+01:00',
      'Turnen 2026-03-09T17:00:00+01:00',
      'Turnen 2026-03-18T17:00:00+01:00 (geändert)',
      'Turnen 2026-03-23T17:00:00+01:00',
    ];
    expect(lines(after.json.data.events)).toEqual(expected);
    // The UI's snapshot shows the same occurrences.
    expect(lines((await m.request('/api/state')).json.events)).toEqual(expected);

    const ics = await m.request('/api/calendar/export.ics');
    expect(ics.text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260330T145959Z');
    expect(ics.text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260316T170000');

    const fresh = await start();
    const imported = await fresh.request('/api/calendar/import', {
      method: 'POST',
      headers: { 'content-type': 'text/calendar' },
      body: ics.text,
    });
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ warnings: [], skipped: [] });
    expect(imported.json.imported.map((e: CalendarEvent) => e.rrule)).toEqual(['FREQ=WEEKLY;UNTIL=20260330T145959Z;BYDAY=MO']);
    expect(lines((await fresh.request('/api/calendar?from=2026-03-01&days=60')).json.data.events)).toEqual(expected);
  });

  it('refuses a rule it cannot keep with a 400 and the reason', async () => {
    clockNow = new Date('2026-03-02T09:00:00Z');
    const m = await start();
    const r = await tool(m, 'calendar_create', {
      title: 'X',
      when: { kind: 'relative', offset_days: 0, time: '10:00' },
      rrule: 'FREQ=DAILY;BYHOUR=9',
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'INVALID_INPUT', path: '/rrule' });
    expect(r.json.error.message).toContain('BYHOUR');
  });

  it('fires the reminder of an occurrence weeks into the series, 30 minutes before 17:00 summer time', async () => {
    clockNow = new Date('2026-03-02T09:00:00Z');
    const m = await start();
    const seen: ServerEvent[] = [];
    m.master.platform.events.subscribe((e) => seen.push(e));
    await tool(m, 'calendar_create', {
      title: 'Turnen',
      when: { kind: 'weekday', weekday: 'monday', time: '17:00' },
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    const household = m.master.capabilities.household.service;
    // Each Monday at 17:05 the pass moves on to the next occurrence.
    for (const monday of ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23']) {
      clockNow = new Date(`${monday}T16:05:00Z`);
      household.fireDueReminders(clockNow);
    }
    clockNow = new Date('2026-03-30T14:30:00Z'); // 16:30 CEST
    const fired = household.fireDueReminders(clockNow);
    expect(fired.map((r) => [r.text, r.at])).toEqual([['Turnen', '2026-03-30T16:30:00+02:00']]);
    expect(seen.filter((e) => e.type === 'reminder.due').map((e) => (e.data as { at: string }).at)).toContain('2026-03-30T16:30:00+02:00');
  });

  it('an all-day event over several days: created with last_day, moved keeping its days, exported as DATE values; bad days refused, nothing written', async () => {
    clockNow = new Date('2026-03-02T09:00:00Z');
    const m = await start();
    const created = await tool(m, 'calendar_create', {
      title: 'Osterferien',
      when: { kind: 'absolute', date: '2026-03-27' },
      last_day: { kind: 'absolute', date: '2026-03-30' },
    });
    expect(created.status).toBe(200);
    expect(created.json.data).toMatchObject({ all_day: true, start: '2026-03-27T00:00:00+01:00', end: '2026-03-31T00:00:00+02:00' });
    const id = created.json.data.id as string;

    const moved = await m.request(`/api/calendar/${id}`, { method: 'PATCH', json: { when: { kind: 'absolute', date: '2026-04-06' } } });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({ start: '2026-04-06T00:00:00+02:00', end: '2026-04-10T00:00:00+02:00' });
    const ics = await m.request('/api/calendar/export.ics');
    expect(ics.text).toContain('DTSTART;VALUE=DATE:20260406');
    expect(ics.text).toContain('DTEND;VALUE=DATE:20260410');

    const before = await m.request('/api/calendar?from=2026-03-01&days=90');
    const backwards = await tool(m, 'calendar_create', {
      title: 'X',
      when: { kind: 'absolute', date: '2026-05-05' },
      last_day: { kind: 'absolute', date: '2026-05-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error).toMatchObject({ code: 'INVALID_INPUT', path: '/last_day' });
    const withTime = await tool(m, 'calendar_create', {
      title: 'X',
      when: { kind: 'absolute', date: '2026-05-05' },
      last_day: { kind: 'absolute', date: '2026-05-06', time: '10:00' },
    });
    expect(withTime.status).toBe(400);
    expect(withTime.json.error.code).toBe('INVALID_ARGUMENTS');
    const timed = await m.request(`/api/calendar/${id}`, {
      method: 'PATCH',
      json: { when: { kind: 'absolute', date: '2026-04-06', time: '09:00' }, last_day: { kind: 'absolute', date: '2026-04-08' } },
    });
    expect(timed.status).toBe(400);
    expect((await m.request('/api/calendar?from=2026-03-01&days=90')).json).toEqual(before.json);
  });
});
