// Calendar files as Thunderbird, Outlook and Google write them (fixtures/README.md), read,
// saved and written back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../../testing/household';
import { parseIcs } from './parse';
import { saveIcs } from './import-export';
import { ianaZoneOf, isIanaZone, WINDOWS_ZONES } from './zones';
import { toRfc3339 } from '../time';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const NOW = '2026-03-01T09:00:00Z';
const TZ = 'Europe/Berlin';

function importInto(text: string) {
  const h = createHouseholdFixture({ now: NOW });
  const parsed = parseIcs({ text, timezone: TZ, nowMs: Date.parse(NOW) });
  const result = h.service.store.transaction(() => saveIcs(h.service.env(h.now, 'user'), parsed));
  return { h, parsed, result };
}

async function monthOf(h: ReturnType<typeof importInto>['h'], from: string, days = 31) {
  return (await h.call('calendar_list', { from: { kind: 'absolute', date: from }, days })).data!.events;
}

describe('TZIDs as other programs write them', () => {
  it('maps Thunderbird paths and Windows names to IANA zones', () => {
    expect(ianaZoneOf('/mozilla.org/20070129_1/Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('/softwarestudio.org/Olson_20011030_5/America/New_York')).toBe('America/New_York');
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOf('"Pacific Standard Time"')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('Customized Time Zone')).toBeUndefined();
  });

  it('every Windows name in the table names a zone this runtime knows', () => {
    expect(Object.values(WINDOWS_ZONES).filter((z) => !isIanaZone(z))).toEqual([]);
  });
});

describe('Thunderbird export', () => {
  it('keeps the weekly series with its EXDATE at 17:00 across DST, and imports the tasks', async () => {
    const { h, result } = importInto(fixture('thunderbird.ics'));
    expect(result.warnings).toEqual([]);
    expect(result.imported.map((e) => [e.title, e.rrule])).toEqual([
      ['Zahnarzt Lena', null],
      ['Turnen', 'FREQ=WEEKLY;BYDAY=MO'],
    ]);
    const april = await monthOf(h, '2026-03-23', 22);
    expect(april.filter((e) => e.title === 'Turnen').map((e) => e.start)).toEqual([
      '2026-03-23T17:00:00+01:00',
      '2026-03-30T17:00:00+02:00',
      '2026-04-13T17:00:00+02:00',
    ]);
    expect(result.tasks.map((t) => [t.title, t.status, t.priority, t.due])).toEqual([
      ['Steuererklärung abgeben', 'in_progress', 'high', '2026-07-31T18:00:00+02:00'],
      ['Winterreifen aufziehen', 'done', 'low', '2026-01-15T00:00:00+01:00'],
    ]);
    expect(result.skipped).toEqual([
      {
        what: 'Aufgabe „Kellerparty planen“',
        reason: 'ist abgesagt (STATUS:CANCELLED).',
        kind: 'task',
        title: 'Kellerparty planen',
        line: null,
        code: 'cancelled',
      },
    ]);
    // The tasks are real tasks: listed and on the kanban board.
    expect((await h.call('tasks_list', { status: 'all' })).data!.tasks).toHaveLength(2);
    expect((await h.call('kanban_list', {})).data!.cards.map((c) => c.title).sort()).toEqual([
      'Steuererklärung abgeben',
      'Winterreifen aufziehen',
    ]);
  });
});

describe('Outlook export', () => {
  it('reads Windows zone names and a customized zone by its own rules', async () => {
    const { h, result } = importInto(fixture('outlook.ics'));
    expect(result.warnings).toEqual([]);
    const byTitle = Object.fromEntries([...result.imported].map((e) => [e.title, e]));
    expect(byTitle['Elternbeirat']).toMatchObject({
      rrule: 'FREQ=MONTHLY;BYDAY=1TU',
      start: '2026-03-03T19:00:00+01:00',
      location: 'Gemeindehaus',
    });
    // 09:00 in Seattle on 12 March is after the US switch (PDT, -07:00) but before Berlin's.
    expect(byTitle['Call with Seattle']!.start).toBe('2026-03-12T17:00:00+01:00');
    // The customized zone switches to summer time on the first Sunday of April (5 April):
    // on 2 April 10:00 it is still +01:00, where Berlin is already +02:00.
    expect(byTitle['Ferienlager Anmeldung']!.start).toBe(toRfc3339(Date.parse('2026-04-02T09:00:00Z'), TZ));
    expect((await monthOf(h, '2026-04-01', 30)).filter((e) => e.title === 'Elternbeirat').map((e) => e.start)).toEqual([
      '2026-04-07T19:00:00+02:00',
    ]);
  });
});

describe('Google export', () => {
  it('keeps the fortnightly series with its EXDATE and its moved occurrence', async () => {
    const { h, result } = importInto(fixture('google.ics'));
    expect(result.skipped).toEqual([
      {
        what: 'Termin „Kindergeburtstag Max“ (ab Zeile 87)',
        reason: 'ist abgesagt (STATUS:CANCELLED).',
        kind: 'event',
        title: 'Kindergeburtstag Max',
        line: 87,
        code: 'cancelled',
      },
    ]);
    const march = (await monthOf(h, '2026-03-01', 45)).filter((e) => e.title.startsWith('Restmüll'));
    expect(march.map((e) => `${e.title} ${e.start} ${e.overridden}`)).toEqual([
      'Restmüll 2026-03-17T07:00:00+01:00 false',
      'Restmüll (nach Ostern) 2026-04-01T07:00:00+02:00 true',
      'Restmüll 2026-04-14T07:00:00+02:00 false',
    ]);
    expect(march[1]!.occurrence_start).toBe('2026-03-31T07:00:00+02:00');
  });

  it('keeps a yearly all-day birthday and a monthly series that ends', async () => {
    const { h } = importInto(fixture('google.ics'));
    const year = (await h.call('calendar_list', { from: { kind: 'absolute', date: '2027-01-01' }, days: 60 })).data!.events;
    expect(year.filter((e) => e.all_day).map((e) => `${e.title} ${e.start}`)).toEqual(['Omas Geburtstag 2027-02-14T00:00:00+01:00']);
    expect(year.some((e) => e.title === 'Miete überweisen')).toBe(false);
    const dec = await monthOf(h, '2026-12-01', 31);
    expect(dec.filter((e) => e.title === 'Miete überweisen').map((e) => e.start)).toEqual(['2026-12-01T08:00:00+01:00']);
  });

  it('imports again without doubling anything', async () => {
    const text = fixture('google.ics');
    const { h } = importInto(text);
    const before = h.snapshot().replace(/"(created|updated)_ms":\d+/g, '');
    const parsed = parseIcs({ text, timezone: TZ, nowMs: Date.parse(NOW) });
    const again = h.service.store.transaction(() => saveIcs(h.service.env(h.now, 'user'), parsed));
    expect(again.imported).toEqual([]);
    expect(h.snapshot().replace(/"(created|updated)_ms":\d+/g, '')).toBe(before);
  });
});

describe('files with several calendars', () => {
  it('reads every VCALENDAR of a file with a UTF-8 byte order mark', () => {
    const text = `\uFEFF${fixture('thunderbird.ics')}${fixture('google.ics')}`;
    const parsed = parseIcs({ text, timezone: TZ, nowMs: Date.parse(NOW) });
    expect(parsed.series.map((s) => s.title).sort()).toEqual(['Miete überweisen', 'Omas Geburtstag', 'Restmüll', 'Turnen']);
    expect(parsed.tasks).toHaveLength(2);
  });

  it('reports a VEVENT without a start and a VJOURNAL as skipped, with the reason', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:a',
      'SUMMARY:Ohne Zeit',
      'END:VEVENT',
      'BEGIN:VJOURNAL',
      'UID:b',
      'SUMMARY:Tagebuch',
      'END:VJOURNAL',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(parseIcs({ text, timezone: TZ, nowMs: Date.parse(NOW) }).skipped).toEqual([
      {
        what: 'Termin „Ohne Zeit“ (ab Zeile 3)',
        reason: 'hat keinen Beginn (DTSTART).',
        kind: 'event',
        title: 'Ohne Zeit',
        line: 3,
        code: 'no_start',
      },
      {
        what: 'VJOURNAL „Tagebuch“',
        reason: 'Notizen (VJOURNAL) übernimmt der Kalender nicht.',
        kind: 'journal',
        title: 'Tagebuch',
        line: null,
        code: 'not_supported',
      },
    ]);
  });
});

