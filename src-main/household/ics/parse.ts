// Reads an ICS file into the household's events, series and tasks, without touching the
// store: this runs on a worker thread (ics-worker.ts), where a hostile file costs that
// thread only. Wall times are resolved with the same zone code as everything else: a TZID
// that names an IANA zone (also as Thunderbird or Windows write it) is used as such, any
// other TZID by the file's own VTIMEZONE, UTC stays UTC, floating times are household time.
import ICAL from 'ical.js';
import type { IcsSkippedComponent, TaskPriority, TaskStatus } from '../../../src-shared';
import { HomeError } from '../errors';
import { isRealDateOrDateTime, veventBlocks, veventLines, type PropertyLine } from './lines';
import type { EventBody } from '../store';
import { ianaZoneOf } from './zones';
import { formatRule, isRuleOccurrence, parseRule, RuleError, shapeOf } from '../recurrence';
import { addDays, formatDateDe, instantOf, localDateOf, offsetMinutesAt, startOfDay } from '../time';

export interface IcsEventFields extends Readonly<EventBody> {
  readonly icsUid: string | null;
  /** The event's own alarm (VALARM), in minutes before its start; absent = none in the file. */
  readonly reminderMinutes?: number;
}

/** One occurrence of a series changed on its own (a VEVENT with RECURRENCE-ID). */
export interface IcsOverrideFields extends Readonly<EventBody> {
  readonly occurrenceMs: number;
}

/** A recurring VEVENT kept as a rule: its fields are those of the first occurrence. */
export interface IcsSeriesFields extends IcsEventFields {
  readonly rrule: string;
  /** IANA zone the series repeats in; null = the household's. */
  readonly tzid: string | null;
  readonly exdates: readonly number[];
  readonly overrides: readonly IcsOverrideFields[];
}

export interface IcsTaskFields {
  readonly title: string;
  readonly notes: string;
  readonly dueMs: number | null;
  readonly status: TaskStatus;
  readonly priority: TaskPriority;
  readonly icsUid: string | null;
}

/** A component the import leaves out, and why: `what` and `reason` in German words, the rest for the app's own language. */
export type IcsSkipped = IcsSkippedComponent;

export interface ParsedIcs {
  readonly events: readonly IcsEventFields[];
  readonly series: readonly IcsSeriesFields[];
  readonly tasks: readonly IcsTaskFields[];
  readonly warnings: readonly string[];
  readonly skipped: readonly IcsSkipped[];
}

export interface IcsParseInput {
  readonly text: string;
  readonly timezone: string;
  readonly nowMs: number;
}

/** A rule the calendar cannot keep (RDATE, hourly, BYHOUR …) becomes single events in this window around today. */
const RECURRENCE_PAST_DAYS = 30;
const RECURRENCE_FUTURE_DAYS = 365;

export interface IcsLimits {
  readonly occurrencesPerSeries: number;
  readonly events: number;
  readonly iterationsPerSeries: number;
  readonly iterations: number;
  readonly durationSeconds: number;
  readonly budgetMs: number;
}

export const ICS_LIMITS: IcsLimits = {
  /** Occurrences taken from one series. */
  occurrencesPerSeries: 400,
  /** Events one file may become in all; a larger file is refused, never cut silently. */
  events: 10_000,
  /** Steps of one series' iterator (a daily rule from 1900 takes many): past it, the series is cut with a warning. */
  iterationsPerSeries: 50_000,
  /** Steps of all iterators of the file: past it, the file is refused (two series cut at their own limit are already too much). */
  iterations: 100_000,
  /** Longest DURATION (or period) taken seriously: ten years. */
  durationSeconds: 3660 * 86_400,
  /** Wall time for reading the file, checked inside every loop. */
  budgetMs: 5_000,
};

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

/** How a property is called in a refusal the family reads. */
const LABELS: Readonly<Record<string, string>> = {
  DTSTART: 'Beginn (DTSTART)',
  DTEND: 'Ende (DTEND)',
  DUE: 'Fälligkeit (DUE)',
  DURATION: 'Dauer (DURATION)',
  RRULE: 'Wiederholungsregel (RRULE)',
  RDATE: 'Zusatztermin (RDATE)',
  EXDATE: 'Ausnahme (EXDATE)',
  'RECURRENCE-ID': 'geänderter Termin (RECURRENCE-ID)',
};
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RDATE', 'EXDATE', 'RECURRENCE-ID']);

