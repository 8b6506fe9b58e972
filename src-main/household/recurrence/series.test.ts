import { describe, expect, it } from 'vitest';
import { toRfc3339 } from '../time';
import { firstOccurrenceFrom, ruleOccurrencesIn, seriesEndOf, shapeOf } from './series';

const at = (iso: string) => Date.parse(iso);

function starts(rrule: string, start: string, end: string, zone: string, from: string, to: string): string[] {
  const s = shapeOf({ rrule, tzid: null, startMs: at(start), endMs: at(end), allDay: false }, zone);
  return ruleOccurrencesIn(s, at(from), at(to)).map((o) => toRfc3339(o.startMs, zone));
}

describe('series across DST changes', () => {
  it('"Turnen jeden Montag 17 Uhr" stays at 17:00 in Berlin across the spring switch (29 March 2026)', () => {
    expect(
      starts(
        'FREQ=WEEKLY;BYDAY=MO',
        '2026-03-16T16:00:00Z',
        '2026-03-16T17:00:00Z',
        'Europe/Berlin',
        '2026-03-16T00:00:00Z',
        '2026-04-07T00:00:00Z',
      ),
    ).toEqual(['2026-03-16T17:00:00+01:00', '2026-03-23T17:00:00+01:00', '2026-03-30T17:00:00+02:00', '2026-04-06T17:00:00+02:00']);
  });

  it('stays at 17:00 in Berlin across the autumn switch (25 October 2026) and keeps its length', () => {
    const s = shapeOf(
      { rrule: 'FREQ=WEEKLY;BYDAY=MO', tzid: null, startMs: at('2026-10-12T15:00:00Z'), endMs: at('2026-10-12T16:30:00Z'), allDay: false },
      'Europe/Berlin',
    );
    const list = ruleOccurrencesIn(s, at('2026-10-12T00:00:00Z'), at('2026-11-03T00:00:00Z'));
    expect(list.map((o) => toRfc3339(o.startMs, 'Europe/Berlin'))).toEqual([
      '2026-10-12T17:00:00+02:00',
      '2026-10-19T17:00:00+02:00',
      '2026-10-26T17:00:00+01:00',
      '2026-11-02T17:00:00+01:00',
    ]);
    expect(list.every((o) => o.endMs - o.startMs === 90 * 60_000)).toBe(true);
  });

  it('a daily 02:30 series moves past the gap on the spring day only, and takes the first 02:30 in autumn', () => {
    expect(
      starts('FREQ=DAILY', '2026-03-28T01:30:00Z', '2026-03-28T01:45:00Z', 'Europe/Berlin', '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z'),
    ).toEqual(['2026-03-28T02:30:00+01:00', '2026-03-29T03:30:00+02:00', '2026-03-30T02:30:00+02:00']);
    expect(
      starts('FREQ=DAILY', '2026-10-24T00:30:00Z', '2026-10-24T00:45:00Z', 'Europe/Berlin', '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z'),
    ).toEqual(['2026-10-24T02:30:00+02:00', '2026-10-25T02:30:00+02:00', '2026-10-26T02:30:00+01:00']);
  });

  it('keeps 09:00 in New York across its own switches (8 March and 1 November 2026)', () => {
    expect(
      starts(
        'FREQ=WEEKLY;BYDAY=FR',
        '2026-03-06T14:00:00Z',
        '2026-03-06T15:00:00Z',
        'America/New_York',
        '2026-03-06T00:00:00Z',
        '2026-03-14T00:00:00Z',
      ),
    ).toEqual(['2026-03-06T09:00:00-05:00', '2026-03-13T09:00:00-04:00']);
    expect(
      starts(
        'FREQ=DAILY;BYDAY=SA,SU,MO',
        '2026-10-31T13:00:00Z',
        '2026-10-31T14:00:00Z',
        'America/New_York',
        '2026-10-31T00:00:00Z',
        '2026-11-03T00:00:00Z',
      ),
    ).toEqual(['2026-10-31T09:00:00-04:00', '2026-11-01T09:00:00-05:00', '2026-11-02T09:00:00-05:00']);
  });

  it('keeps the wall time of a series in its own zone, not the household zone', () => {
    const s = shapeOf(
      {
        rrule: 'FREQ=WEEKLY',
        tzid: 'America/New_York',
        startMs: at('2026-03-02T14:00:00Z'),
        endMs: at('2026-03-02T15:00:00Z'),
        allDay: false,
      },
      'Europe/Berlin',
    );
    const list = ruleOccurrencesIn(s, at('2026-03-02T00:00:00Z'), at('2026-03-17T00:00:00Z'));
    // New York switches on 8 March, Berlin on 29 March: in Berlin the meeting moves from 15:00 to 14:00.
    expect(list.map((o) => toRfc3339(o.startMs, 'Europe/Berlin'))).toEqual([
      '2026-03-02T15:00:00+01:00',
      '2026-03-09T14:00:00+01:00',
      '2026-03-16T14:00:00+01:00',
    ]);
  });

  it('all-day series span whole local days on 23- and 25-hour days', () => {
    const s = shapeOf(
      { rrule: 'FREQ=WEEKLY;BYDAY=SU', tzid: null, startMs: at('2026-03-21T23:00:00Z'), endMs: at('2026-03-22T23:00:00Z'), allDay: true },
      'Europe/Berlin',
    );
    const [, spring] = ruleOccurrencesIn(s, at('2026-03-21T00:00:00Z'), at('2026-03-30T00:00:00Z'));
    expect(toRfc3339(spring!.startMs, 'Europe/Berlin')).toBe('2026-03-29T00:00:00+01:00');
    expect(toRfc3339(spring!.endMs, 'Europe/Berlin')).toBe('2026-03-30T00:00:00+02:00');
  });
});

