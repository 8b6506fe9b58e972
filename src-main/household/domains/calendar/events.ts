import type { EventRecord } from '../../store';
import { newId } from '../../store';
import { followEventChange, remindForNewEvent } from './event-reminders';
import { syncSeriesReminder } from './series-reminders';
import type { HomeEnv } from '../../env';
import { notFound } from '../../errors';
import { formatDateDe, formatDateTimeDe, localDateOf } from '../../time';

// An event's own reads and writes, below both the calendar tools and the series scopes
// (this, this and following, all), so neither imports the other.

export function describeWhen(e: Pick<EventRecord, 'startMs' | 'endMs' | 'allDay'>, tz: string): string {
  if (!e.allDay) return `am ${formatDateTimeDe(e.startMs, tz)}`;
  const first = localDateOf(e.startMs, tz);
  const last = localDateOf(e.endMs - 1, tz);
  return first === last ? `am ${formatDateDe(first)} (ganztägig)` : `vom ${formatDateDe(first)} bis ${formatDateDe(last)} (ganztägig)`;
}

export function getEvent(env: HomeEnv, id: string): EventRecord {
  const e = env.store.events.get(id);
  if (!e) throw notFound(id);
  return e;
}

export type NewEvent = Omit<
  EventRecord,
  'id' | 'createdMs' | 'updatedMs' | 'rrule' | 'exdates' | 'tzid' | 'seriesEndMs' | 'remindedThroughMs'
> &
  Partial<Pick<EventRecord, 'rrule' | 'exdates' | 'tzid' | 'seriesEndMs'>>;

/** Creates an event (or series) and its reminder; shared by calendar_create and the ICS import. */
export function insertEvent(env: HomeEnv, e: NewEvent): { event: EventRecord; reminded: boolean } {
  const event: EventRecord = {
    rrule: null,
    exdates: [],
    tzid: null,
    seriesEndMs: null,
    ...e,
    remindedThroughMs: null,
    id: newId('event'),
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
  };
  env.store.events.insert(event);
  if (!event.rrule) return { event, reminded: remindForNewEvent(env, event) };
  return { event, reminded: syncSeriesReminder(env, event) };
}

/** After an event changed: its reminders follow (a series' next occurrence, a one-off's start). */
export function followChange(env: HomeEnv, event: EventRecord): boolean {
  return event.rrule ? syncSeriesReminder(env, env.store.events.get(event.id) ?? event) : followEventChange(env, event);
}
