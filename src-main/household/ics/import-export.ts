// Calendar ICS import (saving what parse.ts read on a worker thread) and export with
// ical.js (RFC 5545 serialisation): one-off events, series with their rule, EXDATEs and
// changed occurrences (RECURRENCE-ID), and the VTIMEZONE of every zone a series uses.
import ICAL from 'ical.js';
import type { CalendarEvent, Task } from '../../../src-shared';
import type { EventRecord, OverrideRecord, ReminderRecord, TaskRecord } from '../store';
import { newId } from '../store';
import { followEventChange } from '../domains/calendar/event-reminders';
import { syncSeriesReminder } from '../domains/calendar/series-reminders';
import { cardForNewTask, followTaskChange } from '../automations/task-kanban';
import type { HomeEnv } from '../env';
import type { IcsEventFields, IcsSkipped, ParsedIcs } from './parse';
import { vtimezoneLines } from './vtimezone';
import { presentEvent } from '../domains/calendar/present';
import { presentTask } from '../domains/tasks/present';
import { seriesEndOf, shapeOf } from '../recurrence';
import { insertEvent } from '../domains/handlers';
import { wallClockAt } from '../time';

export interface IcsImportResult {
  /** New events and series (a series as its first occurrence). */
  readonly imported: readonly CalendarEvent[];
  /** Events and series imported before (same UID), now updated. */
  readonly updated: readonly CalendarEvent[];
  /** Tasks from VTODOs, new or updated. */
  readonly tasks: readonly Task[];
  readonly warnings: readonly string[];
  /** Components left out, each with its reason. */
  readonly skipped: readonly IcsSkipped[];
}

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

function saveTask(env: HomeEnv, fields: ParsedIcs['tasks'][number]): TaskRecord {
  const now = env.now.getTime();
  const existing = fields.icsUid ? env.store.tasks.byIcsUid(fields.icsUid) : undefined;
  if (existing) {
    const task: TaskRecord = { ...existing, ...fields, updatedMs: now };
    env.store.tasks.update(task);
    followTaskChange(env, task);
    return task;
  }
  const task: TaskRecord = { id: newId('task'), ...fields, tags: [], createdMs: now, updatedMs: now };
  env.store.tasks.insert(task);
  cardForNewTask(env, task);
  return task;
}

/**
 * What the slices of a large import wrote so far, in order, so that a slice that fails
 * can take back the ones before it: an import is saved whole or not at all.
 */
export class IcsImportJournal {
  readonly steps: ({ readonly created: string } | { readonly changed: EventRecord; readonly reminders: readonly ReminderRecord[] })[] = [];
}

/**
 * Saves one-off events. An event whose UID was imported before is updated in place, so
 * importing the same file twice changes nothing. Runs inside the caller's transaction.
 */
export function saveIcsEvents(
  env: HomeEnv,
  events: readonly IcsEventFields[],
  journal?: IcsImportJournal,
): { imported: CalendarEvent[]; updated: CalendarEvent[] } {
  const imported: CalendarEvent[] = [];
  const updated: CalendarEvent[] = [];
  const now = env.now.getTime();
  for (const fields of events) {
    const existing = fields.icsUid ? env.store.events.byIcsUid(fields.icsUid) : undefined;
    if (existing) {
      journal?.steps.push({ changed: existing, reminders: env.store.reminders.forEvent(existing.id) });
      const event: EventRecord = { ...existing, ...fields, updatedMs: now };
      env.store.events.update(event);
      followEventChange(env, event);
      updated.push(presentEvent(event, env.timezone));
    } else {
      const event = insertEvent(env, fields).event;
      journal?.steps.push({ created: event.id });
      imported.push(presentEvent(event, env.timezone));
    }
  }
  return { imported, updated };
}

