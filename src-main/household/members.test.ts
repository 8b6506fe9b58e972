import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';
import { HouseholdService } from './service';
import { nameOfDesktopUser } from './members';
import { openDatabase } from '../platform/database';

const NOW = '2026-11-30T09:00:00Z';

describe('household members', () => {
  it('the first run makes the desktop user the desktop member, an admin, once', () => {
    const h = createHouseholdFixture({ now: NOW, desktopUser: 'anna' });
    const desktop = h.service.members.desktopMember();
    expect(desktop).toMatchObject({ name: 'Anna', initial: 'A', is_admin: true, is_desktop: true, language: 'de' });
    expect(desktop.id).toMatch(/^mem_/);
    // A second start on the same database keeps that member.
    const again = new HouseholdService({ db: h.db, timezone: 'Europe/Berlin', clock: () => h.now, desktopUser: 'someone-else' });
    expect(again.members.list()).toEqual([desktop]);
  });

  it("the first member is never named after the computer's user (root on a server), but a placeholder the first start replaces", () => {
    const h = createHouseholdFixture({ now: NOW });
    const fresh = new HouseholdService({ db: openDatabase(':memory:'), timezone: 'Europe/Berlin', clock: () => h.now });
    expect(fresh.members.desktopMember()).toMatchObject({ name: 'Elternteil', is_admin: true, is_desktop: true });
    const english = new HouseholdService({ db: openDatabase(':memory:'), timezone: 'Europe/Berlin', clock: () => h.now, language: 'en' });
    expect(english.members.desktopMember().name).toBe('Parent');
  });

  it('a new member gets the next free colour and the first letter of the name', () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: ' Paul ' });
    expect(paul).toMatchObject({ name: 'Paul', initial: 'P', is_admin: false, is_desktop: false });
    expect(paul.color).not.toBe(h.service.members.desktopMember().color);
    expect(h.service.members.find('paul')?.id).toBe(paul.id);
    expect(h.service.members.find(paul.id)?.name).toBe('Paul');
    expect(h.events.at(-1)).toEqual({ type: 'state.changed', data: { domains: ['members'] } });
  });

  it('refuses a second member of the same name, whatever the case, and bad colours, letters and languages', () => {
    const h = createHouseholdFixture({ now: NOW });
    h.service.members.create({ name: 'Paul' });
    const before = h.snapshot();
    expect(() => h.service.members.create({ name: 'PAUL' })).toThrow(/gibt es schon/);
    expect(() => h.service.members.create({ name: 'paul' })).toThrow(expect.objectContaining({ code: 'NAME_TAKEN', path: '/name' }));
    expect(() => h.service.members.create({ name: 'Mia', color: 'red' })).toThrow(/#rrggbb/);
    expect(() => h.service.members.create({ name: 'Mia', initial: 'MI' })).toThrow(/ein Zeichen/);
    expect(() => h.service.members.create({ name: 'Mia', language: 'fr' as 'de' })).toThrow(/Sprache/);
    expect(() => h.service.members.create({ name: 'mine' })).toThrow(/kein Name/);
    expect(() => h.service.members.create({ name: '   ' })).toThrow(/fehlt/);
    expect(h.snapshot()).toBe(before);
  });

  it('a rename follows with the letter; the desktop member stays an admin and cannot be removed', () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    expect(h.service.members.update(paul.id, { name: 'Mia', color: '#AABBCC' })).toMatchObject({
      name: 'Mia',
      initial: 'M',
      color: '#aabbcc',
    });
    const desktop = h.service.members.desktopMember();
    expect(() => h.service.members.update(desktop.id, { is_admin: false })).toThrow(/Verwalter/);
    expect(() => h.service.members.remove(desktop.id)).toThrow(/nicht entfernt/);
  });

  it('removing a member with assigned items asks first, then unassigns them, deletes nothing else and names what changed', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const task = await h.call('tasks_create', { title: 'Rasen mähen', assignee: paul.id });
    expect(task.data?.assignee).toBe(paul.id);
    const before = h.snapshot();
    expect(() => h.service.members.remove(paul.id)).toThrow(expect.objectContaining({ code: 'MEMBER_HAS_ITEMS' }));
    expect(h.snapshot()).toBe(before);
    const removed = h.service.members.remove(paul.id, 'unassign');
    expect(removed.unassigned).toEqual({ tasks: 1, events: 0, reminders: 0, kanban: 1 });
    // The screens reload what the event names: the items that became everyone's, and the chore chart's rows.
    expect(h.events.at(-1)).toEqual({ type: 'state.changed', data: { domains: ['tasks', 'kanban', 'members', 'chores'] } });
    expect(h.service.members.get(paul.id)).toBeUndefined();
    const tasks = await h.call('tasks_list', {});
    expect(tasks.data?.tasks).toMatchObject([{ title: 'Rasen mähen', assignee: null }]);
  });

  it('a user name becomes a name a person reads', () => {
    expect(nameOfDesktopUser('paul')).toBe('Paul');
    expect(nameOfDesktopUser('')).toBe('Desktop');
    expect(nameOfDesktopUser('mine')).toBe('Desktop');
  });
});

