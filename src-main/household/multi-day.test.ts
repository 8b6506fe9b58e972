// All-day events over several days: created with `last_day` (inclusive), moved with their
// number of days, shortened or lengthened, and refused in words when the days make no sense.
import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';

// Monday 2 March 2026 in Berlin; the clocks go forward on Sunday 29 March.
const NOW = '2026-03-02T09:00:00Z';
const day = (date: string) => ({ kind: 'absolute' as const, date });

async function holiday(first = '2026-03-27', last = '2026-03-30') {
  const h = createHouseholdFixture({ now: NOW });
  const created = await h.call('calendar_create', { title: 'Osterferien', when: day(first), last_day: day(last) });
  expect(created.success).toBe(true);
  return { h, event: created.data! };
}

async function window(h: Awaited<ReturnType<typeof holiday>>['h'], from: string, days: number) {
  return (await h.call('calendar_list', { from: day(from), days })).data!.events;
}

describe('all-day events over several days', () => {
  it('last_day makes one event from local midnight of the first day to midnight after the last, across the DST switch', async () => {
    const { h, event } = await holiday();
    expect(event).toMatchObject({ all_day: true, start: '2026-03-27T00:00:00+01:00', end: '2026-03-31T00:00:00+02:00' });
    const created = await h.call('calendar_list', { from: day('2026-03-30'), days: 1 });
    expect(created.data!.events.map((e) => e.title)).toEqual(['Osterferien']);
    expect(await window(h, '2026-03-31', 3)).toEqual([]);
  });

  it('says the days in its confirmation', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const r = await h.call('calendar_create', { title: 'Urlaub', when: day('2026-06-03'), last_day: day('2026-06-07') });
    expect(r.message).toContain('vom Mittwoch, 3. Juni 2026 bis Sonntag, 7. Juni 2026 (ganztägig)');
  });

  it('a last_day equal to the first day is one day, as without it', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const r = await h.call('calendar_create', { title: 'Ausflug', when: day('2026-05-01'), last_day: day('2026-05-01') });
    expect(r.data).toMatchObject({ start: '2026-05-01T00:00:00+02:00', end: '2026-05-02T00:00:00+02:00' });
  });

  it('refuses a last day before the first, one with a time, a timed event with last_day and a span over a year, writing nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const before = h.snapshot();
    const backwards = await h.raw('calendar_create', { title: 'X', when: day('2026-05-05'), last_day: day('2026-05-04') });
    expect(backwards).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', path: '/last_day' } });
    expect(backwards.error!.message).toContain('liegt vor dem ersten');
    const timed = await h.raw('calendar_create', {
      title: 'X',
      when: { kind: 'absolute', date: '2026-05-05', time: '10:00' },
      last_day: day('2026-05-06'),
    });
    expect(timed.error).toMatchObject({ code: 'INVALID_INPUT', path: '/last_day' });
    expect(timed.error!.message).toContain('nur für ganztägige');
    const withTime = await h.raw('calendar_create', {
      title: 'X',
      when: day('2026-05-05'),
      last_day: { kind: 'absolute', date: '2026-05-06', time: '10:00' },
    });
    expect(withTime.success).toBe(false);
    const long = await h.raw('calendar_create', { title: 'X', when: day('2026-05-05'), last_day: day('2027-05-06') });
    expect(long.error!.message).toContain('höchstens 366 Tage');
    expect(h.snapshot()).toBe(before);
  });

  it('moving it (a new when without time) keeps its number of days', async () => {
    const { h, event } = await holiday();
    const r = await h.call('calendar_update', { id: event.id, when: day('2026-04-06') });
    expect(r.data).toMatchObject({ start: '2026-04-06T00:00:00+02:00', end: '2026-04-10T00:00:00+02:00', all_day: true });
    expect(r.message).toContain('vom Montag, 6. April 2026 bis Donnerstag, 9. April 2026');
  });

  it('last_day alone lengthens or shortens it from its first day; a timed event refuses it', async () => {
    const { h, event } = await holiday();
    const longer = await h.call('calendar_update', { id: event.id, last_day: day('2026-04-10') });
    expect(longer.data).toMatchObject({ start: '2026-03-27T00:00:00+01:00', end: '2026-04-11T00:00:00+02:00' });
    const both = await h.call('calendar_update', { id: event.id, when: day('2026-04-01'), last_day: day('2026-04-02') });
    expect(both.data).toMatchObject({ start: '2026-04-01T00:00:00+02:00', end: '2026-04-03T00:00:00+02:00' });
    const timed = await h.call('calendar_create', { title: 'Zahnarzt', when: { kind: 'absolute', date: '2026-04-01', time: '10:00' } });
    const refused = await h.raw('calendar_update', { id: timed.data!.id, last_day: day('2026-04-02') });
    expect(refused.error).toMatchObject({ code: 'INVALID_INPUT', path: '/last_day' });
  });

  it('a weekly series of weekends repeats all of its days; one occurrence moves with its days kept', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const s = await h.call('calendar_create', {
      title: 'Wochenende bei Oma',
      when: day('2026-03-07'),
      last_day: day('2026-03-08'),
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
    });
    expect(s.data).toMatchObject({ start: '2026-03-07T00:00:00+01:00', end: '2026-03-09T00:00:00+01:00' });
    const list = await window(h, '2026-03-01', 31);
    expect(list.map((e) => [e.start, e.end])).toEqual([
      ['2026-03-07T00:00:00+01:00', '2026-03-09T00:00:00+01:00'],
      ['2026-03-21T00:00:00+01:00', '2026-03-23T00:00:00+01:00'],
    ]);
    const moved = await h.call('calendar_update', {
      id: s.data!.id,
      scope: 'this',
      occurrence_start: '2026-03-21T00:00:00+01:00',
      when: day('2026-03-20'),
    });
    expect(moved.data).toMatchObject({ start: '2026-03-20T00:00:00+01:00', end: '2026-03-22T00:00:00+01:00', overridden: true });
  });

  it('a deleted multi-day event comes back whole through calendar_create (what undo sends)', async () => {
    const { h, event } = await holiday();
    await h.call('calendar_delete', { id: event.id });
    const back = await h.call('calendar_create', { title: event.title, when: day('2026-03-27'), last_day: day('2026-03-30') });
    expect([back.data!.start, back.data!.end]).toEqual([event.start, event.end]);
  });
});