describe('series rules', () => {
  const berlin = (rrule: string, start: string, from: string, to: string) =>
    starts(
      rrule,
      start,
      start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
      'Europe/Berlin',
      from,
      to,
    );

  it('"Restmüll jeden zweiten Dienstag" keeps the two-week beat from its start, also in a later window', () => {
    expect(berlin('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06T06:00:00Z', '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      '2026-06-09T07:00:00+02:00',
      '2026-06-23T07:00:00+02:00',
    ]);
  });

  it('"am 1. jeden Monats" and the last day of the month', () => {
    expect(
      berlin('FREQ=MONTHLY;BYMONTHDAY=1', '2026-01-01T08:00:00Z', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z').map((x) =>
        x.slice(0, 10),
      ),
    ).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(
      berlin('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31T08:00:00Z', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z').map((x) =>
        x.slice(0, 10),
      ),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('a monthly series on the 31st skips the shorter months', () => {
    expect(
      berlin('FREQ=MONTHLY', '2026-01-31T08:00:00Z', '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z').map((x) => x.slice(0, 10)),
    ).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });

  it('the first Monday and the last Friday of a month, the last weekday with BYSETPOS', () => {
    expect(
      berlin('FREQ=MONTHLY;BYDAY=1MO', '2026-01-05T08:00:00Z', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z').map((x) => x.slice(0, 10)),
    ).toEqual(['2026-01-05', '2026-02-02', '2026-03-02']);
    expect(
      berlin('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30T08:00:00Z', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z').map((x) => x.slice(0, 10)),
    ).toEqual(['2026-01-30', '2026-02-27', '2026-03-27']);
    expect(
      berlin('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30T08:00:00Z', '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z').map(
        (x) => x.slice(0, 10),
      ),
    ).toEqual(['2026-01-30', '2026-02-27', '2026-03-31', '2026-04-30', '2026-05-29']);
  });

  it('yearly birthdays, also on 29 February only in leap years', () => {
    expect(
      berlin('FREQ=YEARLY', '2024-02-29T08:00:00Z', '2024-01-01T00:00:00Z', '2033-01-01T00:00:00Z').map((x) => x.slice(0, 10)),
    ).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
  });

  it('COUNT counts from the start, also when the window is later; UNTIL includes its day', () => {
    expect(
      berlin('FREQ=DAILY;COUNT=5', '2026-01-01T08:00:00Z', '2026-01-04T00:00:00Z', '2026-02-01T00:00:00Z').map((x) => x.slice(0, 10)),
    ).toEqual(['2026-01-04', '2026-01-05']);
    expect(
      berlin('FREQ=WEEKLY;UNTIL=20260115', '2026-01-01T08:00:00Z', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z').map((x) =>
        x.slice(0, 10),
      ),
    ).toEqual(['2026-01-01', '2026-01-08', '2026-01-15']);
    expect(
      berlin('FREQ=WEEKLY;UNTIL=20260115T075959Z', '2026-01-01T08:00:00Z', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z').map((x) =>
        x.slice(0, 10),
      ),
    ).toEqual(['2026-01-01', '2026-01-08']);
  });

  it('a rule that never occurs ends within its bounds instead of looping', () => {
    const s = shapeOf(
      {
        rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
        tzid: null,
        startMs: at('2026-01-01T08:00:00Z'),
        endMs: at('2026-01-01T09:00:00Z'),
        allDay: false,
      },
      'Europe/Berlin',
    );
    expect(firstOccurrenceFrom(s, at('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(ruleOccurrencesIn(s, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it('the end of a series with COUNT is the end of its last occurrence', () => {
    const s = shapeOf(
      { rrule: 'FREQ=WEEKLY;COUNT=3', tzid: null, startMs: at('2026-03-16T16:00:00Z'), endMs: at('2026-03-16T17:00:00Z'), allDay: false },
      'Europe/Berlin',
    );
    expect(toRfc3339(seriesEndOf(s)!, 'Europe/Berlin')).toBe('2026-03-30T18:00:00+02:00');
    expect(seriesEndOf(shapeOf({ rrule: 'FREQ=WEEKLY', tzid: null, startMs: 0, endMs: 1, allDay: false }, 'Europe/Berlin'))).toBeNull();
  });
});
