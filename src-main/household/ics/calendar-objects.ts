// The household's events and tasks as calendar objects, one per event (a series with its
// changed occurrences) or task, for programs that keep a copy and ask what changed (the
// CalDAV server): a cheap version per object, and its iCalendar text on demand.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { assigneesOfRecord, type EventRecord, type OverrideRecord, type TaskRecord } from '../store';
import type { HouseholdStore } from '../household-store';
import { addSeriesTime, addSpan, addWords, icalDate, icalTimeUtc, vtimezone } from './import-export';
import { calendarItems } from '../domains/calendar/read';
import { parseIcs, type IcsSeriesFields, type ParsedIcs } from './parse';
import { occurrencesIn } from '../recurrence';

export type CalendarObjectKind = 'event' | 'task';

export interface CalendarObjectInfo {
  readonly kind: CalendarObjectKind;
  readonly id: string;
  readonly assignee: string | null;
  /** Everyone the item is for, in order (an event may be for several members; a task for one at most). */
  readonly assignees: readonly string[];
  /** Changes whenever the object's iCalendar text would. */
  readonly version: string;
  /** The UID it was imported with, if any. */
  readonly icsUid: string | null;
}

function hashOf(parts: readonly (string | number | null)[]): string {
  return createHash('sha1').update(parts.join('\u0001')).digest('base64url').slice(0, 20);
}

/** Every event and task, with its version: one query per table, whatever the size of the household. */
export function calendarObjectInfos(store: HouseholdStore): CalendarObjectInfo[] {
  const overrides = store.events.allOverrides();
  const leads = store.reminders.eventLeads();
  const out: CalendarObjectInfo[] = [];
  for (const e of store.events.all()) {
    const own = overrides.get(e.id);
    const version = hashOf([
      e.updatedMs,
      e.exdates.join(','),
      assigneesOfRecord(e).join(','),
      leads.get(e.id) ?? null,
      own ? own.map((o) => `${o.occurrenceMs}:${o.updatedMs}`).join(',') : '',
    ]);
    out.push({ kind: 'event', id: e.id, assignee: e.assignee ?? null, assignees: assigneesOfRecord(e), version, icsUid: e.icsUid });
  }
  for (const t of store.tasks.all()) {
    out.push({
      kind: 'task',
      id: t.id,
      assignee: t.assignee ?? null,
      assignees: t.assignee ? [t.assignee] : [],
      version: hashOf([t.updatedMs]),
      icsUid: t.icsUid ?? null,
    });
  }
  return out;
}

function alarm(leadMs: number, text: string): InstanceType<typeof ICAL.Component> {
  const a = new ICAL.Component('valarm');
  a.addPropertyWithValue('action', 'DISPLAY');
  a.addPropertyWithValue('description', text);
  a.addPropertyWithValue('trigger', ICAL.Duration.fromSeconds(-Math.round(leadMs / 1000)));
  return a;
}

function calendar(): InstanceType<typeof ICAL.Component> {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//JARVIS Home Command//Household//DE');
  cal.updatePropertyWithValue('version', '2.0');
  return cal;
}

/**
 * One event as a VCALENDAR: a one-off in UTC, a series in its zone with its VTIMEZONE,
 * RRULE, EXDATEs and a VEVENT per changed occurrence; its reminder as a VALARM. DTSTAMP
 * is the last change, so the same event always gives the same text.
 */
export function eventIcs(
  e: EventRecord,
  overrides: readonly OverrideRecord[],
  leadMs: number | undefined,
  uid: string,
  tz: string,
): string {
  const cal = calendar();
  const stamp = icalTimeUtc(e.updatedMs);
  const v = new ICAL.Component('vevent');
  v.addPropertyWithValue('uid', uid);
  v.addPropertyWithValue('dtstamp', stamp);
  v.addPropertyWithValue('last-modified', stamp);
  addWords(v, e);
  const zone = e.tzid ?? tz;
  if (!e.rrule) {
    addSpan(v, e, tz);
  } else {
    if (!e.allDay && zone !== 'UTC') cal.addSubcomponent(vtimezone(zone, new Date(e.startMs).getUTCFullYear()));
    addSeriesTime(v, 'dtstart', e.startMs, e.allDay, zone);
    if (e.allDay) v.addPropertyWithValue('dtend', icalDate(e.endMs, zone));
    else v.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(Math.round((e.endMs - e.startMs) / 1000)));
    v.addPropertyWithValue('rrule', ICAL.Recur.fromString(e.rrule));
    for (const x of e.exdates) addSeriesTime(v, 'exdate', x, e.allDay, zone);
  }
  if (leadMs !== undefined && !e.allDay) v.addSubcomponent(alarm(leadMs, e.title));
  cal.addSubcomponent(v);
  for (const o of overrides) {
    const ov = new ICAL.Component('vevent');
    ov.addPropertyWithValue('uid', uid);
    ov.addPropertyWithValue('dtstamp', icalTimeUtc(o.updatedMs));
    addSeriesTime(ov, 'recurrence-id', o.occurrenceMs, e.allDay, zone);
    addWords(ov, o);
    addSpan(ov, o, tz);
    if (leadMs !== undefined && !o.allDay) ov.addSubcomponent(alarm(leadMs, o.title));
    cal.addSubcomponent(ov);
  }
  return cal.toString() + '\r\n';
}

