import { describe, expect, it } from 'vitest';
import type { Member } from '../../src-shared';
import { collectionOfObject, collectionsOf, FAMILY, seesCollection } from './calendars';

const member = (id: string, name: string, is_admin = false): Member => ({
  id,
  name,
  color: '#aa0000',
  initial: name[0]!,
  language: 'de',
  is_admin,
  role: is_admin ? 'admin' : 'adult',
  is_desktop: false,
  created_at: '2026-01-01T00:00:00Z',
});

describe('calendar collections', () => {
  const anna = member('mem_anna', 'Anna', true);
  const paul = member('mem_paul', 'Paul');

  it('puts everyone’s events in the family calendar and a member’s in theirs, tasks in the matching task list', () => {
    expect(collectionOfObject('event', null)).toBe(FAMILY);
    expect(collectionOfObject('event', 'mem_paul')).toBe('mem_paul');
    expect(collectionOfObject('task', null)).toBe('familie-aufgaben');
    expect(collectionOfObject('task', 'mem_paul')).toBe('mem_paul-aufgaben');
  });

  it('lists the family calendar and one calendar and task list per member, in the member’s colour', () => {
    const all = collectionsOf([anna, paul], 'de');
    expect(all.map((c) => c.id)).toEqual(['familie', 'familie-aufgaben', 'mem_anna', 'mem_anna-aufgaben', 'mem_paul', 'mem_paul-aufgaben']);
    expect(all.find((c) => c.id === 'mem_paul')).toMatchObject({ displayName: 'Paul', color: '#aa0000', kind: 'event' });
    expect(collectionsOf([paul], 'en')[0]!.displayName).toBe('Family');
  });

  it('a child sees the family’s and its own, not a parent’s; a parent does not see the child’s either', () => {
    const all = collectionsOf([anna, paul], 'de');
    expect(all.filter((c) => seesCollection(paul, c)).map((c) => c.id)).toEqual([
      'familie',
      'familie-aufgaben',
      'mem_paul',
      'mem_paul-aufgaben',
    ]);
    expect(all.filter((c) => seesCollection(anna, c)).map((c) => c.id)).not.toContain('mem_paul');
  });
});
