import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../../src-shared';
import { eventDays, eventsOn } from './calendar-days';

function event(start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'evt_1',
    title: 'Elternabend',
    start,
    end,
    all_day: false,
    location: '',
    notes: '',
    created_at: '2026-12-01T08:00:00Z',
    updated_at: '2026-12-01T08:00:00Z',
    rrule: null,
    occurrence_start: null,
    overridden: false,
    assignee: null,
    assignees: [],
    ...extra,
  };
}

describe('eventDays', () => {
  it('gives each time zone its own days for the same event object', () => {
    // 23:30 UTC is the same evening in London and already the next day in Berlin.
    const late = event('2026-12-04T23:30:00Z', '2026-12-04T23:45:00Z');
    expect(eventDays(late, 'Europe/London')).toEqual({ first: '2026-12-04', last: '2026-12-04' });
    expect(eventDays(late, 'Europe/Berlin')).toEqual({ first: '2026-12-05', last: '2026-12-05' });
    expect(eventDays(late, 'Europe/London')).toEqual({ first: '2026-12-04', last: '2026-12-04' });
  });

  it('answers a changed event (a new object) from its own times', () => {
    const before = event('2026-12-04T18:00:00Z', '2026-12-04T19:00:00Z');
    expect(eventDays(before, 'UTC').first).toBe('2026-12-04');
    const moved = { ...before, start: '2026-12-07T18:00:00Z', end: '2026-12-07T19:00:00Z' };
    expect(eventDays(moved, 'UTC')).toEqual({ first: '2026-12-07', last: '2026-12-07' });
    expect(eventsOn([moved], '2026-12-04', 'UTC')).toEqual([]);
    expect(eventsOn([moved], '2026-12-07', 'UTC')).toEqual([moved]);
  });

  it('counts an end at midnight to the day before', () => {
    const allDay = event('2026-12-04T00:00:00Z', '2026-12-06T00:00:00Z', { all_day: true });
    expect(eventDays(allDay, 'UTC')).toEqual({ first: '2026-12-04', last: '2026-12-05' });
  });
});
