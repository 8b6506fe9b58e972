// Series as the calendar tools make them: a rule checked and written canonically, the
// start moved to the first occurrence the rule yields, the end of a finite series. The
// words for a rule are in rule-words.ts.
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
