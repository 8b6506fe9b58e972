import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';
import { HouseholdService } from './service';
import { nameOfDesktopUser } from './members';

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

  it('a user name becomes a name a person reads', () => {
    expect(nameOfDesktopUser('paul')).toBe('Paul');
    expect(nameOfDesktopUser('')).toBe('Ich');
    expect(nameOfDesktopUser('mine')).toBe('Ich');
  });
});
