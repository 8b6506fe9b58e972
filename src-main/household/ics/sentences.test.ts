import { describe, expect, it } from 'vitest';
import { HomeError } from '../errors';
import { parseIcs } from './parse';

// Broken calendar files of the kinds real exports contain: whatever JARVIS answers (a
// refusal, a skipped entry, a warning) is a sentence for the family, never a JavaScript
// error text such as "Cannot read properties of null".

const NOW = Date.UTC(2026, 0, 10, 12);
const JS_ERROR = /Cannot read|undefined|null|TypeError|is not a function|is not iterable|NaN|\[object/;
/** ical.js's own error texts (English): the family never reads them. */
const LIBRARY_TEXT = /invalid|component began|token|expected/i;

function calendar(...body: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:x@test',
    ...body,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const BROKEN: Record<string, string> = {
  'empty TZID': calendar('DTSTART;TZID=:20260112T100000', 'SUMMARY:A'),
  'unknown weekday in a rule': calendar('DTSTART:20260112T100000Z', 'RRULE:FREQ=WEEKLY;BYDAY=XX', 'SUMMARY:B'),
  'empty RECURRENCE-ID': calendar('DTSTART:20260112T100000Z', 'RECURRENCE-ID:', 'SUMMARY:C'),
  'empty DURATION': calendar('DTSTART:20260112T100000Z', 'DURATION:', 'SUMMARY:D'),
  'EXDATE in an unknown zone': calendar(
    'DTSTART:20260112T100000Z',
    'RRULE:FREQ=DAILY;COUNT=3',
    'EXDATE;TZID=Mars/Olympus:20260113T100000',
    'SUMMARY:E',
  ),
  'a period as the start': calendar('DTSTART;VALUE=PERIOD:20260112T100000Z/PT1H', 'SUMMARY:F'),
  'a component left open': ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:y', 'DTSTART:20260112T100000Z', 'END:VCALENDAR', ''].join('\r\n'),
  'END without BEGIN': ['BEGIN:VCALENDAR', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
  'no calendar at all': 'Hallo\r\nWelt\r\n',
  'a rule with UNTIL before the start': calendar('DTSTART:20260112T100000Z', 'RRULE:FREQ=DAILY;UNTIL=20250101T000000Z', 'SUMMARY:G'),
  'DTEND before DTSTART': calendar('DTSTART:20260112T100000Z', 'DTEND:20260111T100000Z', 'SUMMARY:H'),
  'a date-time in an all-day EXDATE list': calendar(
    'DTSTART;VALUE=DATE:20260112',
    'RRULE:FREQ=DAILY;COUNT=3',
    'EXDATE;VALUE=DATE:20260113T100000Z',
    'SUMMARY:I',
  ),
};

describe('every answer to a broken calendar file is a sentence, not a JavaScript error', () => {
  it('names the line that is no iCalendar line, and a component never ended', () => {
    const said = (text: string) => {
      try {
        parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(said(BROKEN['no calendar at all']!)).toBe(
      'Die ICS-Datei ist nicht lesbar: Zeile 1 („Hallo“) ist keine iCalendar-Zeile (NAME:Wert).',
    );
    expect(said(BROKEN['a component left open']!)).toBe(
      'Die ICS-Datei ist nicht lesbar: ein Eintrag (BEGIN:…) wird nie beendet (END fehlt).',
    );
  });

  for (const [name, text] of Object.entries(BROKEN)) {
    it(name, () => {
      let said: string[];
      try {
        const parsed = parseIcs({ text, timezone: 'Europe/Berlin', nowMs: NOW });
        said = [...parsed.warnings, ...parsed.skipped.flatMap((s) => [s.what, s.reason])];
      } catch (err) {
        expect(err, String(err)).toBeInstanceOf(HomeError);
        said = [(err as Error).message];
      }
      for (const text of said) {
        expect(text).not.toMatch(JS_ERROR);
        expect(text).not.toMatch(LIBRARY_TEXT);
      }
    });
  }
});
