// Calendar ICS import (saving what ics-parse.ts read on a worker thread) and export with
// ical.js (RFC 5545 serialisation).
import ICAL from 'ical.js';
import type { CalendarEvent } from '../../src-shared';
import type { EventRecord } from './store';
import { followEventChange } from './automations/event-reminders';
import type { HomeEnv } from './env';
import type { ParsedIcs } from './ics-parse';
import { presentEvent } from './present';
import { insertEvent } from './tools';
import { wallClockAt } from './time';

export interface IcsImportResult {
  readonly imported: readonly CalendarEvent[];
  readonly updated: readonly CalendarEvent[];
  readonly warnings: readonly string[];
}

type IcalTime = InstanceType<typeof ICAL.Time>;

/**
 * Saves a parsed calendar (ics-parse.ts). An event whose UID was imported before is
 * updated in place, so importing the same file twice changes nothing. Runs inside the
 * caller's transaction.
 */
export function saveIcs(env: HomeEnv, parsed: ParsedIcs): IcsImportResult {
  const imported: CalendarEvent[] = [];
  const updated: CalendarEvent[] = [];
  for (const fields of parsed.events) {
    const existing = fields.icsUid ? env.store.events.byIcsUid(fields.icsUid) : undefined;
    if (existing) {
      const event: EventRecord = { ...existing, ...fields, updatedMs: env.now.getTime() };
      env.store.events.update(event);
      followEventChange(env, event);
      updated.push(presentEvent(event, env.timezone));
    } else {
      imported.push(presentEvent(insertEvent(env, fields).event, env.timezone));
    }
  }
  return { imported, updated, warnings: parsed.warnings };
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