describe('assignees on household items', () => {
  const TOMORROW_10 = { kind: 'relative', offset_days: 1, time: '10:00' } as const;

  it('an assignee is named by id or by name in any case; an unknown one is refused and changes nothing', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    expect((await h.call('tasks_create', { title: 'A', assignee: 'pAuL' })).data?.assignee).toBe(paul.id);
    expect((await h.call('tasks_create', { title: 'B', assignee: paul.id })).data?.assignee).toBe(paul.id);
    expect((await h.call('tasks_create', { title: 'C' })).data?.assignee).toBeNull();
    const before = h.snapshot();
    for (const [name, args] of [
      ['tasks_create', { title: 'D', assignee: 'Lena' }],
      ['calendar_create', { title: 'E', when: TOMORROW_10, assignee: 'mem_unknown' }],
      ['reminders_create', { text: 'F', when: TOMORROW_10, assignee: 'Lena' }],
      ['kanban_create', { title: 'G', assignee: 'Lena' }],
      ['tasks_list', { assignee: 'Lena' }],
    ] as const) {
      const res = await h.raw(name, args);
      expect(res.success, name).toBe(false);
      expect(res.error).toMatchObject({ code: 'INVALID_INPUT', path: '/assignee' });
      expect(res.error?.message).toContain('Paul');
    }
    expect(h.snapshot()).toBe(before);
  });

  it('"mine" lists the asking member\'s items, a name that member\'s, "everyone" all of them', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const anna = h.service.members.desktopMember();
    const paul = h.service.members.create({ name: 'Paul' });
    await h.call('tasks_create', { title: 'Annas', assignee: anna.id });
    await h.call('tasks_create', { title: 'Pauls', assignee: paul.id });
    await h.call('tasks_create', { title: 'Alle' });
    const titles = async (assignee: string | undefined, member?: string) =>
      (await h.call('tasks_list', assignee === undefined ? {} : { assignee }, 'user', member)).data!.tasks.map((t) => t.title);
    expect(await titles('mine')).toEqual(['Annas']);
    expect(await titles('mine', paul.id)).toEqual(['Pauls']);
    expect(await titles('Paul')).toEqual(['Pauls']);
    expect(await titles('everyone')).toEqual(['Annas', 'Pauls', 'Alle']);
    expect(await titles(undefined)).toEqual(['Annas', 'Pauls', 'Alle']);
    const cards = await h.call('kanban_list', { assignee: 'mine' }, 'user', paul.id);
    expect(cards.data!.cards.map((c) => c.title)).toEqual(['Pauls']);
  });

  it("a reminder the assistant makes without an assignee is the asking member's; one made in the app is everyone's", async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const asked = await h.call('reminders_create', { text: 'Müll', when: TOMORROW_10 }, 'assistant', paul.id);
    expect(asked.data?.assignee).toBe(paul.id);
    expect(asked.message).toContain('für Paul');
    const desktop = await h.call('reminders_create', { text: 'Post', when: TOMORROW_10 }, 'assistant');
    expect(desktop.data?.assignee).toBe(h.service.members.desktopMember().id);
    const app = await h.call('reminders_create', { text: 'Blumen', when: TOMORROW_10 });
    expect(app.data?.assignee).toBeNull();
    const pauls = await h.call('reminders_list', { assignee: 'Paul' });
    expect(pauls.data!.reminders.map((r) => r.text)).toEqual(['Müll']);
  });

  it("an event's reminder and a task's card are for the same member, and follow a change", async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const event = await h.call('calendar_create', { title: 'Zahnarzt', when: TOMORROW_10, assignee: 'Paul' });
    expect(event.data?.assignee).toBe(paul.id);
    expect((await h.call('reminders_list', {})).data!.reminders).toMatchObject([{ text: 'Zahnarzt', assignee: paul.id }]);
    expect((await h.call('calendar_list', { assignee: 'Paul' })).data!.events.map((e) => e.title)).toEqual(['Zahnarzt']);
    await h.call('calendar_update', { id: event.data!.id, assignee: null });
    expect((await h.call('reminders_list', {})).data!.reminders).toMatchObject([{ assignee: null }]);

    const task = await h.call('tasks_create', { title: 'Rasen', assignee: 'Paul' });
    expect((await h.call('kanban_list', {})).data!.cards).toMatchObject([{ title: 'Rasen', assignee: paul.id }]);
    await h.call('tasks_update', { id: task.data!.id, assignee: null });
    expect((await h.call('kanban_list', {})).data!.cards).toMatchObject([{ title: 'Rasen', assignee: null }]);
  });

  it('a card gets a new assignee and keeps its place', async () => {
    const h = createHouseholdFixture({ now: NOW });
    const paul = h.service.members.create({ name: 'Paul' });
    const first = await h.call('kanban_create', { title: 'Eins' });
    await h.call('kanban_create', { title: 'Zwei' });
    const moved = await h.call('kanban_move', { id: first.data!.id, column: 'TODO', assignee: 'Paul' });
    expect(moved.data).toMatchObject({ order: 0, column: 'TODO', assignee: paul.id });
    expect(moved.message).toBe('Karte „Eins“ ist jetzt für Paul.');
  });
});
