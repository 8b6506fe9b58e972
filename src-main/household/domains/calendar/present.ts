// Calendar records -> the events tools return and the UI shows (RFC3339 in the household zone).
import type { CalendarEvent } from '../../../../src-shared';
import { assigneesOfRecord, type EventRecord } from '../../store';
import type { Occurrence } from '../../recurrence';
import { toRfc3339 } from '../../time';

/** Who an event is for: the first (for clients that know one) and everyone. */
function assigneesView(e: EventRecord): Pick<CalendarEvent, 'assignee' | 'assignees'> {
  const list = assigneesOfRecord(e);
  return { assignee: list[0] ?? null, assignees: [...list] };
}

/** A one-off event, or a series as its first occurrence. */
export function presentEvent(e: EventRecord, tz: string): CalendarEvent {
  return {
    id: e.id,
    title: e.title,
    start: toRfc3339(e.startMs, tz),
    end: toRfc3339(e.endMs, tz),
    all_day: e.allDay,
    location: e.location,
    notes: e.notes,
    created_at: toRfc3339(e.createdMs, tz),
    updated_at: toRfc3339(e.updatedMs, tz),
    rrule: e.rrule,
    occurrence_start: e.rrule ? toRfc3339(e.startMs, tz) : null,
    overridden: false,
    ...assigneesView(e),
  };
}

/** One occurrence of series `e`. */
export function presentOccurrence(e: EventRecord, o: Occurrence, tz: string): CalendarEvent {
  return {
    id: e.id,
    title: o.title,
    start: toRfc3339(o.startMs, tz),
    end: toRfc3339(o.endMs, tz),
    all_day: o.allDay,
    location: o.location,
    notes: o.notes,
    created_at: toRfc3339(e.createdMs, tz),
    updated_at: toRfc3339(e.updatedMs, tz),
    rrule: e.rrule,
    occurrence_start: toRfc3339(o.occurrenceMs, tz),
    overridden: o.overridden,
    ...assigneesView(e),
  };
}
