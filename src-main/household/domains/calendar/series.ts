// Series as the calendar tools make them: a rule checked and written canonically, the
// start moved to the first occurrence the rule yields, the end of a finite series, and
// the words a confirmation uses for the rule.
import type { EventRecord } from '../../store';
import type { HomeEnv } from '../../env';
import { HomeError } from '../../errors';
import {
  firstOccurrenceFrom,
  formatRule,
  isRuleOccurrence,
  parseRule,
  RuleError,
  seriesDayOf,
  seriesEndOf,
  shapeOf,
  spanOnDay,
  type Rule,
  type SeriesShape,
} from '../../recurrence';
import { toRfc3339 } from '../../time';

type Span = Pick<EventRecord, 'startMs' | 'endMs' | 'allDay'>;

export function ruleOf(text: string, path: string): Rule {
  try {
    return parseRule(text);
  } catch (err) {
    if (err instanceof RuleError) throw new HomeError('INVALID_INPUT', err.message, path);
    throw err;
  }
}

/**
 * The series fields for an event with rule `text` that should begin at `span`: the rule
 * in canonical form, the start moved to the first occurrence on or after it ("am 1. jeden
 * Monats" asked for today starts on the next 1st), and the end when the series is finite.
 */
export function prepareSeries(env: HomeEnv, span: Span, text: string, path: string, tzid: string | null = null) {
  const rrule = formatRule(ruleOf(text, path));
  const shape = shapeOf({ ...span, rrule, tzid }, env.timezone);
  const first = firstOccurrenceFrom(shape, span.startMs);
  if (!first) throw new HomeError('INVALID_INPUT', 'Diese Wiederholungsregel ergibt ab dem Beginn keinen einzigen Termin.', path);
  const startMs = first.startMs;
  const endMs = first.endMs;
  return { rrule, startMs, endMs, tzid, seriesEndMs: seriesEndOf(shapeOf({ ...span, startMs, endMs, rrule, tzid }, env.timezone)) };
}

/** The original start named by `occurrence_start`, checked to be an occurrence of the series. */
export function occurrenceKey(env: HomeEnv, e: EventRecord, shape: SeriesShape, text: string | undefined): number {
  const ms = text === undefined ? NaN : Date.parse(text);
  if (!Number.isFinite(ms))
    throw new HomeError(
      'INVALID_INPUT',
      'Bitte occurrence_start angeben: den ursprünglichen Beginn des gemeinten Termins der Serie.',
      '/occurrence_start',
    );
  if (!isRuleOccurrence(shape, ms) || e.exdates.includes(ms)) {
    throw new HomeError(
      'NOT_FOUND',
      `Die Serie „${e.title}“ hat keinen Termin, der ${toRfc3339(ms, env.timezone)} beginnt.`,
      '/occurrence_start',
    );
  }
  return ms;
}

/** The first occurrence's original start. */
export function firstKey(e: EventRecord, shape: SeriesShape): number {
  return firstOccurrenceFrom(shape, e.startMs)?.startMs ?? e.startMs;
}

/** The occurrence's span as the rule makes it (before any override). */
export function ruleSpan(shape: SeriesShape, key: number): { startMs: number; endMs: number } {
  return spanOnDay(shape, seriesDayOf(shape, key));
}

/**
 * Original starts of series `from` carried over to series `to` whose days are `dayDelta`
 * later: each lands on its day in the new series at the new time, and is dropped when the
 * new rule has no occurrence there.
 */
export function rekey(keys: readonly number[], from: SeriesShape, to: SeriesShape, dayDelta: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const k of keys) {
    const moved = spanOnDay(to, seriesDayOf(from, k) + dayDelta).startMs;
    if (isRuleOccurrence(to, moved)) out.set(k, moved);
  }
  return out;
}

/** "YYYYMMDDTHHMMSSZ" */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const WEEKDAYS_DE = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
const WEEKDAY_NAMES_DE = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