function shown(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}

/** A property value the import cannot read: the refusal's words, and where and what for the app's language. */
class IcsValueError extends HomeError {
  constructor(
    readonly line: number,
    readonly property: string,
    readonly value: string,
    message: string,
  ) {
    super('INVALID_INPUT', message);
  }
}

function invalid(p: PropertyLine, why: string): HomeError {
  return new IcsValueError(p.line, p.name, shown(p.value), `Zeile ${p.line}: ${LABELS[p.name] ?? p.name} „${shown(p.value)}“ ${why}`);
}

function checkDuration(p: PropertyLine, text: string, limits: IcsLimits): void {
  let seconds: number;
  try {
    seconds = ICAL.Duration.fromString(text).toSeconds();
  } catch {
    throw invalid(p, 'ist keine gültige Dauer.');
  }
  if (!Number.isFinite(seconds) || Math.abs(seconds) > limits.durationSeconds)
    throw invalid(p, 'ist länger als zehn Jahre; so lange dauert kein Termin.');
}

/**
 * Checks the properties this import reads, before ical.js computes with them: a date that
 * does not exist, an empty number in a rule or an absurd duration is refused here with
 * its line, instead of failing (or looping) somewhere deep in the library.
 */
function checkProperties(lines: readonly PropertyLine[], limits: IcsLimits): void {
  for (const p of lines) {
    const value = p.value.trim();
    if (DATE_PROPERTIES.has(p.name)) {
      const isPeriod = /;VALUE=PERIOD(;|$)/i.test(p.params);
      for (const part of value.split(',')) {
        if (isPeriod) {
          const [start, end] = part.split('/');
          if (!start || !end || !isRealDateOrDateTime(start))
            throw invalid(p, 'ist kein gültiger Zeitraum (Beginn/Ende oder Beginn/Dauer).');
          if (end.startsWith('P') || end.startsWith('-P') || end.startsWith('+P')) checkDuration(p, end, limits);
          else if (!isRealDateOrDateTime(end)) throw invalid(p, 'ist kein gültiger Zeitraum (Beginn/Ende oder Beginn/Dauer).');
        } else if (!isRealDateOrDateTime(part)) {
          throw invalid(p, 'ist kein gültiges Datum (JJJJMMTT oder JJJJMMTTThhmmss).');
        }
      }
    } else if (p.name === 'DURATION') {
      checkDuration(p, value, limits);
    } else if (p.name === 'RRULE') {
      let rule;
      try {
        rule = ICAL.Recur.fromString(value);
      } catch {
        throw invalid(p, 'ist keine gültige Regel (leere oder falsche Zahl?).');
      }
      if (!rule.freq) throw invalid(p, 'nennt keine Häufigkeit (FREQ).');
      if (rule.until && !isRealDateOrDateTime(/UNTIL=([^;]*)/i.exec(value)?.[1] ?? ''))
        throw invalid(p, 'hat kein gültiges Enddatum (UNTIL).');
    }
  }
}

type IcalTimezone = InstanceType<typeof ICAL.Timezone>;
type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zones of one file: TZIDs resolved once, each to an IANA zone or the file's own VTIMEZONE. */
class FileZones {
  private readonly own = new Map<string, IcalTimezone>();
  private readonly resolved = new Map<string, { iana: string } | { custom: IcalTimezone } | undefined>();

  constructor(
    calendars: readonly IcalComponent[],
    readonly household: string,
    private readonly warnings: string[],
  ) {
    for (const cal of calendars) {
      for (const vtz of cal.getAllSubcomponents('vtimezone')) {
        const tzid = vtz.getFirstPropertyValue('tzid');
        if (typeof tzid === 'string' && !this.own.has(tzid)) this.own.set(tzid, new ICAL.Timezone(vtz));
      }
    }
  }

  resolve(tzid: string) {
    if (this.resolved.has(tzid)) return this.resolved.get(tzid);
    const iana = ianaZoneOf(tzid);
    const custom = this.own.get(tzid);
    const r = iana ? { iana } : custom ? { custom } : undefined;
    if (!r) this.warnings.push(`Unbekannte Zeitzone ${tzid.slice(0, 80)}: als ${this.household} gelesen.`);
    this.resolved.set(tzid, r);
    return r;
  }

