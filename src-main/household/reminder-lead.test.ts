import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';
import { parseIcs } from './ics/parse';

// An event's own alarm ("15 minutes before", as a phone's calendar sets it) is its
// reminder's lead: read from a VALARM, kept by the calendar tools, followed on every move.

const MONDAY = '2026-11-30T09:00:00Z';
const NOW = Date.parse(MONDAY);

function vevent(alarm: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:lead@test',
    'DTSTART:20261202T150000Z',
    'DTEND:20261202T160000Z',
    'SUMMARY:Zahnarzt',
    ...alarm,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const valarm = (trigger: string) => ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:x', trigger, 'END:VALARM'];

describe('an event’s own alarm', () => {
  it('is read from the first VALARM before the start, in minutes', () => {
    const lead = (alarm: string[]) => parseIcs({ text: vevent(alarm), timezone: 'Europe/Berlin', nowMs: NOW }).events[0]!.reminderMinutes;
    expect(lead(valarm('TRIGGER:-PT15M'))).toBe(15);
    expect(lead(valarm('TRIGGER:-P1D'))).toBe(1440);
    expect(lead(valarm('TRIGGER:PT0S'))).toBe(0);
    expect(lead([])).toBeUndefined();
    // At a fixed time, after the end, or after the start: left to the calendar app.
    expect(lead(valarm('TRIGGER;VALUE=DATE-TIME:20261202T140000Z'))).toBeUndefined();
    expect(lead(valarm('TRIGGER;RELATED=END:-PT5M'))).toBeUndefined();
    expect(lead(valarm('TRIGGER:PT10M'))).toBeUndefined();
    expect(lead([...valarm('TRIGGER:PT10M'), ...valarm('TRIGGER:-PT1H')])).toBe(60);
  });

  it('sets the reminder’s lead on a new event and keeps it when the event moves', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('calendar_create', {
      title: 'Zahnarzt',
      when: { kind: 'absolute', date: '2026-12-02', time: '16:00' },
      reminder_minutes: 15,
    });
    expect(created.message).toContain('Erinnerung um 15:45 Uhr');
    const id = String(created.data!.id);
    const at = async () => (await h.call('reminders_list', {})).data!.reminders.map((r) => r.at);
    expect(await at()).toEqual(['2026-12-02T15:45:00+01:00']);

    await h.call('calendar_update', { id, when: { kind: 'absolute', date: '2026-12-03', time: '10:00' } });
    expect(await at()).toEqual(['2026-12-03T09:45:00+01:00']);
    await h.call('calendar_update', { id, reminder_minutes: 60 });
    expect(await at()).toEqual(['2026-12-03T09:00:00+01:00']);
    // null goes back to the household's 30 minutes.
    await h.call('calendar_update', { id, reminder_minutes: null });
    expect(await at()).toEqual(['2026-12-03T09:30:00+01:00']);
  });

  it('is the lead of every occurrence of a series', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('calendar_create', {
      title: 'Chor',
      when: { kind: 'absolute', date: '2026-12-01', time: '17:00' },
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      reminder_minutes: 10,
    });
    expect(created.message).toContain('Erinnerung jeweils 10 Minuten vorher');
    const reminders = (await h.call('reminders_list', {})).data!.reminders;
    expect(reminders.map((r) => r.at)).toEqual(['2026-12-01T16:50:00+01:00']);
    await h.call('calendar_update', { id: String(created.data!.id), scope: 'all', reminder_minutes: 120 });
    expect((await h.call('reminders_list', {})).data!.reminders.map((r) => r.at)).toEqual(['2026-12-01T15:00:00+01:00']);
  });

  it('refuses a lead of more than four weeks or below zero and changes nothing', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const before = h.snapshot();
    for (const reminder_minutes of [-5, 40_321, 1.5]) {
      const r = await h.call('calendar_create', {
        title: 'X',
        when: { kind: 'absolute', date: '2026-12-02', time: '16:00' },
        reminder_minutes,
      });
      expect(r.success).toBe(false);
    }
    expect(h.snapshot()).toBe(before);
  });

  it('comes from an imported file too', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const ics = vevent(valarm('TRIGGER:-PT45M'));
    await h.service.importIcs(ics);
    expect((await h.call('reminders_list', {})).data!.reminders.map((r) => r.at)).toEqual(['2026-12-02T15:15:00+01:00']);
  });
});