describe('ICS export and import round trip', () => {
  it('writes the rule, EXDATEs and overrides, and reads them back the same', async () => {
    const a = createHouseholdFixture({ now: NOW });
    const s = (
      await a.call('calendar_create', {
        title: 'Turnen',
        when: { kind: 'weekday', weekday: 'monday', time: '17:00' },
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
      })
    ).data!;
    await a.call('calendar_delete', { id: s.id, scope: 'this', occurrence_start: '2026-03-09T17:00:00+01:00' });
    await a.call('calendar_update', {
      id: s.id,
      scope: 'this',
      occurrence_start: '2026-03-30T17:00:00+02:00',
      when: { kind: 'absolute', date: '2026-03-31', time: '18:00' },
      title: 'Turnen (Dienstag)',
    });
    await a.call('calendar_create', { title: 'Urlaub', when: { kind: 'absolute', date: '2026-03-20' } });
    const ics = a.service.exportIcs();
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260302T170000');
    expect(ics).toContain('EXDATE;TZID=Europe/Berlin:20260309T170000');
    expect(ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260330T170000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toMatch(/RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU/);

    const { h } = importInto(ics);
    const list = async (x: typeof a) =>
      (await monthOf(x, '2026-03-01', 45)).map(
        (e) => `${e.title} ${e.start} ${e.end} ${e.all_day} ${e.rrule} ${e.occurrence_start} ${e.overridden}`,
      );
    expect(await list(h)).toEqual(await list(a));
  });
});

describe('calendars imported by earlier versions', () => {
  it('a series replaces the single events an earlier import made of it', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const env = h.service.env(h.now, 'user');
    // What the flattening import left: one event per occurrence, UID "uid#recurrence-id".
    h.service.store.transaction(() =>
      saveIcs(env, {
        events: [
          {
            title: 'Restmüll',
            startMs: Date.parse('2026-03-17T06:00:00Z'),
            endMs: Date.parse('2026-03-17T06:15:00Z'),
            allDay: false,
            location: '',
            notes: '',
            icsUid: '3k8m2n5p7q9r1s3t5v7w9x1y3z@google.com#2026-03-17T07:00:00',
          },
        ],
        series: [],
        tasks: [],
        warnings: [],
        skipped: [],
      }),
    );
    const parsed = parseIcs({ text: fixture('google.ics'), timezone: TZ, nowMs: Date.parse(NOW) });
    h.service.store.transaction(() => saveIcs(env, parsed));
    const march = (await monthOf(h, '2026-03-16', 3)).filter((e) => e.title === 'Restmüll');
    expect(march.map((e) => e.rrule)).toEqual(['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU']);
  });
});
