import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../platform/database/database';
import { HouseholdStore } from '../../household-store';
import type { EventRecord } from '../../store/records';

const H = 3_600_000;
const T0 = Date.parse('2026-11-30T00:00:00Z');

function event(id: string, startMs: number, endMs: number, extra: Partial<EventRecord> = {}): EventRecord {
  return {
    id,
    title: `T ${id}`,
    startMs,
    endMs,
    allDay: false,
    location: '',
    notes: '',
    icsUid: null,
    createdMs: 1,
    updatedMs: 2,
    rrule: null,
    exdates: [],
    tzid: null,
    seriesEndMs: null,
    remindedThroughMs: null,
    assignee: null,
    assignees: [],
    ...extra,
  };
}

describe('EventRepository.overlapping', () => {
  let db: Db;
  let store: HouseholdStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new HouseholdStore(db);
  });
  afterEach(() => db.close());

  it('returns every field as get() does', () => {
    const e = event('event_a', T0 + H, T0 + 2 * H, {
      title: 'Zahnarzt „Dr. Ö“',
      allDay: true,
      location: 'Praxis',
      notes: 'Karte\nmitnehmen',
      icsUid: 'uid-1',
      createdMs: 11,
      updatedMs: 22,
    });
    store.events.insert(e);
    expect(store.events.overlapping(T0, T0 + 24 * H)).toEqual([e]);
    expect(store.events.get('event_a')).toEqual(e);
  });

  it('finds what overlaps [from, to), by start, including long events that began before', () => {
    store.events.insert(event('event_multi', T0 - 48 * H, T0 + H)); // began two days before
    store.events.insert(event('event_late', T0 + 5 * H, T0 + 6 * H));
    store.events.insert(event('event_early', T0 + H, T0 + 2 * H));
    store.events.insert(event('event_ended', T0 - 2 * H, T0)); // ends exactly at `from`
    store.events.insert(event('event_next', T0 + 24 * H, T0 + 25 * H)); // starts exactly at `to`
    expect(store.events.overlapping(T0, T0 + 24 * H).map((e) => e.id)).toEqual(['event_multi', 'event_early', 'event_late']);
  });

  it('an empty window or table gives an empty list', () => {
    expect(store.events.overlapping(T0, T0 + 24 * H)).toEqual([]);
    store.events.insert(event('event_a', T0 + 48 * H, T0 + 49 * H));
    expect(store.events.overlapping(T0, T0 + 24 * H)).toEqual([]);
  });
});
