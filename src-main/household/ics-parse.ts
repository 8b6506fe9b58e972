// Reads an ICS file into the household's single events, without touching the store: this
// runs on a worker thread (ics-worker.ts), where a hostile file costs that thread only.
// Wall times are resolved with the same zone code as everything else: a TZID that names an
// IANA zone is used as such, UTC stays UTC, floating times are household time.
import ICAL from 'ical.js';
import { HomeError } from './errors';
import { isRealDateOrDateTime, veventLines, type PropertyLine } from './ics-lines';
import { addDays, formatDateDe, instantOf, localDateOf, startOfDay } from './time';

export interface IcsEventFields {
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly allDay: boolean;
  readonly location: string;
  readonly notes: string;
  readonly icsUid: string | null;
}

export interface ParsedIcs {
  readonly events: readonly IcsEventFields[];
  readonly warnings: readonly string[];
}

export interface IcsParseInput {
  readonly text: string;
  readonly timezone: string;
  readonly nowMs: number;
}

/** Recurring events become single events in this window around today (the household has no series). */
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
  /** Steps of all iterators of the file: past it, the file is refused. */
  iterations: 200_000,
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

function invalid(p: PropertyLine, why: string): HomeError {
  return new HomeError('INVALID_INPUT', `Zeile ${p.line}: ${LABELS[p.name] ?? p.name} „${shown(p.value)}“ ${why}`);
}

function checkDuration(p: PropertyLine, text: string, limits: IcsLimits): void {
  let seconds: number;
  try {
    seconds = ICAL.Duration.fromString(text).toSeconds();
  } catch {
    throw invalid(p, 'ist keine gültige Dauer.');
  }
  if (!Number.isFinite(seconds) || Math.abs(seconds) > limits.durationSeconds) throw invalid(p, 'ist länger als zehn Jahre; so lange dauert kein Termin.');
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
          if (!start || !end || !isRealDateOrDateTime(start)) throw invalid(p, 'ist kein gültiger Zeitraum (Beginn/Ende oder Beginn/Dauer).');
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
      if (rule.until && !isRealDateOrDateTime(/UNTIL=([^;]*)/i.exec(value)?.[1] ?? '')) throw invalid(p, 'hat kein gültiges Enddatum (UNTIL).');
    }
  }
}

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

function parseCalendar(text: string): IcalComponent {
  let root;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  } catch (err) {
    throw new HomeError('INVALID_INPUT', `Die ICS-Datei ist nicht lesbar: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (root.name !== 'vcalendar') throw new HomeError('INVALID_INPUT', 'Die Datei enthält keinen VCALENDAR.');
  return root;
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
      throw new HomeError('INVALID_INPUT', 'Die Kalenderdatei ist zu aufwendig zu lesen (zu viele Wiederholungen); es wurde nichts übernommen. Bitte einen kürzeren Zeitraum exportieren.');
    }
  }

  add(n = 1): void {
    this.events += n;
    if (this.events > this.limits.events) {
      throw new HomeError('INVALID_INPUT', `Die Kalenderdatei ergibt mehr als ${this.limits.events} Termine; es wurde nichts übernommen. Bitte einen kürzeren Zeitraum exportieren.`);
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
    const listed = vevent.getAllProperties('rdate').some((p) => (p.getValues() as unknown[]).some((v) => (v instanceof ICAL.Period ? v.start : v)?.toString() === start.toString()));
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
 * The occurrences of a recurring VEVENT inside the import window, each with its own UID
 * (`uid#recurrence-id`), so importing the file again updates them instead of doubling.
 * EXDATEs are skipped and RECURRENCE-ID overrides in the same file replace their date.
 */
function occurrences(ev: IcalEvent, periodEnds: ReadonlyMap<string, IcalTime>, input: IcsParseInput, budget: Budget, warnings: string[]): IcsEventFields[] {
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
    const span = spanOf(details.startDate, periodEnd ?? details.endDate, tzid, endTzid, tz, warnings);
    if (span.startMs >= toMs) {
      warnings.push(`${title}: Wiederholungen bis ${formatDateDe(localDateOf(toMs, tz))} übernommen; spätere kommen mit einem erneuten Import.`);
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

/**
 * Every VEVENT as single events: a recurring event becomes one event per occurrence from
 * 30 days ago to a year ahead (with its exceptions and overrides). Refuses the whole file
 * (HomeError naming the line) when a property is malformed or the file is too costly.
 */
export function parseIcs(input: IcsParseInput, limits: IcsLimits = ICS_LIMITS): ParsedIcs {
  // The lines are checked before ical.js parses them: it reads RRULE values while parsing.
  const lines = veventLines(input.text);
  for (const own of lines) checkProperties(own, limits);
  const root = parseCalendar(input.text);
  const warnings: string[] = [];
  const tz = input.timezone;
  const budget = new Budget(limits);
  const vevents = root.getAllSubcomponents('vevent');
  const linesOf = (index: number) => (lines.length === vevents.length ? lines[index] : undefined);
  vevents.forEach((vevent, index) => {
    budget.step();
    const own = linesOf(index);
    if (!vevent.getFirstProperty('dtstart')) {
      throw new HomeError('INVALID_INPUT', `VEVENT ${index + 1}${own?.length ? ` (ab Zeile ${own[0]!.line - 1})` : ''} hat kein DTSTART.`);
    }
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

  const events: IcsEventFields[] = [];
  vevents.forEach((vevent, index) => {
    const uid = vevent.getFirstPropertyValue('uid');
    // An override is imported with its series; one without a series in the file stands alone.
    if (vevent.hasProperty('recurrence-id') && typeof uid === 'string' && seriesUids.has(uid)) return;
    try {
      const periodEnds = prepareSeries(vevent);
      const ev = new ICAL.Event(vevent, { exceptions: typeof uid === 'string' && !vevent.hasProperty('recurrence-id') ? (overrides.get(uid) ?? []) : [] });
      if (ev.isRecurring()) {
        events.push(...occurrences(ev, periodEnds, input, budget, warnings));
        return;
      }
      budget.step();
      budget.add();
      const { tzid, endTzid } = zoneParams(vevent);
      const icsUid = ev.uid ? (ev.recurrenceId ? `${ev.uid}#${ev.recurrenceId.toString()}` : ev.uid) : null;
      events.push({ ...textFields(ev), ...spanOf(ev.startDate, ev.endDate ?? undefined, tzid, endTzid, tz, warnings), icsUid });
    } catch (err) {
      if (err instanceof HomeError) throw err;
      // Whatever the checks above did not foresee still becomes a refusal that says where.
      const own = linesOf(index);
      const where = own?.length ? ` (ab Zeile ${own[0]!.line - 1})` : '';
      throw new HomeError('INVALID_INPUT', `VEVENT ${index + 1}${where} ist nicht lesbar: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return { events, warnings: [...new Set(warnings)] };
}