  /** The instant of a wall time written with `tzid` (none: floating, household time). */
  instant(w: Wall, tzid: string | undefined): number {
    const r = tzid ? this.resolve(tzid) : undefined;
    if (r && 'iana' in r) return instantOf(w, r.iana);
    if (r) return new ICAL.Time({ ...w, isDate: false }, r.custom).toUnixTime() * 1000;
    return instantOf(w, this.household);
  }

  /**
   * The IANA zone a series written in `tzid` repeats in, or null for the household's.
   * A file-defined zone counts as the household's when it agrees with it in winter and
   * summer; otherwise undefined (the series cannot be kept as a rule).
   */
  seriesZone(tzid: string | undefined, utc: boolean, atMs: number): string | null | undefined {
    if (utc) return 'UTC';
    if (!tzid) return null;
    const r = this.resolve(tzid);
    if (!r) return null;
    if ('iana' in r) return r.iana === this.household || sameOffsets(r.iana, this.household, atMs) ? null : r.iana;
    for (const probe of [atMs, atMs + 182 * 86_400_000]) {
      const t = ICAL.Time.fromJSDate(new Date(probe), true);
      const offset = r.custom.utcOffset(t) / 60;
      if (offset !== offsetMinutesAt(probe, this.household)) return undefined;
    }
    return null;
  }
}

/** Zones that are aliases of each other ("Europe/Berlin" and a CLDR name for it) behave alike for a series. */
function sameOffsets(a: string, b: string, atMs: number): boolean {
  for (let i = 0; i < 12; i++) {
    const probe = atMs + i * 31 * 86_400_000;
    if (offsetMinutesAt(probe, a) !== offsetMinutesAt(probe, b)) return false;
  }
  return true;
}

function dateOf(t: IcalTime): string {
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

function isUtc(t: IcalTime): boolean {
  return t.zone?.tzid === 'UTC' || t.zone === ICAL.Timezone.utcTimezone;
}

function instantOfIcal(t: IcalTime, tzid: string | undefined, zones: FileZones): number {
  const wall = { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
  if (isUtc(t)) return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return zones.instant(wall, tzid);
}

/**
 * Why ical.js could not read the file, as a sentence for the family with the line where it
 * can be found: the library's own (English) error text is never shown.
 */
function unreadableFile(text: string, libraryMessage: string): string {
  if (/began but did not end/.test(libraryMessage))
    return 'Die ICS-Datei ist nicht lesbar: ein Eintrag (BEGIN:…) wird nie beendet (END fehlt).';
  const line = /^invalid line\b/.test(libraryMessage) ? /"([^"]*)"\s*$/.exec(libraryMessage)?.[1] : undefined;
  if (line !== undefined) {
    const at = text.split(/\r\n|\n|\r/).findIndex((l) => l.startsWith(line));
    const where = at >= 0 ? `Zeile ${at + 1}` : 'Eine Zeile';
    return `Die ICS-Datei ist nicht lesbar: ${where} („${shown(line)}“) ist keine iCalendar-Zeile (NAME:Wert).`;
  }
  return 'Die ICS-Datei ist nicht lesbar: sie ist kein gültiger iCalendar-Text.';
}

/** Each VCALENDAR of the file (several may be concatenated), a UTF-8 byte order mark removed. */
function parseCalendars(text: string): IcalComponent[] {
  const blocks = text.match(/^BEGIN:VCALENDAR\b[\s\S]*?^END:VCALENDAR\b[^\r\n]*/gim) ?? [text];
  return blocks.map((block) => {
    let root;
    try {
      root = new ICAL.Component(ICAL.parse(block) as unknown as unknown[]);
    } catch (err) {
      throw new HomeError('INVALID_INPUT', unreadableFile(text, err instanceof Error ? err.message : String(err)));
    }
    if (root.name !== 'vcalendar') throw new HomeError('INVALID_INPUT', 'Die Datei enthält keinen VCALENDAR.');
    return root;
  });
}

function spanOf(start: IcalTime, end: IcalTime | undefined, tzid: string | undefined, endTzid: string | undefined, zones: FileZones) {
  const tz = zones.household;
  if (start.isDate) {
    const first = dateOf(start);
    const last = end && end.isDate ? dateOf(end) : addDays(first, 1);
    return { startMs: startOfDay(first, tz), endMs: startOfDay(last > first ? last : addDays(first, 1), tz), allDay: true };
  }
  const startMs = instantOfIcal(start, tzid, zones);
  const endMs = end ? instantOfIcal(end, endTzid ?? tzid, zones) : startMs;
  return { startMs, endMs: Math.max(endMs, startMs), allDay: false };
}

