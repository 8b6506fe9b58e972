// Calendar ICS import and export with ical.js (RFC 5545 parsing and serialisation).
// Wall times are resolved here with the same zone code as everything else: a TZID that
// names an IANA zone is used as such, UTC stays UTC, floating times are household time.
import ICAL from 'ical.js';
import type { CalendarEvent } from '../../src-shared';
import type { EventRecord } from './store';
import { followEventChange } from './automations/event-reminders';
import type { HomeEnv } from './env';
import { HomeError } from './errors';
import { presentEvent } from './present';
import { insertEvent } from './tools';
import { addDays, formatDateDe, instantOf, localDateOf, startOfDay, wallClockAt } from './time';

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

/** Recurring events become single events in this window around today (the household has no series). */
const RECURRENCE_PAST_DAYS = 30;
const RECURRENCE_FUTURE_DAYS = 365;
const MAX_OCCURRENCES = 400;
/** Guards against a daily rule that started decades ago: iteration itself is bounded too. */
const MAX_ITERATIONS = 50_000;

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

interface EventFields {
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly allDay: boolean;
  readonly location: string;
  readonly notes: string;
  readonly icsUid: string | null;
}

function spanOf(start: IcalTime, end: IcalTime | undefined, tzid: string | undefined, endTzid: string | undefined, tz: string, warnings: string[]) {
  if (start.isDate) {
    const first = dateOf(start);
    const last = end && end.isDate ? dateOf(end) : addDays(first, 1);
    return { startMs: startOfDay(first, tz), endMs: startOfDay(last > first ? last : addDays(first, 1), tz), allDay: true };
  }
  const startMs = instantOfIcal(start, tzid, tz, warnings);
  const endMs = end ? instantOfIcal(end, endTzid ?? tzid, tz, warnings) : startMs;
  return { startMs, endMs: Math.max(endMs, startMs), allDay: false };
}

function zoneParams(vevent: IcalComponent): { tzid?: string; endTzid?: string } {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
  const endTzid = vevent.getFirstProperty('dtend')?.getParameter('tzid') as string | undefined;
  return { ...(tzid ? { tzid } : {}), ...(endTzid ? { endTzid } : {}) };
}

function textFields(ev: IcalEvent) {
  return {
    title: ((ev.summary ?? '').trim() || '(ohne Titel)').slice(0, 200),
    location: (ev.location ?? '').slice(0, 200),
    notes: (ev.description ?? '').slice(0, 4000),
  };
}

/**
 * The occurrences of a recurring VEVENT inside the import window, each with its own UID
 * (`uid#recurrence-id`), so importing the file again updates them instead of doubling.
 * EXDATEs are skipped and RECURRENCE-ID overrides in the same file replace their date.
 */
function occurrences(ev: IcalEvent, env: HomeEnv, warnings: string[]): EventFields[] {
  const tz = env.timezone;
  const fromMs = env.now.getTime() - RECURRENCE_PAST_DAYS * 86_400_000;
  const toMs = env.now.getTime() + RECURRENCE_FUTURE_DAYS * 86_400_000;
  const out: EventFields[] = [];
  const it = ev.iterator();
  const title = textFields(ev).title;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const next = it.next();
    if (!next) return out;
    const details = ev.getOccurrenceDetails(next);
    const item = details.item;
    const { tzid, endTzid } = zoneParams(item.component);
    const span = spanOf(details.startDate, details.endDate, tzid, endTzid, tz, warnings);
    if (span.startMs >= toMs) {
      warnings.push(`${title}: Wiederholungen bis ${formatDateDe(localDateOf(toMs, tz))} übernommen; spätere kommen mit einem erneuten Import.`);
      return out;
    }
    if (span.endMs <= fromMs && span.startMs < fromMs) continue;
    if (out.length >= MAX_OCCURRENCES) {
      warnings.push(`${title}: nur die nächsten ${MAX_OCCURRENCES} Wiederholungen übernommen.`);
      return out;
    }
    out.push({ ...textFields(item), ...span, icsUid: ev.uid ? `${ev.uid}#${details.recurrenceId.toString()}` : null });
  }
  warnings.push(`${title}: die Wiederholungsregel ist zu lang, nur ein Teil wurde übernommen.`);
  return out;
}

/**
 * Imports every VEVENT. An event whose UID was imported before is updated in place, so
 * importing the same file twice changes nothing. A recurring event becomes one event per
 * occurrence from 30 days ago to a year ahead (with its exceptions and overrides). Runs
 * inside the caller's transaction.
 */
export function importIcs(env: HomeEnv, text: string): IcsImportResult {
  const root = parseCalendar(text);
  const imported: CalendarEvent[] = [];
  const updated: CalendarEvent[] = [];
  const warnings: string[] = [];
  const tz = env.timezone;
  const vevents = root.getAllSubcomponents('vevent');
  vevents.forEach((vevent, index) => {
    if (!vevent.getFirstProperty('dtstart')) throw new HomeError('INVALID_INPUT', `VEVENT ${index + 1} hat kein DTSTART.`);
  });
  // RECURRENCE-ID components override one occurrence of the series with the same UID.
  const overrides = new Map<string, IcalComponent[]>();
  for (const v of vevents) {
    const uid = v.getFirstPropertyValue('uid');
    if (v.hasProperty('recurrence-id') && typeof uid === 'string') overrides.set(uid, [...(overrides.get(uid) ?? []), v]);
  }
  const seriesUids = new Set<string>();
  for (const v of vevents) {
    const uid = v.getFirstPropertyValue('uid');
    if (!v.hasProperty('recurrence-id') && typeof uid === 'string' && (v.hasProperty('rrule') || v.hasProperty('rdate'))) seriesUids.add(uid);
  }

  const save = (fields: EventFields) => {
    const existing = fields.icsUid ? env.store.events.byIcsUid(fields.icsUid) : undefined;
    if (existing) {
      const event: EventRecord = { ...existing, ...fields, updatedMs: env.now.getTime() };
      env.store.events.update(event);
      followEventChange(env, event);
      updated.push(presentEvent(event, tz));
    } else {
      imported.push(presentEvent(insertEvent(env, fields).event, tz));
    }
  };

  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid');
    // An override is imported with its series; one without a series in the file stands alone.
    if (vevent.hasProperty('recurrence-id') && typeof uid === 'string' && seriesUids.has(uid)) continue;
    const ev = new ICAL.Event(vevent, { exceptions: typeof uid === 'string' && !vevent.hasProperty('recurrence-id') ? (overrides.get(uid) ?? []) : [] });
    if (ev.isRecurring()) {
      for (const fields of occurrences(ev, env, warnings)) save(fields);
      continue;
    }
    const { tzid, endTzid } = zoneParams(vevent);
    const icsUid = ev.uid ? (ev.recurrenceId ? `${ev.uid}#${ev.recurrenceId.toString()}` : ev.uid) : null;
    save({ ...textFields(ev), ...spanOf(ev.startDate, ev.endDate ?? undefined, tzid, endTzid, tz, warnings), icsUid });
  }
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
