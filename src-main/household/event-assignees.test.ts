import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';

const NOW = '2026-11-30T09:00:00Z';
const TOMORROW_19 = { kind: 'relative', offset_days: 1, time: '19:00' } as const;

describe('events for several people', () => {
  it('an event names several members in order; the first stays `assignee` for older clients', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const mia = h.service.members.create({ name: 'Mia' });
    const created = await h.raw('calendar_create', { title: 'Elternabend', when: TOMORROW_19, assignees: ['Paul', 'mia'] });
    expect(created.success).toBe(true);
    expect(created.data).toMatchObject({ assignee: paul.id, assignees: [paul.id, mia.id] });
    expect(created.message).toContain('für Paul und Mia');
    // Each of them finds it under their own name, and the list keeps its order.
    for (const who of ['Paul', 'Mia']) {
      const list = await h.call('calendar_list', { days: 7, assignee: who });
      expect(
        list.data?.events.map((e) => e.title),
        who,
      ).toEqual(['Elternabend']);
      expect(list.data?.events[0]?.assignees).toEqual([paul.id, mia.id]);
    }
    // Several people: the reminder is everyone's, so none of them misses it.
    const reminder = (await h.call('reminders_list', {})).data?.reminders.find((r) => r.text === 'Elternabend');
    expect(reminder?.assignee).toBeNull();
  });

  it('the old single `assignee` still works and means a list of one', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const created = await h.call('calendar_create', { title: 'Training', when: TOMORROW_19, assignee: 'Paul' });
    expect(created.data).toMatchObject({ assignee: paul.id, assignees: [paul.id] });
    const reminder = (await h.call('reminders_list', {})).data?.reminders.find((r) => r.text === 'Training');
    expect(reminder?.assignee).toBe(paul.id);
    const updated = await h.call('calendar_update', { id: created.data!.id, assignee: null });
    expect(updated.data).toMatchObject({ assignee: null, assignees: [] });
  });

  it('an update replaces the list; an empty list or "everyone" makes it everyone’s', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const mia = h.service.members.create({ name: 'Mia' });
    const id = (await h.call('calendar_create', { title: 'Zoo', when: TOMORROW_19, assignee: 'Paul' })).data!.id;
    expect((await h.call('calendar_update', { id, assignees: ['Mia', 'Paul'] })).data?.assignees).toEqual([mia.id, paul.id]);
    expect((await h.call('calendar_update', { id, title: 'Zoo am Nachmittag' })).data?.assignees).toEqual([mia.id, paul.id]);
    expect((await h.call('calendar_update', { id, assignees: [] })).data).toMatchObject({ assignee: null, assignees: [] });
    expect((await h.call('calendar_update', { id, assignees: ['Paul', 'alle'] })).data?.assignees).toEqual([]);
  });

  it('an unknown name, or both arguments at once, is refused and changes nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    h.service.members.create({ name: 'Paul' });
    const before = h.snapshot();
    const unknown = await h.raw('calendar_create', { title: 'X', when: TOMORROW_19, assignees: ['Paul', 'Lena'] });
    expect(unknown.error).toMatchObject({ code: 'INVALID_INPUT', path: '/assignees/1' });
    expect(unknown.error?.message).toContain('Lena');
    const both = await h.raw('calendar_create', { title: 'X', when: TOMORROW_19, assignee: 'Paul', assignees: ['Paul'] });
    expect(both.error).toMatchObject({ code: 'INVALID_INPUT', path: '/assignees' });
    expect(h.snapshot()).toBe(before);
    // A name twice is one person.
    const twice = await h.call('calendar_create', { title: 'Y', when: TOMORROW_19, assignees: ['Paul', 'paul'] });
    expect(twice.data?.assignees).toHaveLength(1);
  });

  it('removing a member takes them off every event and leaves the others on it', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const mia = h.service.members.create({ name: 'Mia' });
    const id = (await h.call('calendar_create', { title: 'Elternabend', when: TOMORROW_19, assignees: ['Paul', 'Mia'] })).data!.id;
    h.service.members.remove(paul.id, 'unassign');
    const list = await h.call('calendar_list', { days: 7 });
    expect(list.data?.events.find((e) => e.id === id)).toMatchObject({ assignee: mia.id, assignees: [mia.id] });
  });

  it('a series keeps its people on every occurrence', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const mia = h.service.members.create({ name: 'Mia' });
    await h.call('calendar_create', { title: 'Schwimmen', when: TOMORROW_19, rrule: 'FREQ=WEEKLY', assignees: ['Mia', 'Paul'] });
    const list = await h.call('calendar_list', { days: 21 });
    const swims = list.data?.events.filter((e) => e.title === 'Schwimmen') ?? [];
    expect(swims.length).toBe(3);
    for (const e of swims) expect(e.assignees).toEqual([mia.id, paul.id]);
  });
});