function zoneParams(vevent: IcalComponent): { tzid?: string; endTzid?: string } {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
  const endTzid = (vevent.getFirstProperty('dtend') ?? vevent.getFirstProperty('due'))?.getParameter('tzid') as string | undefined;
  return { ...(tzid ? { tzid } : {}), ...(endTzid ? { endTzid } : {}) };
}

function textFields(ev: IcalEvent) {
  return {
    title: ((ev.summary ?? '').trim() || '(ohne Titel)').slice(0, 200),
    location: (ev.location ?? '').slice(0, 200),
    notes: (ev.description ?? '').slice(0, 4000),
  };
}

/** The longest lead a reminder may have: four weeks, as the calendar tools accept. */
const MAX_REMINDER_MINUTES = 40_320;

/**
 * The event's own alarm as minutes before its start: the first VALARM whose TRIGGER is a
 * duration before (or at) the start. Alarms at a fixed time or after the end have no
 * place in the household's model and are left to the calendar app.
 */
function alarmFields(ev: IcalEvent): { reminderMinutes?: number } {
  for (const alarm of ev.component.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    if (!trigger || !(value instanceof ICAL.Duration)) continue;
    if (String(trigger.getParameter('related') ?? 'START').toUpperCase() !== 'START') continue;
    const seconds = value.toSeconds();
    if (seconds > 0) continue;
    const minutes = Math.abs(Math.round(seconds / 60));
    if (minutes <= MAX_REMINDER_MINUTES) return { reminderMinutes: minutes };
  }
  return {};
}

/** The budget of one import: events made, iterator steps taken, wall time spent. */
class Budget {
  events = 0;
  iterations = 0;
  private readonly deadline: number;

  constructor(readonly limits: IcsLimits) {
    this.deadline = Date.now() + limits.budgetMs;
  }

  step(): void {
    if (++this.iterations > this.limits.iterations || Date.now() > this.deadline) {
      throw new HomeError(
        'INVALID_INPUT',
        'Die Kalenderdatei ist zu aufwendig zu lesen (zu viele Wiederholungen); es wurde nichts übernommen. Bitte einen kürzeren Zeitraum exportieren.',
      );
    }
  }

  add(n = 1): void {
    this.events += n;
    if (this.events > this.limits.events) {
      throw new HomeError(
        'INVALID_INPUT',
        `Die Kalenderdatei ergibt mehr als ${this.limits.events} Termine; es wurde nichts übernommen. Bitte einen kürzeren Zeitraum exportieren.`,
      );
    }
  }
}

/**
 * Prepares a series for ical.js's iterator: RDATEs with VALUE=PERIOD become plain RDATEs
 * of their starts, each period's own end returned by its start; and DTSTART, the first
 * instance of every series, is added as an RDATE when no RRULE yields it (ical.js skips it).
 */
function prepareSeries(vevent: IcalComponent): Map<string, IcalTime> {
  const ends = new Map<string, IcalTime>();
  if (vevent.hasProperty('rdate') && !vevent.hasProperty('rrule')) {
    const start = vevent.getFirstPropertyValue('dtstart') as IcalTime;
    const listed = vevent
      .getAllProperties('rdate')
      .some((p) => (p.getValues() as unknown[]).some((v) => (v instanceof ICAL.Period ? v.start : v)?.toString() === start.toString()));
    if (!listed) vevent.addPropertyWithValue('rdate', start.clone());
  }
  for (const prop of vevent.getAllProperties('rdate')) {
    const values = prop.getValues() as unknown[];
    if (!values.some((v) => v instanceof ICAL.Period)) continue;
    vevent.removeProperty(prop);
    for (const v of values) {
      const start = v instanceof ICAL.Period ? v.start : (v as IcalTime);
      if (v instanceof ICAL.Period) ends.set(start.toString(), v.getEnd());
      vevent.addPropertyWithValue('rdate', start);
    }
  }
  return ends;
}