const TASK_STATUS = { open: 'NEEDS-ACTION', in_progress: 'IN-PROCESS', done: 'COMPLETED' } as const;
const TASK_PRIORITY = { high: 1, normal: 5, low: 9 } as const;

/** One task as a VCALENDAR with a VTODO (DUE in UTC, STATUS, PRIORITY). */
export function taskIcs(t: TaskRecord, uid: string): string {
  const cal = calendar();
  const v = new ICAL.Component('vtodo');
  const stamp = icalTimeUtc(t.updatedMs);
  v.addPropertyWithValue('uid', uid);
  v.addPropertyWithValue('dtstamp', stamp);
  v.addPropertyWithValue('last-modified', stamp);
  v.addPropertyWithValue('summary', t.title);
  if (t.notes) v.addPropertyWithValue('description', t.notes);
  if (t.dueMs !== null) v.addPropertyWithValue('due', icalTimeUtc(t.dueMs));
  v.addPropertyWithValue('status', TASK_STATUS[t.status]);
  v.addPropertyWithValue('priority', TASK_PRIORITY[t.priority]);
  if (t.status === 'done') v.addPropertyWithValue('completed', stamp);
  cal.addSubcomponent(v);
  return cal.toString() + '\r\n';
}

/** The iCalendar text of one object, or undefined when it is gone. */
export function calendarObjectIcs(
  store: HouseholdStore,
  tz: string,
  kind: CalendarObjectKind,
  id: string,
  uid: string,
): string | undefined {
  if (kind === 'task') {
    const t = store.tasks.get(id);
    return t && taskIcs(t, uid);
  }
  const e = store.events.get(id);
  if (!e) return undefined;
  const lead = store.reminders.forEvent(id).find((r) => r.source === 'event');
  const leadMs = lead ? (lead.occurrenceMs ?? e.startMs) - lead.atMs : undefined;
  return eventIcs(e, e.rrule ? store.events.overridesOf(id) : [], leadMs, uid, tz);
}

/** Ids of the events (one-off or series) with anything in [fromMs, toMs). */
export function eventIdsBetween(store: HouseholdStore, tz: string, fromMs: number, toMs: number): Set<string> {
  return new Set(calendarItems(store, tz, fromMs, toMs).map((i) => i.eventId));
}

/** One calendar object's text read as the calendar import reads a file (nothing is saved). */
export function readCalendarObject(text: string, tz: string, nowMs: number): ParsedIcs {
  return parseIcs({ text, timezone: tz, nowMs });
}

export interface SpanFields {
  readonly startMs: number;
  readonly endMs: number;
  readonly allDay: boolean;
  readonly title: string;
  readonly location: string;
}

/** The occurrences of a series read from a file that overlap [fromMs, toMs): EXDATEs left out, changed ones as changed. */
export function seriesOccurrences(s: IcsSeriesFields, tz: string, fromMs: number, toMs: number): SpanFields[] {
  const record: EventRecord = {
    id: 'series',
    title: s.title,
    startMs: s.startMs,
    endMs: s.endMs,
    allDay: s.allDay,
    location: s.location,
    notes: s.notes,
    icsUid: s.icsUid,
    createdMs: 0,
    updatedMs: 0,
    rrule: s.rrule,
    exdates: [...s.exdates],
    tzid: s.tzid,
    seriesEndMs: null,
    remindedThroughMs: null,
    assignee: null,
  };
  const changed = new Set(s.overrides.map((o) => o.occurrenceMs));
  const out: SpanFields[] = occurrencesIn(record, tz, fromMs, toMs, changed);
  const excluded = new Set(s.exdates);
  for (const o of s.overrides) if (!excluded.has(o.occurrenceMs) && o.startMs < toMs && o.endMs > fromMs) out.push(o);
  return out.sort((a, b) => a.startMs - b.startMs);
}