/** Takes back what saveIcsEvents recorded, last step first. Runs inside the caller's transaction. */
export function undoIcsEvents(env: HomeEnv, journal: IcsImportJournal): void {
  for (const step of [...journal.steps].reverse()) {
    if ('created' in step) {
      env.store.events.delete(step.created); // its reminders go with it
      continue;
    }
    env.store.events.update(step.changed);
    const before = new Set(step.reminders.map((r) => r.id));
    const now = new Set<string>();
    for (const r of env.store.reminders.forEvent(step.changed.id)) {
      if (before.has(r.id)) now.add(r.id);
      else env.store.reminders.delete(r.id);
    }
    for (const r of step.reminders) {
      if (now.has(r.id)) env.store.reminders.update(r);
      else env.store.reminders.insert(r);
    }
  }
  journal.steps.length = 0;
}

/**
 * Saves the series and tasks of a parsed calendar, after its one-off events. Runs inside
 * the caller's transaction.
 */
export function saveIcsSeriesAndTasks(
  env: HomeEnv,
  parsed: ParsedIcs,
): { imported: CalendarEvent[]; updated: CalendarEvent[]; tasks: Task[] } {
  const imported: CalendarEvent[] = [];
  const updated: CalendarEvent[] = [];
  const now = env.now.getTime();
  const keptUids = new Set(parsed.events.map((e) => e.icsUid));
  for (const { overrides, ...fields } of parsed.series) {
    // Earlier versions imported a series as single events (UID "uid#recurrence-id"); the
    // series replaces them instead of showing every occurrence twice.
    if (fields.icsUid) {
      for (const [id, uid] of env.store.events.byIcsUidPrefix(`${fields.icsUid}#`)) if (!keptUids.has(uid)) env.store.events.delete(id);
    }
    const seriesEndMs = seriesEndOf(shapeOf(fields, env.timezone));
    const existing = fields.icsUid ? env.store.events.byIcsUid(fields.icsUid) : undefined;
    let event: EventRecord;
    if (existing) {
      event = { ...existing, ...fields, exdates: [...fields.exdates], seriesEndMs, updatedMs: now };
      env.store.events.update(event);
      env.store.events.deleteOverridesOf(event.id);
    } else {
      event = insertEvent(env, { ...fields, exdates: [...fields.exdates], seriesEndMs }).event;
    }
    for (const o of overrides) env.store.events.putOverride({ ...o, eventId: event.id, updatedMs: now });
    syncSeriesReminder(env, env.store.events.get(event.id)!);
    (existing ? updated : imported).push(presentEvent(event, env.timezone));
  }
  const tasks = parsed.tasks.map((t) => presentTask(saveTask(env, t), env.timezone));
  return { imported, updated, tasks };
}

/** Saves a parsed calendar (parse.ts) at once, inside the caller's transaction. */
export function saveIcs(env: HomeEnv, parsed: ParsedIcs): IcsImportResult {
  const events = saveIcsEvents(env, parsed.events);
  const rest = saveIcsSeriesAndTasks(env, parsed);
  return {
    imported: [...events.imported, ...rest.imported],
    updated: [...events.updated, ...rest.updated],
    tasks: rest.tasks,
    warnings: parsed.warnings,
    skipped: parsed.skipped,
  };
}

export function icalTimeUtc(ms: number): IcalTime {
  return ICAL.Time.fromJSDate(new Date(ms), true);
}

export function icalDate(ms: number, tz: string): IcalTime {
  const w = wallClockAt(ms, tz);
  return ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, isDate: true });
}

function icalWall(ms: number, tz: string): IcalTime {
  const w = wallClockAt(ms, tz);
  return ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute, second: w.second, isDate: false });
}

/** DTSTART, RECURRENCE-ID, EXDATE of a series: a date for all-day series, else the wall time with TZID. */
export function addSeriesTime(v: IcalComponent, name: string, ms: number, allDay: boolean, zone: string): void {
  if (allDay) {
    v.addPropertyWithValue(name, icalDate(ms, zone));
    return;
  }
  if (zone === 'UTC') {
    v.addPropertyWithValue(name, icalTimeUtc(ms));
    return;
  }
  v.addPropertyWithValue(name, icalWall(ms, zone)).setParameter('tzid', zone);
}