/**
 * The occurrences of a recurring VEVENT whose rule the calendar cannot keep, inside the import window, each with its own UID
 * (`uid#recurrence-id`), so importing the file again updates them instead of doubling.
 * EXDATEs are skipped and RECURRENCE-ID overrides in the same file replace their date.
 */
function occurrences(
  ev: IcalEvent,
  periodEnds: ReadonlyMap<string, IcalTime>,
  input: IcsParseInput,
  budget: Budget,
  zones: FileZones,
  warnings: string[],
): IcsEventFields[] {
  const tz = input.timezone;
  const fromMs = input.nowMs - RECURRENCE_PAST_DAYS * 86_400_000;
  const toMs = input.nowMs + RECURRENCE_FUTURE_DAYS * 86_400_000;
  const out: IcsEventFields[] = [];
  const it = ev.iterator();
  const title = textFields(ev).title;
  for (let i = 0; i < budget.limits.iterationsPerSeries; i++) {
    budget.step();
    const next = it.next();
    if (!next) return out;
    const details = ev.getOccurrenceDetails(next);
    const item = details.item;
    const { tzid, endTzid } = zoneParams(item.component);
    const periodEnd = item === ev ? periodEnds.get(details.recurrenceId.toString()) : undefined;
    const span = spanOf(details.startDate, periodEnd ?? details.endDate, tzid, endTzid, zones);
    if (span.startMs >= toMs) {
      warnings.push(
        `${title}: Wiederholungen bis ${formatDateDe(localDateOf(toMs, tz))} übernommen; spätere kommen mit einem erneuten Import.`,
      );
      return out;
    }
    if (span.endMs <= fromMs && span.startMs < fromMs) continue;
    if (out.length >= budget.limits.occurrencesPerSeries) {
      warnings.push(`${title}: nur die nächsten ${budget.limits.occurrencesPerSeries} Wiederholungen übernommen.`);
      return out;
    }
    budget.add();
    out.push({ ...textFields(item), ...span, icsUid: ev.uid ? `${ev.uid}#${details.recurrenceId.toString()}` : null });
  }
  warnings.push(`${title}: die Wiederholungsregel ist zu lang, nur ein Teil wurde übernommen.`);
  return out;
}

const PRIORITY_OF = (p: number): TaskPriority => (p >= 1 && p <= 4 ? 'high' : p >= 6 && p <= 9 ? 'low' : 'normal');

function titleOf(c: IcalComponent): string {
  const summary = c.getFirstPropertyValue('summary');
  return ((typeof summary === 'string' ? summary : '').trim() || '(ohne Titel)').slice(0, 200);
}

function textOf(c: IcalComponent, name: string, max: number): string {
  const v = c.getFirstPropertyValue(name);
  return (typeof v === 'string' ? v : '').slice(0, max);
}

/** A VTODO as a task: DUE as its due date (a date is local midnight), STATUS as its status. */
function taskOf(vtodo: IcalComponent, zones: FileZones, skipped: IcsSkipped[]): IcsTaskFields | undefined {
  const title = titleOf(vtodo);
  const status = String(vtodo.getFirstPropertyValue('status') ?? '').toUpperCase();
  if (status === 'CANCELLED') {
    skipped.push({ what: `Aufgabe „${title}“`, reason: 'ist abgesagt (STATUS:CANCELLED).', ...plainOf('task', vtodo, null, 'cancelled') });
    return undefined;
  }
  const dueProp = vtodo.getFirstProperty('due');
  const due = dueProp?.getFirstValue() as IcalTime | undefined;
  let dueMs: number | null = null;
  if (due && isRealDateOrDateTime(due.toICALString().replace(/[-:]/g, ''))) {
    dueMs = due.isDate
      ? startOfDay(dateOf(due), zones.household)
      : instantOfIcal(due, dueProp!.getParameter('tzid') as string | undefined, zones);
  }
  const done = status === 'COMPLETED' || vtodo.hasProperty('completed');
  const uid = vtodo.getFirstPropertyValue('uid');
  return {
    title,
    notes: textOf(vtodo, 'description', 4000),
    dueMs,
    status: done ? 'done' : status === 'IN-PROCESS' ? 'in_progress' : 'open',
    priority: PRIORITY_OF(Number(vtodo.getFirstPropertyValue('priority') ?? 0)),
    icsUid: typeof uid === 'string' ? uid : null,
  };
}

