import { describe, expect, it } from 'vitest';
import type { Member, MemberRole } from '../../src-shared';
import { collectionOfObject, collectionsOf, FAMILY, seesCollection } from './calendars';

const member = (id: string, name: string, role: MemberRole): Member => ({
  id,
  name,
  color: '#aa0000',
  initial: name[0]!,
  language: 'de',
  is_admin: role === 'admin',
  role,
  is_desktop: false,
  created_at: '2026-01-01T00:00:00Z',
});

describe('calendar collections', () => {
  const anna = member('mem_anna', 'Anna', 'admin');
  const ben = member('mem_ben', 'Ben', 'adult');
  const paul = member('mem_paul', 'Paul', 'child');
  const gast = member('mem_gast', 'Gast', 'guest');
  const household = [anna, ben, paul, gast];
  const roleOf = (id: string) => household.find((m) => m.id === id)?.role;
  const seenBy = (viewer: Member) =>
    collectionsOf(household, 'de')
      .filter((c) => c.kind === 'event' && seesCollection(viewer, c, roleOf))
      .map((c) => c.id);

  it('puts everyone’s events in the family calendar and a member’s in theirs, tasks in the matching task list', () => {
    expect(collectionOfObject('event', [])).toBe(FAMILY);
    expect(collectionOfObject('event', ['mem_paul'])).toBe('mem_paul');
    expect(collectionOfObject('task', [])).toBe('familie-aufgaben');
    expect(collectionOfObject('task', ['mem_paul'])).toBe('mem_paul-aufgaben');
  });

  it('puts an event for several members in the family calendar, once, where each of them sees it', () => {
    expect(collectionOfObject('event', ['mem_anna', 'mem_paul'])).toBe(FAMILY);
    for (const m of household) expect(seenBy(m)).toContain(FAMILY);
  });

  it('lists the family calendar and one calendar and task list per member, in the member’s colour', () => {
    const all = collectionsOf([anna, paul], 'de');
    expect(all.map((c) => c.id)).toEqual(['familie', 'familie-aufgaben', 'mem_anna', 'mem_anna-aufgaben', 'mem_paul', 'mem_paul-aufgaben']);
    expect(all.find((c) => c.id === 'mem_paul')).toMatchObject({ displayName: 'Paul', color: '#aa0000', kind: 'event' });
    expect(collectionsOf([paul], 'en')[0]!.displayName).toBe('Family');
  });

  it('a child sees the family’s calendar and its own, not a parent’s private one', () => {
    const all = collectionsOf([anna, paul], 'de');
    expect(all.filter((c) => seesCollection(paul, c, roleOf)).map((c) => c.id)).toEqual([
      'familie',
      'familie-aufgaben',
      'mem_paul',
      'mem_paul-aufgaben',
    ]);
    expect(seenBy(paul)).toEqual(['familie', 'mem_paul']);
  });

  it('a parent (admin or adult) also sees the children’s calendars, never another adult’s', () => {
    expect(seenBy(anna)).toEqual(['familie', 'mem_anna', 'mem_paul']);
    expect(seenBy(ben)).toEqual(['familie', 'mem_ben', 'mem_paul']);
  });

  it('a guest sees the family’s calendar and its own only; a removed member’s calendar is no one’s', () => {
    expect(seenBy(gast)).toEqual(['familie', 'mem_gast']);
    expect(seesCollection(anna, { owner: 'mem_gone' }, roleOf)).toBe(false);
  });
});
