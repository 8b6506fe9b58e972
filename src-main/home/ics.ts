// Calendar ICS import and export with ical.js (RFC 5545 parsing and serialisation).
// Wall times are resolved here with the same zone code as everything else: a TZID that
// names an IANA zone is used as such, UTC stays UTC, floating times are household time.
import ICAL from 'ical.js';
import type { CalendarEvent } from '../../src-shared';
import type { EventRecord } from '../store/household';
import { followEventChange } from './automations/event-reminders';
import type { HomeEnv } from './env';
import { HomeError } from './errors';
import { presentEvent } from './present';
import { insertEvent } from './tools';
import { addDays, instantOf, startOfDay, wallClockAt } from './time';

export interface IcsImportResult {
  readonly imported: readonly CalendarEvent[];
  readonly updated: readonly CalendarEvent[];
  readonly warnings: readonly string[];
}

type IcalTime = InstanceType<typeof ICAL.Time>;

function isIanaZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}

function dateOf(t: IcalTime): string {
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

function instantOfIcal(t: IcalTime, tzid: string | undefined, householdZone: string, warnings: string[]): number {
  const wall = { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
  if (t.zone?.tzid === 'UTC' || t.zone === ICAL.Timezone.utcTimezone) return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  if (tzid && isIanaZone(tzid)) return instantOf(wall, tzid);
  if (tzid) warnings.push(`Unbekannte Zeitzone ${tzid}: als ${householdZone} gelesen.`);
  return instantOf(wall, householdZone);
}

function parseCalendar(text: string): InstanceType<typeof ICAL.Component> {
  let root;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  } catch (err) {
    throw new HomeError('INVALID_INPUT', `Die ICS-Datei ist nicht lesbar: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (root.name !== 'vcalendar') throw new HomeError('INVALID_INPUT', 'Die Datei enthält keinen VCALENDAR.');
  return root;
}

/**
 * Imports every VEVENT. An event whose UID was imported before is updated in place, so
 * importing the same file twice changes nothing. Recurring events are imported as their
 * first occurrence (with a warning). Runs inside the caller's transaction.
 */
export function importIcs(env: HomeEnv, text: string): IcsImportResult {
  const root = parseCalendar(text);
  const imported: CalendarEvent[] = [];
  const updated: CalendarEvent[] = [];
  const warnings: string[] = [];
  const tz = env.timezone;
  root.getAllSubcomponents('vevent').forEach((vevent, index) => {
    const ev = new ICAL.Event(vevent);
    const start = ev.startDate;
    if (!start) throw new HomeError('INVALID_INPUT', `VEVENT ${index + 1} hat kein DTSTART.`);
    const title = (ev.summary ?? '').trim() || '(ohne Titel)';
    if (ev.isRecurring()) warnings.push(`${title}: Wiederholungen werden nicht übernommen, nur der erste Termin.`);
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
    let span: { startMs: number; endMs: number; allDay: boolean };
    if (start.isDate) {
      const first = dateOf(start);
      const end = ev.endDate && ev.endDate.isDate ? dateOf(ev.endDate) : addDays(first, 1);
      span = { startMs: startOfDay(first, tz), endMs: startOfDay(end > first ? end : addDays(first, 1), tz), allDay: true };
    } else {
      const startMs = instantOfIcal(start, tzid, tz, warnings);
      const endTzid = (vevent.getFirstProperty('dtend')?.getParameter('tzid') as string | undefined) ?? tzid;
      const endMs = ev.endDate ? instantOfIcal(ev.endDate, endTzid, tz, warnings) : startMs;
      span = { startMs, endMs: Math.max(endMs, startMs), allDay: false };
    }
    const fields = {
      title: title.slice(0, 200),
      ...span,
      location: (ev.location ?? '').slice(0, 200),
      notes: (ev.description ?? '').slice(0, 4000),
      icsUid: ev.uid || null,
    };
    const existing = fields.icsUid ? env.store.events.byIcsUid(fields.icsUid) : undefined;
    if (existing) {
      const event: EventRecord = { ...existing, ...fields, updatedMs: env.now.getTime() };
      env.store.events.update(event);
      followEventChange(env, event);
      updated.push(presentEvent(event, tz));
    } else {
      imported.push(presentEvent(insertEvent(env, fields).event, tz));
    }
  });
  return { imported, updated, warnings: [...new Set(warnings)] };
}

function icalTimeUtc(ms: number): IcalTime {
  return ICAL.Time.fromJSDate(new Date(ms), true);
}

function icalDate(ms: number, tz: string): IcalTime {
  const w = wallClockAt(ms, tz);
  return ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, isDate: true });
}

/** Every event as one VCALENDAR; timed events in UTC, all-day events as dates. */
export function exportIcs(events: readonly EventRecord[], tz: string, now: Date): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//JARVIS Home Command//Household//DE');
  cal.updatePropertyWithValue('version', '2.0');
  for (const e of events) {
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', e.icsUid ?? `${e.id}@jarvis.home`);
    v.addPropertyWithValue('dtstamp', icalTimeUtc(now.getTime()));
    v.addPropertyWithValue('summary', e.title);
    if (e.allDay) {
      v.addPropertyWithValue('dtstart', icalDate(e.startMs, tz));
      v.addPropertyWithValue('dtend', icalDate(e.endMs, tz));
    } else {
      v.addPropertyWithValue('dtstart', icalTimeUtc(e.startMs));
      v.addPropertyWithValue('dtend', icalTimeUtc(e.endMs));
    }
    if (e.location) v.addPropertyWithValue('location', e.location);
    if (e.notes) v.addPropertyWithValue('description', e.notes);
    cal.addSubcomponent(v);
  }
  return cal.toString() + '\r\n';
}