/** The raw RRULE text of a VEVENT, as written in the file when its lines are known. */
function ruleTextOf(vevent: IcalComponent, own: readonly PropertyLine[] | undefined): string {
  const line = own?.find((p) => p.name === 'RRULE');
  return line ? line.value.trim() : String(vevent.getFirstPropertyValue('rrule'));
}

/** Why a recurring VEVENT cannot be kept as a rule (then it is imported as single events), or undefined. */
function whyNotARule(vevent: IcalComponent, text: string): string | undefined {
  if (vevent.getAllProperties('rrule').length !== 1) return 'mehrere Regeln (RRULE)';
  if (vevent.hasProperty('rdate')) return 'zusätzliche Einzeltermine (RDATE)';
  try {
    parseRule(text);
  } catch (err) {
    if (err instanceof RuleError) return err.message.replace(/\.$/, '');
    throw err;
  }
  return undefined;
}

function overrideOf(o: IcalComponent, zones: FileZones): IcsOverrideFields & { cancelled: boolean } {
  const rid = o.getFirstProperty('recurrence-id')!;
  const ridTime = rid.getFirstValue() as IcalTime;
  const occurrenceMs = ridTime.isDate
    ? startOfDay(dateOf(ridTime), zones.household)
    : instantOfIcal(ridTime, rid.getParameter('tzid') as string | undefined, zones);
  const ev = new ICAL.Event(o);
  const { tzid, endTzid } = zoneParams(o);
  return {
    occurrenceMs,
    ...textFields(ev),
    ...spanOf(ev.startDate, ev.endDate ?? undefined, tzid, endTzid, zones),
    cancelled: String(o.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED',
  };
}

/**
 * A recurring VEVENT kept as a rule, with its EXDATEs and overrides; undefined when its
 * zone cannot carry a rule (a file-defined zone that differs from the household's).
 */
function seriesOf(
  vevent: IcalComponent,
  rule: string,
  overrides: readonly IcalComponent[],
  zones: FileZones,
  extra: IcsEventFields[],
): IcsSeriesFields | undefined {
  const ev = new ICAL.Event(vevent);
  const { tzid, endTzid } = zoneParams(vevent);
  const span = spanOf(ev.startDate, ev.endDate ?? undefined, tzid, endTzid, zones);
  const zone = span.allDay ? null : zones.seriesZone(tzid, isUtc(ev.startDate), span.startMs);
  if (zone === undefined) return undefined;
  const rrule = formatRule(parseRule(rule));
  const exdates: number[] = [];
  for (const prop of vevent.getAllProperties('exdate')) {
    const exTzid = (prop.getParameter('tzid') as string | undefined) ?? tzid;
    for (const v of prop.getValues() as IcalTime[]) {
      if (!v.isDate || span.allDay) exdates.push(v.isDate ? startOfDay(dateOf(v), zones.household) : instantOfIcal(v, exTzid, zones));
      else {
        // A date-only EXDATE on a timed series removes that day's occurrence (as ical.js
        // reads it): the occurrence at the series' time of day on that date.
        const onDay = ev.startDate.clone();
        onDay.year = v.year;
        onDay.month = v.month;
        onDay.day = v.day;
        exdates.push(instantOfIcal(onDay, tzid, zones));
      }
    }
  }
  const changed: IcsOverrideFields[] = [];
  for (const o of overrides) {
    const { cancelled, ...fields } = overrideOf(o, zones);
    if (cancelled) exdates.push(fields.occurrenceMs);
    else changed.push(fields);
  }
  const uid = ev.uid || null;
  const fields = { ...textFields(ev), ...alarmFields(ev), ...span, icsUid: uid };
  // RFC 5545 counts DTSTART as an occurrence even where the rule does not yield it; the
  // household's series start at their first rule occurrence, so such a start comes along
  // as an event of its own instead of getting lost.
  if (!isRuleOccurrence(shapeOf({ ...span, rrule, tzid: zone }, zones.household), span.startMs)) {
    extra.push({ ...fields, icsUid: uid ? `${uid}#${ev.startDate.toString()}` : null });
  }
  return { ...fields, rrule, tzid: zone, exdates: [...new Set(exdates)], overrides: changed };
}

/**
 * The file without the VEVENTs whose properties are malformed (each listed in `skipped` with
 * the line and the reason); the others are imported. The lines of a left-out VEVENT become
 * a calendar-level X- property each, so every line number stays that of the file.
 */
function withoutBadEvents(text: string, limits: IcsLimits, skipped: IcsSkipped[]): string {
  const blocks = veventBlocks(text);
  const bad: { begin: number; end: number }[] = [];
  for (const block of blocks) {
    try {
      checkProperties(block.lines, limits);
    } catch (err) {
      if (!(err instanceof HomeError)) throw err;
      const summary = block.lines.find((p) => p.name === 'SUMMARY')?.value.trim();
      skipped.push({
        what: `Termin „${shown(summary || '(ohne Titel)')}“ (Zeile ${block.begin})`,
        reason: err.message,
        kind: 'event',
        title: shown(summary ?? ''),
        line: err instanceof IcsValueError ? err.line : block.begin,
        code: 'bad_value',
        ...(err instanceof IcsValueError ? { property: err.property, value: err.value } : {}),
      });
      bad.push({ begin: block.begin, end: block.end });
    }
  }
  if (bad.length === 0) return text;
  const physical = text.split(/\r\n|\n|\r/);
  for (const { begin, end } of bad) for (let i = begin - 1; i < end && i < physical.length; i++) physical[i] = 'X-JARVIS-SKIPPED:1';
  return physical.join('\r\n');
}

const SKIPPED_COMPONENTS: Readonly<Record<string, { reason: string; kind: IcsSkippedComponent['kind'] }>> = {
  vjournal: { reason: 'Notizen (VJOURNAL) übernimmt der Kalender nicht.', kind: 'journal' },
  vfreebusy: { reason: 'Frei/Belegt-Zeiten (VFREEBUSY) übernimmt der Kalender nicht.', kind: 'freebusy' },
  vavailability: { reason: 'Verfügbarkeiten (VAVAILABILITY) übernimmt der Kalender nicht.', kind: 'availability' },
};

/** The language-free part of a skipped component (the title as the file has it, empty when it has none). */
function plainOf(
  kind: IcsSkippedComponent['kind'],
  c: IcalComponent,
  line: number | null,
  code: IcsSkippedComponent['code'],
): Pick<IcsSkippedComponent, 'kind' | 'title' | 'line' | 'code'> {
  const summary = c.getFirstPropertyValue('summary');
  return { kind, title: (typeof summary === 'string' ? summary.trim() : '').slice(0, 200), line, code };
}

/**
 * Every VEVENT and VTODO of every VCALENDAR in the file: a recurring event keeps its rule
 * (with EXDATEs and RECURRENCE-ID overrides); a rule the calendar cannot keep becomes
 * single events from 30 days ago to a year ahead; VTODOs become tasks. What is left out
 * is listed in `skipped` with its reason: a VEVENT with a malformed property is skipped with
 * its line. Refuses the whole file (HomeError naming the line) when nothing in it can be read
 * or the file is too costly.
 */
export function parseIcs(input: IcsParseInput, limits: IcsLimits = ICS_LIMITS): ParsedIcs {
  const raw = input.text.replace(/(^|\n)\uFEFF/g, '$1');
  const skipped: IcsSkipped[] = [];
  // The lines are checked before ical.js parses them: it reads RRULE values while parsing. A
  // VEVENT with a bad value is left out of what ical.js reads, and listed with its line.
  const unreadable: IcsSkipped[] = [];
  const text = withoutBadEvents(raw, limits, unreadable);
  skipped.push(...unreadable);
  const lines = veventLines(text);
  const calendars = parseCalendars(text);
  const warnings: string[] = [];
  const zones = new FileZones(calendars, input.timezone, warnings);
  const budget = new Budget(limits);
  const vevents = calendars.flatMap((c) => c.getAllSubcomponents('vevent'));
  const linesOf = (index: number) => (lines.length === vevents.length ? lines[index] : undefined);
  const lineOf = (index: number): number | null => {
    const own = linesOf(index);
    return own?.length ? own[0]!.line - 1 : null;
  };
  const where = (index: number) => {
    const line = lineOf(index);
    return line !== null ? ` (ab Zeile ${line})` : '';
  };
  // RECURRENCE-ID components override one occurrence of the series with the same UID.
  const overrides = new Map<string, IcalComponent[]>();
  for (const v of vevents) {
    const uid = v.getFirstPropertyValue('uid');
    if (v.hasProperty('recurrence-id') && typeof uid === 'string') overrides.set(uid, [...(overrides.get(uid) ?? []), v]);
  }
  const seriesUids = new Set<string>();
  for (const v of vevents) {
    const uid = v.getFirstPropertyValue('uid');
    if (!v.hasProperty('recurrence-id') && typeof uid === 'string' && (v.hasProperty('rrule') || v.hasProperty('rdate')))
      seriesUids.add(uid);
  }

  const events: IcsEventFields[] = [];
  const series: IcsSeriesFields[] = [];
  vevents.forEach((vevent, index) => {
    budget.step();
    const uid = vevent.getFirstPropertyValue('uid');
    // An override is imported with its series; one without a series in the file stands alone.
    if (vevent.hasProperty('recurrence-id') && typeof uid === 'string' && seriesUids.has(uid)) return;
    if (!vevent.getFirstProperty('dtstart')) {
      skipped.push({
        what: `Termin „${titleOf(vevent)}“${where(index)}`,
        reason: 'hat keinen Beginn (DTSTART).',
        ...plainOf('event', vevent, lineOf(index), 'no_start'),
      });
      return;
    }
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED' && !vevent.hasProperty('recurrence-id')) {
      skipped.push({
        what: `Termin „${titleOf(vevent)}“${where(index)}`,
        reason: 'ist abgesagt (STATUS:CANCELLED).',
        ...plainOf('event', vevent, lineOf(index), 'cancelled'),
      });
      return;
    }
    try {
      const own = typeof uid === 'string' && !vevent.hasProperty('recurrence-id') ? (overrides.get(uid) ?? []) : [];
      if (vevent.hasProperty('rrule') && !vevent.hasProperty('recurrence-id')) {
        const rule = ruleTextOf(vevent, linesOf(index));
        const why = whyNotARule(vevent, rule);
        const kept = why ? undefined : seriesOf(vevent, rule, own, zones, events);
        if (kept) {
          budget.add(1 + kept.overrides.length);
          series.push(kept);
          return;
        }
        warnings.push(
          `${titleOf(vevent)}: ${why ?? 'die Zeitzone der Datei weicht von der des Haushalts ab'}; als einzelne Termine übernommen.`,
        );
      }
      const periodEnds = prepareSeries(vevent);
      const ev = new ICAL.Event(vevent, { exceptions: own });
      if (ev.isRecurring()) {
        events.push(...occurrences(ev, periodEnds, input, budget, zones, warnings));
        return;
      }
      budget.add();
      const { tzid, endTzid } = zoneParams(vevent);
      const icsUid = ev.uid ? (ev.recurrenceId ? `${ev.uid}#${ev.recurrenceId.toString()}` : ev.uid) : null;
      events.push({
        ...textFields(ev),
        ...alarmFields(ev),
        ...spanOf(ev.startDate, ev.endDate ?? undefined, tzid, endTzid, zones),
        icsUid,
      });
    } catch (err) {
      // The file's budget (too many events, too costly) refuses the whole file.
      if (err instanceof HomeError) throw err;
      // Whatever the checks above did not foresee skips this one component, saying where;
      // the library's own error text is no sentence for the family.
      skipped.push({
        what: `Termin „${titleOf(vevent)}“${where(index)}`,
        reason: 'ist nicht lesbar und wurde übersprungen.',
        ...plainOf('event', vevent, lineOf(index), 'unreadable'),
      });
    }
  });

  const tasks: IcsTaskFields[] = [];
  for (const cal of calendars) {
    for (const vtodo of cal.getAllSubcomponents('vtodo')) {
      budget.step();
      const task = taskOf(vtodo, zones, skipped);
      if (task) {
        budget.add();
        tasks.push(task);
      }
    }
    for (const c of cal.getAllSubcomponents()) {
      const known = SKIPPED_COMPONENTS[c.name];
      if (known)
        skipped.push({
          what: `${c.name.toUpperCase()} „${titleOf(c)}“`,
          reason: known.reason,
          ...plainOf(known.kind, c, null, 'not_supported'),
        });
    }
  }
  // Nothing readable at all: the file is refused with the first reason, as it would be for one event.
  if (events.length + series.length + tasks.length === 0 && unreadable.length > 0)
    throw new HomeError('INVALID_INPUT', unreadable[0]!.reason);
  return { events, series, tasks, warnings: [...new Set(warnings)], skipped };
}