export function addSpan(v: IcalComponent, e: Pick<EventRecord, 'startMs' | 'endMs' | 'allDay'>, tz: string): void {
  if (e.allDay) {
    v.addPropertyWithValue('dtstart', icalDate(e.startMs, tz));
    v.addPropertyWithValue('dtend', icalDate(e.endMs, tz));
  } else {
    v.addPropertyWithValue('dtstart', icalTimeUtc(e.startMs));
    v.addPropertyWithValue('dtend', icalTimeUtc(e.endMs));
  }
}

export function addWords(v: IcalComponent, w: { title: string; location: string; notes: string }): void {
  v.addPropertyWithValue('summary', w.title);
  if (w.location) v.addPropertyWithValue('location', w.location);
  if (w.notes) v.addPropertyWithValue('description', w.notes);
}

export function vtimezone(zone: string, year: number): IcalComponent {
  const text = ['BEGIN:VCALENDAR', ...vtimezoneLines(zone, year), 'END:VCALENDAR'].join('\r\n');
  return new ICAL.Component(ICAL.parse(text) as unknown as unknown[]).getFirstSubcomponent('vtimezone')!;
}

/**
 * Every event as one VCALENDAR: one-off events in UTC (all-day as dates); a series with
 * its DTSTART in its zone (so it repeats at the same wall time in other programs), RRULE,
 * EXDATEs, and one VEVENT per changed occurrence with its RECURRENCE-ID.
 */
export function exportIcs(
  events: readonly EventRecord[],
  overridesOf: (id: string) => readonly OverrideRecord[],
  tz: string,
  now: Date,
): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//JARVIS Home Command//Household//DE');
  cal.updatePropertyWithValue('version', '2.0');
  const zones = new Set<string>();
  const stamp = icalTimeUtc(now.getTime());
  for (const e of events) {
    const uid = e.icsUid ?? `${e.id}@jarvis.home`;
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', uid);
    v.addPropertyWithValue('dtstamp', stamp);
    addWords(v, e);
    if (!e.rrule) {
      addSpan(v, e, tz);
      cal.addSubcomponent(v);
      continue;
    }
    const zone = e.tzid ?? tz;
    if (!e.allDay && zone !== 'UTC') zones.add(zone);
    addSeriesTime(v, 'dtstart', e.startMs, e.allDay, zone);
    if (e.allDay) v.addPropertyWithValue('dtend', icalDate(e.endMs, zone));
    else v.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(Math.round((e.endMs - e.startMs) / 1000)));
    v.addPropertyWithValue('rrule', ICAL.Recur.fromString(e.rrule));
    for (const x of e.exdates) addSeriesTime(v, 'exdate', x, e.allDay, zone);
    cal.addSubcomponent(v);
    for (const o of overridesOf(e.id)) {
      const ov = new ICAL.Component('vevent');
      ov.addPropertyWithValue('uid', uid);
      ov.addPropertyWithValue('dtstamp', stamp);
      addSeriesTime(ov, 'recurrence-id', o.occurrenceMs, e.allDay, zone);
      addWords(ov, o);
      addSpan(ov, o, tz);
      cal.addSubcomponent(ov);
    }
  }
  const year = now.getUTCFullYear();
  // VTIMEZONEs go first, as the programs that need them expect.
  for (const zone of [...zones].reverse()) cal.addSubcomponent(vtimezone(zone, year));
  const components = [...cal.getAllSubcomponents()];
  for (const c of components) cal.removeSubcomponent(c);
  for (const c of [...components.filter((c) => c.name === 'vtimezone'), ...components.filter((c) => c.name !== 'vtimezone')])
    cal.addSubcomponent(c);
  return cal.toString() + '\r\n';
}
