import { describe, expect, it } from 'vitest';
import { HomeError } from '../errors';
import { ICS_LIMITS, parseIcs } from './parse';

const NOW = Date.UTC(2026, 0, 10, 12);

/** A calendar with one VEVENT whose body lines are given; the first body line is line 7. */
function calendar(...body: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:x@test',
    'DTSTAMP:20260101T000000Z',
    ...body,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function refusal(text: string): HomeError {
  try {
    parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
  } catch (err) {
    if (err instanceof HomeError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('parseIcs with hostile and malformed files', () => {
  it('refuses a DURATION of a billion billion weeks, naming its line, instead of computing with it', () => {
    const err = refusal(calendar('SUMMARY:Ewig', 'DTSTART:20260112T100000Z', 'DURATION:P999999999999999999W'));
    expect(err.code).toBe('INVALID_INPUT');
    expect(err.message).toContain('Zeile 9');
    expect(err.message).toContain('DURATION');
  });

  it('refuses a date-time that is not a date, naming the line', () => {
    const err = refusal(calendar('DTSTART:2026-13-99T99'));
    expect(err.message).toMatch(/^Zeile 7: Beginn \(DTSTART\) „2026-13-99T99“ ist kein gültiges Datum/);
  });

  it('refuses a month 13 that ical.js would silently roll into the next year', () => {
    expect(refusal(calendar('DTSTART:20261399T996000Z')).message).toContain('Zeile 7');
  });

  it('refuses an empty COUNT and an empty INTERVAL in a rule', () => {
    expect(refusal(calendar('DTSTART:20260112T100000Z', 'RRULE:FREQ=DAILY;COUNT=')).message).toMatch(
      /Zeile 8: Wiederholungsregel \(RRULE\)/,
    );
    expect(refusal(calendar('DTSTART:20260112T100000Z', 'RRULE:FREQ=WEEKLY;INTERVAL=')).message).toMatch(
      /Zeile 8: Wiederholungsregel \(RRULE\)/,
    );
  });

  it('refuses a malformed EXDATE', () => {
    expect(refusal(calendar('DTSTART:20260112T100000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:gestern')).message).toContain(
      'Zeile 9: Ausnahme (EXDATE)',
    );
  });

  it('counts folded lines as the lines of the file', () => {
    const text = calendar('SUMMARY:Ein langer', '  Titel', 'DTSTART:20260112T100000Z', 'DTEND:2026011');
    expect(refusal(text).message).toContain('Zeile 10: Ende (DTEND)');
  });

  it('reads a valid RDATE with VALUE=PERIOD: each period keeps its own end', () => {
    const text = calendar(
      'SUMMARY:Sprechstunde',
      'DTSTART:20260112T100000Z',
      'DTEND:20260112T110000Z',
      'RDATE;VALUE=PERIOD:20260115T100000Z/20260115T130000Z,20260120T080000Z/PT30M',
    );
    const { events } = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
    expect(events.map((e) => [new Date(e.startMs).toISOString(), new Date(e.endMs).toISOString()])).toEqual([
      ['2026-01-12T10:00:00.000Z', '2026-01-12T11:00:00.000Z'],
      ['2026-01-15T10:00:00.000Z', '2026-01-15T13:00:00.000Z'],
      ['2026-01-20T08:00:00.000Z', '2026-01-20T08:30:00.000Z'],
    ]);
  });

  it('refuses a file whose series add up to more events than a household calendar holds', () => {
    const vevents = Array.from({ length: 4 }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:s${i}@test`,
      'DTSTART:20260110T000000Z',
      'RRULE:FREQ=HOURLY',
      'END:VEVENT',
    ]).flat();
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n');
    let err: unknown;
    try {
      parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW }, { ...ICS_LIMITS, events: 1_000 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HomeError);
    expect((err as HomeError).message).toContain('mehr als 1000 Termine');
  });

  it('refuses a file that the iteration budget of the whole file cannot read, instead of taking part of it', () => {
    const vevents = Array.from({ length: 3 }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:m${i}@test`,
      'DTSTART:19260101T000000Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
    ]).flat();
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n');
    expect(() =>
      parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW }, { ...ICS_LIMITS, iterationsPerSeries: 1_000, iterations: 2_500 }),
    ).toThrow(/zu aufwendig/);
  });

  it('stops a rule that started a century ago within its iteration budget, keeping what it found', () => {
    const text = calendar('SUMMARY:Minütlich', 'DTSTART:19260101T000000Z', 'RRULE:FREQ=MINUTELY');
    const { events, warnings } = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW }, { ...ICS_LIMITS, iterationsPerSeries: 2_000 });
    expect(events).toEqual([]);
    expect(warnings.join(' ')).toContain('zu lang');
  });
});

describe('parseIcs imports what can be read', () => {
  const file = (...events: string[][]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
  const ev = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

  it('one bad value skips only its component, listed with the line and the reason', () => {
    const text = file(
      ev('ok1', 'SUMMARY:Omas Geburtstag', 'DTSTART;VALUE=DATE:20260412', 'RRULE:FREQ=YEARLY'),
      ev('bad', 'SUMMARY:Kaputt', 'DTSTART;VALUE=DATE:20121210', 'RRULE:FREQ=YEARLY', 'RDATE:20131210Z'),
      ev('ok2', 'SUMMARY:Zahnarzt', 'DTSTART:20260120T090000Z', 'DTEND:20260120T093000Z'),
    );
    const parsed = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
    expect(parsed.series.map((s) => s.title)).toEqual(['Omas Geburtstag']);
    expect(parsed.events.map((e) => e.title)).toEqual(['Zahnarzt']);
    expect(parsed.skipped).toEqual([
      {
        what: 'Termin „Kaputt“ (Zeile 11)',
        reason: 'Zeile 17: Zusatztermin (RDATE) „20131210Z“ ist kein gültiges Datum (JJJJMMTT oder JJJJMMTTThhmmss).',
        // The same in parts, for the app to say in English too.
        kind: 'event',
        title: 'Kaputt',
        line: 17,
        code: 'bad_value',
        property: 'RDATE',
        value: '20131210Z',
      },
    ]);
  });

  it('a one-off override whose series is not in the file is imported as a single event', () => {
    const text = file(
      ev('lost', 'SUMMARY:Verschoben', 'RECURRENCE-ID:20260301T100000Z', 'DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z'),
    );
    const parsed = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
    expect(parsed.events.map((e) => [e.title, new Date(e.startMs).toISOString()])).toEqual([['Verschoben', '2026-03-02T10:00:00.000Z']]);
  });

  it('an override with RANGE=THISANDFUTURE is imported with its series, not refused', () => {
    const text = file(
      ev('s', 'SUMMARY:Training', 'DTSTART:20260105T170000Z', 'DTEND:20260105T180000Z', 'RRULE:FREQ=WEEKLY;COUNT=6'),
      ev(
        's',
        'SUMMARY:Training neu',
        'RECURRENCE-ID;RANGE=THISANDFUTURE:20260119T170000Z',
        'DTSTART:20260119T180000Z',
        'DTEND:20260119T190000Z',
      ),
    );
    const parsed = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
    const all = [
      ...parsed.events.map((e) => e.title),
      ...parsed.series.map((s) => s.title),
      ...parsed.series.flatMap((s) => s.overrides.map((o) => o.title)),
    ];
    expect(all).toContain('Training neu');
    expect(JSON.stringify(parsed)).not.toMatch(/Cannot read|undefined is not|TypeError/);
  });
});
