import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { parseIcs, type ParsedIcs } from './parse';
import { ruleOccurrencesIn, shapeOf } from '../recurrence';

// Ground truth for the import: a corpus of recurrence files written here (EXDATE and RDATE
// kinds, overrides, a zone with daylight saving, all-day series) is expanded over a year by
// ical.js itself and by what JARVIS imported (its series rules, EXDATEs and overrides, and
// single events), and the two occurrence lists must be the same.

const ZONE = 'Europe/Berlin';
const NOW = Date.UTC(2026, 0, 1);
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2027, 0, 1);

const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const calendarOf = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//jarvis-test//EN', ...BERLIN_VTIMEZONE, ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  `SUMMARY:${uid}`,
  ...lines,
  'END:VEVENT',
];

const CORPUS: Readonly<Record<string, string>> = {
  'daily, date-time EXDATE (UTC)': calendarOf(
    vevent('a', 'DTSTART:20260309T030000Z', 'DTEND:20260309T040000Z', 'RRULE:FREQ=DAILY;COUNT=6', 'EXDATE:20260311T030000Z'),
  ),
  'daily, date-only EXDATE on a timed series': calendarOf(
    vevent('b', 'DTSTART:20260609T030000Z', 'RRULE:FREQ=DAILY;INTERVAL=1;COUNT=4', 'EXDATE;VALUE=DATE:20260611'),
  ),
  'weekly in Berlin across daylight saving, until a date': calendarOf(
    vevent(
      'c',
      'DTSTART;TZID=Europe/Berlin:20260302T183000',
      'DTEND;TZID=Europe/Berlin:20260302T193000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T235959Z',
      'EXDATE;TZID=Europe/Berlin:20260325T183000',
    ),
  ),
  'yearly all-day (a birthday)': calendarOf(vevent('d', 'DTSTART;VALUE=DATE:20200412', 'DTEND;VALUE=DATE:20200413', 'RRULE:FREQ=YEARLY')),
  'all-day weekly with a date EXDATE': calendarOf(
    vevent('e', 'DTSTART;VALUE=DATE:20260105', 'RRULE:FREQ=WEEKLY;COUNT=8', 'EXDATE;VALUE=DATE:20260119,20260202'),
  ),
  'monthly with a moved occurrence (RECURRENCE-ID)': calendarOf(
    vevent('f', 'DTSTART;TZID=Europe/Berlin:20260115T090000', 'DTEND;TZID=Europe/Berlin:20260115T100000', 'RRULE:FREQ=MONTHLY;COUNT=6'),
    vevent(
      'f',
      'RECURRENCE-ID;TZID=Europe/Berlin:20260315T090000',
      'DTSTART;TZID=Europe/Berlin:20260316T140000',
      'DTEND;TZID=Europe/Berlin:20260316T150000',
    ),
  ),
  'a rule with extra dates (RDATE)': calendarOf(
    vevent('g', 'DTSTART:20260201T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20260220T100000Z,20260301T100000Z'),
  ),
};

const dayIn = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** What ical.js expands, as `uid start` strings (the date for all-day ones). */
function icalOccurrences(text: string): string[] {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const all = root.getAllSubcomponents('vevent');
  const out: string[] = [];
  for (const master of all.filter((v) => !v.hasProperty('recurrence-id'))) {
    const uid = String(master.getFirstPropertyValue('uid'));
    const exceptions = all.filter((v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === uid);
    const ev = new ICAL.Event(master, { exceptions });
    const it = ev.iterator();
    for (let next = it.next(), n = 0; next && n < 2000; next = it.next(), n++) {
      const d = ev.getOccurrenceDetails(next);
      const ms = d.startDate.toJSDate().getTime();
      if (d.startDate.isDate) {
        const day = d.startDate.toString();
        if (day >= dayIn(TO)) break;
        if (day >= dayIn(FROM)) out.push(`${uid} ${day}`);
        continue;
      }
      if (ms >= TO) break;
      if (ms >= FROM) out.push(`${uid} ${new Date(ms).toISOString()}`);
    }
  }
  return out.sort();
}

/** What JARVIS would show from what it imported, in the same form. */
function jarvisOccurrences(parsed: ParsedIcs): string[] {
  const out: string[] = [];
  const show = (uid: string, allDay: boolean, ms: number) => out.push(`${uid} ${allDay ? dayIn(ms) : new Date(ms).toISOString()}`);
  for (const e of parsed.events) if (e.startMs >= FROM && e.startMs < TO) show(String(e.icsUid).split('#')[0]!, e.allDay, e.startMs);
  for (const s of parsed.series) {
    const shape = shapeOf({ rrule: s.rrule, tzid: s.tzid, startMs: s.startMs, endMs: s.endMs, allDay: s.allDay }, ZONE);
    const moved = new Map(s.overrides.map((o) => [o.occurrenceMs, o]));
    for (const o of ruleOccurrencesIn(shape, FROM, TO)) {
      if (s.exdates.includes(o.startMs) || o.startMs < FROM) continue;
      show(String(s.icsUid), s.allDay, moved.get(o.startMs)?.startMs ?? o.startMs);
    }
  }
  return out.sort();
}

describe('imported recurrences against ical.js over a year', () => {
  for (const [name, text] of Object.entries(CORPUS)) {
    it(name, () => {
      const parsed = parseIcs({ text, timezone: ZONE, nowMs: NOW });
      const truth = icalOccurrences(text);
      expect(truth.length).toBeGreaterThan(0);
      expect(jarvisOccurrences(parsed)).toEqual(truth);
    });
  }

  it('the date-only EXDATE leaves 3 of 4 occurrences, as ical.js does', () => {
    const parsed = parseIcs({ text: CORPUS['daily, date-only EXDATE on a timed series']!, timezone: ZONE, nowMs: NOW });
    expect(jarvisOccurrences(parsed)).toHaveLength(3);
  });
});