function ordinalDe(n: number): string {
  return n === -1 ? 'letzten' : n > 0 ? `${n}.` : `${-n}.-letzten`;
}

/** "jeden zweiten Dienstag"-style words for a confirmation: "alle 2 Wochen dienstags". */
export function describeRule(e: Pick<EventRecord, 'rrule'>, _tz: string): string {
  if (!e.rrule) return '';
  const r = parseRule(e.rrule);
  const every = (one: string, many: string) => (r.interval === 1 ? one : `alle ${r.interval} ${many}`);
  const days = r.byDay.filter((d) => d.n === 0).map((d) => d.weekday);
  const nth = r.byDay.filter((d) => d.n !== 0);
  let text: string;
  switch (r.freq) {
    case 'DAILY':
      text = every('täglich', 'Tage');
      break;
    case 'WEEKLY':
      text =
        days.length === 5 && [0, 1, 2, 3, 4].every((d) => days.includes(d)) && r.interval === 1
          ? 'werktags'
          : `${every('wöchentlich', 'Wochen')}${days.length ? ` ${days.map((d) => WEEKDAYS_DE[d]).join(', ')}` : ''}`;
      break;
    case 'MONTHLY':
      text = every('monatlich', 'Monate');
      if (r.byMonthDay.length) text += ` am ${r.byMonthDay.map((d) => (d === -1 ? 'letzten Tag' : `${d}.`)).join(', ')}`;
      if (nth.length) text += ` am ${nth.map((d) => `${ordinalDe(d.n)} ${WEEKDAY_NAMES_DE[d.weekday]}`).join(', ')}`;
      break;
    case 'YEARLY':
      text = every('jährlich', 'Jahre');
      if (r.byMonth.length) text += ` im ${r.byMonth.map((m) => MONTHS_DE[m - 1]).join(', ')}`;
      break;
  }
  if (r.count !== null) text += `, ${r.count}-mal`;
  else if (r.until) text += ' bis zum Enddatum';
  return text;
}

const WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinalEn(n: number): string {
  if (n === -1) return 'last';
  const k = Math.abs(n);
  const suffix = k % 10 === 1 && k !== 11 ? 'st' : k % 10 === 2 && k !== 12 ? 'nd' : k % 10 === 3 && k !== 13 ? 'rd' : 'th';
  return n > 0 ? `${k}${suffix}` : `${k}${suffix} to last`;
}

/** The same words in English: "every 2 weeks on Tuesday". */
export function describeRuleEn(rrule: string): string {
  const r = parseRule(rrule);
  const every = (one: string, many: string) => (r.interval === 1 ? one : `every ${r.interval} ${many}`);
  const days = r.byDay.filter((d) => d.n === 0).map((d) => d.weekday);
  const nth = r.byDay.filter((d) => d.n !== 0);
  let text: string;
  switch (r.freq) {
    case 'DAILY':
      text = every('daily', 'days');
      break;
    case 'WEEKLY':
      text =
        days.length === 5 && [0, 1, 2, 3, 4].every((d) => days.includes(d)) && r.interval === 1
          ? 'on weekdays'
          : `${every('weekly', 'weeks')}${days.length ? ` on ${days.map((d) => WEEKDAYS_EN[d]).join(', ')}` : ''}`;
      break;
    case 'MONTHLY':
      text = every('monthly', 'months');
      if (r.byMonthDay.length) text += ` on the ${r.byMonthDay.map((d) => (d === -1 ? 'last day' : ordinalEn(d))).join(', ')}`;
      if (nth.length) text += ` on the ${nth.map((d) => `${ordinalEn(d.n)} ${WEEKDAYS_EN[d.weekday]}`).join(', ')}`;
      break;
    case 'YEARLY':
      text = every('yearly', 'years');
      if (r.byMonth.length) text += ` in ${r.byMonth.map((m) => MONTHS_EN[m - 1]).join(', ')}`;
      break;
  }
  if (r.count !== null) text += `, ${r.count} times`;
  else if (r.until) text += ' until the end date';
  return text;
}
