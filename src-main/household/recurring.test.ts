// Recurring events at tool level: create, list, the three scopes of edit and delete, and
// reminders per occurrence.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';

// Monday 2 March 2026, 10:00 in Berlin; the clocks go forward on 29 March.
const NOW = '2026-03-02T09:00:00Z';
const starts = (events: readonly CalendarEvent[]) => events.map((e) => e.start);

async function turnen() {
  const h = createHouseholdFixture({ now: NOW });
  const created = await h.call('calendar_create', {
    title: 'Turnen',
    when: { kind: 'weekday', weekday: 'monday', time: '17:00' },
    rrule: 'FREQ=WEEKLY;BYDAY=MO',
  });
  expect(created.success).toBe(true);
  return { h, series: created.data! };
}

async function month(h: Awaited<ReturnType<typeof turnen>>['h'], from = '2026-03-01', days = 31) {
  return (await h.call('calendar_list', { from: { kind: 'absolute', date: from }, days })).data!.events;
}

describe('recurring events', () => {
  it('"Turnen jeden Montag 17 Uhr" lists every Monday at 17:00 local, across the DST switch', async () => {
    const { h, series } = await turnen();
    expect(series).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      start: '2026-03-02T17:00:00+01:00',
      occurrence_start: '2026-03-02T17:00:00+01:00',
      overridden: false,
    });
    const list = await month(h);
    expect(starts(list)).toEqual([
      '2026-03-02T17:00:00+01:00',
      '2026-03-09T17:00:00+01:00',
      '2026-03-16T17:00:00+01:00',
      '2026-03-23T17:00:00+01:00',
      '2026-03-30T17:00:00+02:00',
    ]);
    expect(list.every((e) => e.id === series.id && e.rrule === 'FREQ=WEEKLY;BYDAY=MO')).toBe(true);
    expect(list.map((e) => e.occurrence_start)).toEqual(starts(list));
  });

  it('a series asked for today starts on its first matching day ("am 1. jeden Monats")', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const r = await h.call('calendar_create', {
      title: 'Miete',
      when: { kind: 'relative', offset_days: 0 },
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
    });
    expect(r.data).toMatchObject({ start: '2026-04-01T00:00:00+02:00', all_day: true });
    expect(r.message).toContain('monatlich am 1.');
  });

  it('refuses a rule it does not support with a sentence, and writes nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const before = h.snapshot();
    const r = await h.raw('calendar_create', {
      title: 'X',
      when: { kind: 'relative', offset_days: 0, time: '10:00' },
      rrule: 'FREQ=HOURLY',
    });
    expect(r).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', path: '/rrule' } });
    expect(r.error!.message).toContain('öfter als täglich');
    const never = await h.raw('calendar_create', {
      title: 'X',
      when: { kind: 'relative', offset_days: 0 },
      rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    });
    expect(never.error!.message).toContain('keinen einzigen Termin');
    expect(h.snapshot()).toBe(before);
  });

  it('moves one occurrence (scope this): the others stay, the moved one shows overridden at its new time', async () => {
    const { h, series } = await turnen();
    const r = await h.call('calendar_update', {
      id: series.id,
      scope: 'this',
      occurrence_start: '2026-03-16T17:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-17', time: '18:00' },
    });
    expect(r.data).toMatchObject({
      id: series.id,
      start: '2026-03-17T18:00:00+01:00',
      occurrence_start: '2026-03-16T17:00:00+01:00',
      overridden: true,
    });
    const list = await month(h);
    expect(starts(list)).toEqual([
      '2026-03-02T17:00:00+01:00',
      '2026-03-09T17:00:00+01:00',
      '2026-03-17T18:00:00+01:00',
      '2026-03-23T17:00:00+01:00',
      '2026-03-30T17:00:00+02:00',
    ]);
    // An occurrence that does not exist is named as such.
    const wrong = await h.raw('calendar_update', {
      id: series.id,
      scope: 'this',
      occurrence_start: '2026-03-17T17:00:00+01:00',
      title: 'X',
    });
    expect(wrong.error).toMatchObject({ code: 'NOT_FOUND', path: '/occurrence_start' });
    const noKey = await h.raw('calendar_update', { id: series.id, scope: 'this', title: 'X' });
    expect(noKey.error).toMatchObject({ code: 'INVALID_INPUT', path: '/occurrence_start' });
  });

  it('edits this and all following: the old series ends before it, a new one carries the change', async () => {
    const { h, series } = await turnen();
    const r = await h.call('calendar_update', {
      id: series.id,
      scope: 'following',
      occurrence_start: '2026-03-16T17:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-17', time: '18:00' },
      title: 'Turnen (neu)',
    });
    expect(r.data).toMatchObject({ title: 'Turnen (neu)', start: '2026-03-17T18:00:00+01:00', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    expect(r.data!.id).not.toBe(series.id);
    const list = await month(h);
    expect(list.map((e) => `${e.title} ${e.start}`)).toEqual([
      'Turnen 2026-03-02T17:00:00+01:00',
      'Turnen 2026-03-09T17:00:00+01:00',
      'Turnen (neu) 2026-03-17T18:00:00+01:00',
      'Turnen (neu) 2026-03-24T18:00:00+01:00',
      'Turnen (neu) 2026-03-31T18:00:00+02:00',
    ]);
  });

  it('edits all: the time of every occurrence changes and a moved occurrence keeps its own time', async () => {
    const { h, series } = await turnen();
    await h.call('calendar_update', {
      id: series.id,
      scope: 'this',
      occurrence_start: '2026-03-16T17:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-16', time: '19:00' },
    });
    await h.call('calendar_update', {
      id: series.id,
      scope: 'this',
      occurrence_start: '2026-03-23T17:00:00+01:00',
      title: 'Turnen mit Eltern',
    });
    // The UI edits "all" from the occurrence it shows: the change applies relative to it.
    const r = await h.call('calendar_update', {
      id: series.id,
      scope: 'all',
      occurrence_start: '2026-03-09T17:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-09', time: '16:30' },
      title: 'Kinderturnen',
    });
    expect(r.success).toBe(true);
    const list = await month(h);
    expect(list.map((e) => `${e.title} ${e.start}`)).toEqual([
      'Kinderturnen 2026-03-02T16:30:00+01:00',
      'Kinderturnen 2026-03-09T16:30:00+01:00',
      'Kinderturnen 2026-03-16T19:00:00+01:00',
      'Turnen mit Eltern 2026-03-23T16:30:00+01:00',
      'Kinderturnen 2026-03-30T16:30:00+02:00',
    ]);
  });

  it('deletes one occurrence, then all following, then the series', async () => {
    const { h, series } = await turnen();
    const one = await h.call('calendar_delete', { id: series.id, scope: 'this', occurrence_start: '2026-03-09T17:00:00+01:00' });
    expect(one.data).toMatchObject({ start: '2026-03-09T17:00:00+01:00' });
    expect(starts(await month(h))).toEqual([
      '2026-03-02T17:00:00+01:00',
      '2026-03-16T17:00:00+01:00',
      '2026-03-23T17:00:00+01:00',
      '2026-03-30T17:00:00+02:00',
    ]);
    await h.call('calendar_delete', { id: series.id, scope: 'following', occurrence_start: '2026-03-23T17:00:00+01:00' });
    expect(starts(await month(h, '2026-03-01', 120))).toEqual(['2026-03-02T17:00:00+01:00', '2026-03-16T17:00:00+01:00']);
    await h.call('calendar_delete', { id: series.id });
    expect(await month(h)).toEqual([]);
  });

  it('ends the recurrence with rrule null, keeping one event', async () => {
    const { h, series } = await turnen();
    const r = await h.call('calendar_update', { id: series.id, rrule: null });
    expect(r.data).toMatchObject({ rrule: null, occurrence_start: null, start: '2026-03-02T17:00:00+01:00' });
    expect(starts(await month(h))).toEqual(['2026-03-02T17:00:00+01:00']);
  });

  it('reminds 30 minutes before each occurrence, one after the other', async () => {
    const { h, series } = await turnen();
    const pending = async () =>
      (await h.call('reminders_list', {})).data!.reminders.map((r) => `${r.at} ${r.fired_at ? 'fired' : 'pending'}`);
    expect(await pending()).toEqual(['2026-03-02T16:30:00+01:00 pending']);
    h.now = new Date('2026-03-02T15:31:00Z');
    expect(h.service.fireDueReminders().map((r) => r.event_id)).toEqual([series.id]);
    // The occurrence begins; the next pass makes the reminder for next Monday.
    h.now = new Date('2026-03-02T16:01:00Z');
    h.service.fireDueReminders();
    expect(await pending()).toEqual(['2026-03-09T16:30:00+01:00 pending']);
    // Off for three weeks: the missed reminder fires once, and the series moves on to the
    // next occurrence after now, which after the DST switch is 30 minutes before 17:00 local.
    h.now = new Date('2026-03-30T14:31:00Z');
    expect(h.service.fireDueReminders().map((r) => r.at)).toEqual(['2026-03-09T16:30:00+01:00']);
    expect(await pending()).toEqual(['2026-03-30T16:30:00+02:00 pending']);
    h.now = new Date('2026-03-30T14:32:00Z');
    expect(h.service.fireDueReminders().map((r) => r.at)).toEqual(['2026-03-30T16:30:00+02:00']);
  });

  it('a moved occurrence takes its reminder along', async () => {
    const { h, series } = await turnen();
    await h.call('calendar_update', {
      id: series.id,
      scope: 'this',
      occurrence_start: '2026-03-02T17:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-02', time: '18:00' },
    });
    expect((await h.call('reminders_list', {})).data!.reminders.map((r) => r.at)).toEqual(['2026-03-02T17:30:00+01:00']);
  });

  it('lists a window via to, and /api/state-style windows include the occurrences', async () => {
    const { h } = await turnen();
    const r = await h.call('calendar_list', {
      from: { kind: 'absolute', date: '2026-03-01' },
      to: { kind: 'absolute', date: '2026-03-10' },
    });
    expect(starts(r.data!.events)).toEqual(['2026-03-02T17:00:00+01:00', '2026-03-09T17:00:00+01:00']);
    expect(h.service.state().events.length).toBeGreaterThanOrEqual(8);
  });

  it('splitting a series with COUNT keeps the number of occurrences', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const s = (
      await h.call('calendar_create', {
        title: 'Kurs',
        when: { kind: 'weekday', weekday: 'monday', time: '18:00' },
        rrule: 'FREQ=WEEKLY;COUNT=6',
      })
    ).data!;
    const r = await h.call('calendar_update', {
      id: s.id,
      scope: 'following',
      occurrence_start: '2026-03-16T18:00:00+01:00',
      when: { kind: 'absolute', date: '2026-03-16', time: '19:00' },
    });
    expect(r.data!.rrule).toBe('FREQ=WEEKLY;COUNT=4');
    expect(starts(await month(h, '2026-03-01', 60))).toEqual([
      '2026-03-02T18:00:00+01:00',
      '2026-03-09T18:00:00+01:00',
      '2026-03-16T19:00:00+01:00',
      '2026-03-23T19:00:00+01:00',
      '2026-03-30T19:00:00+02:00',
      '2026-04-06T19:00:00+02:00',
    ]);
  });

  it('moving all of "every Monday" to a Tuesday makes it every Tuesday', async () => {
    const { h, series } = await turnen();
    const r = await h.call('calendar_update', { id: series.id, when: { kind: 'absolute', date: '2026-03-03', time: '17:00' } });
    expect(r.data).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU', start: '2026-03-03T17:00:00+01:00' });
  });
});
