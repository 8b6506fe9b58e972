import type { SymbolicTime, Weekday } from '../../src-shared';
import { findTime, weekdayOf, type Found } from './time-phrases';

// German and English recurrence phrases ("jeden zweiten Dienstag", "every weekday at 7",
// "am 1. jeden Monats", "monthly on the 15th") turned into an RFC 5545 RRULE and the
// symbolic start of the series. The dates stay the master's: a series starts at its first
// occurrence on or after `start`, so "am 1. jeden Monats" may simply start today.

export interface RecurrencePhrase {
  readonly rrule: string;
  /** Where the series begins (time added by the caller when the sentence has one). */
  readonly start: SymbolicTime;
}

const DAY_CODES: Record<Weekday, string> = {
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
  sunday: 'SU',
};

const WD =
  '(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?';
const WD_LIST = `${WD}(?:\\s*(?:,|und|and|&)\\s*${WD})*`;

const INTERVALS: Record<string, number> = {
  anderen: 2,
  zweiten: 2,
  '2.': 2,
  dritten: 3,
  '3.': 3,
  vierten: 4,
  '4.': 4,
  other: 2,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  zwei: 2,
  drei: 3,
  vier: 4,
  two: 2,
  three: 3,
  four: 4,
  '2': 2,
  '3': 3,
  '4': 4,
};
const ORDINALS: Record<string, number> = {
  ersten: 1,
  '1.': 1,
  zweiten: 2,
  '2.': 2,
  dritten: 3,
  '3.': 3,
  vierten: 4,
  '4.': 4,
  letzten: -1,
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};
const ORD = '(?<ord>ersten|zweiten|dritten|vierten|letzten|[1-4]\\.|first|second|third|fourth|last|1st|2nd|3rd|4th)';

function weekdaysOf(list: string): Weekday[] {
  const found = list.toLowerCase().match(new RegExp(WD, 'giu')) ?? [];
  return [...new Set(found.map((w) => weekdayOf(w)!))];
}

function weekly(days: Weekday[], interval = 1): RecurrencePhrase {
  const rule = `FREQ=WEEKLY${interval > 1 ? `;INTERVAL=${interval}` : ''};BYDAY=${days.map((d) => DAY_CODES[d]).join(',')}`;
  return { rrule: rule, start: days.length === 1 ? { kind: 'weekday', weekday: days[0]! } : { kind: 'relative', offset_days: 0 } };
}

const TODAY: SymbolicTime = { kind: 'relative', offset_days: 0 };
const monthDay = (n: number): RecurrencePhrase | undefined =>
  n >= 1 && n <= 31 ? { rrule: `FREQ=MONTHLY;BYMONTHDAY=${n}`, start: TODAY } : undefined;

type Rule = [RegExp, (g: Record<string, string | undefined>) => RecurrencePhrase | undefined];

// Most specific first: "am ersten Montag im Monat" before "montags", "every other Tuesday" before "Tuesdays".
const RULES: readonly Rule[] = [
  [
    new RegExp(
      `\\b(?:am|jeden|jede[nm]?|on the|the|every)\\s+${ORD}\\s+(?<wd>${WD})\\s+(?:im|des|jeden|jedes|eines|of the|of every|of each|in the|each|every)\\s*(?:monats?|month)\\b`,
      'iu',
    ),
    (g) => {
      const n = ORDINALS[g.ord!.toLowerCase()]!;
      return { rrule: `FREQ=MONTHLY;BYDAY=${n}${DAY_CODES[weekdayOf(g.wd!)!]}`, start: TODAY };
    },
  ],
  [
    /\b(?:am|on the)\s+letzten\s+tag\s+(?:des|jeden|jedes|im)\s+monats?\b|\b(?:on\s+)?the\s+last\s+day\s+of\s+(?:the|every|each)\s+month\b/iu,
    () => ({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1', start: TODAY }),
  ],
  [/\b(?:am|jeden)\s+(?<n>\d{1,2})\.\s*(?:jeden|jedes|des|eines|im)\s+monats?\b/iu, (g) => monthDay(Number(g.n))],
  [/\bmonatlich\s+am\s+(?<n>\d{1,2})\./iu, (g) => monthDay(Number(g.n))],
  [/\b(?:monthly|every month|each month)\s+on\s+the\s+(?<n>\d{1,2})(?:st|nd|rd|th)?\b/iu, (g) => monthDay(Number(g.n))],
  [/\bon\s+the\s+(?<n>\d{1,2})(?:st|nd|rd|th)?\s+of\s+(?:every|each|the)\s+month\b/iu, (g) => monthDay(Number(g.n))],
  [
    /\b(?:jeden\s+werktag|werktags|an\s+werktagen|montags\s+bis\s+freitags|von\s+montag\s+bis\s+freitag|every\s+weekday|on\s+weekdays|weekdays|monday\s+(?:to|through)\s+friday)\b/iu,
    () => weekly(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
  ],
  [
    new RegExp(`\\b(?:jeden|jede|jedes)\\s+(?<iv>anderen|zweiten|dritten|vierten|[2-4]\\.)\\s+(?<wd>${WD_LIST})\\b`, 'iu'),
    (g) => weekly(weekdaysOf(g.wd!), INTERVALS[g.iv!.toLowerCase()]),
  ],
  [
    new RegExp(`\\bevery\\s+(?<iv>other|second|third|fourth|2nd|3rd|4th)\\s+(?<wd>${WD_LIST})\\b`, 'iu'),
    (g) => weekly(weekdaysOf(g.wd!), INTERVALS[g.iv!.toLowerCase()]),
  ],
  [
    new RegExp(
      `\\b(?:alle|every)\\s+(?<iv>zwei|drei|vier|two|three|four|[2-4])\\s+(?:wochen|weeks)(?:\\s+(?:am|on)\\s+(?<wd>${WD_LIST}))?`,
      'iu',
    ),
    (g) => {
      const days = g.wd ? weekdaysOf(g.wd) : [];
      const interval = INTERVALS[g.iv!.toLowerCase()]!;
      return days.length ? weekly(days, interval) : { rrule: `FREQ=WEEKLY;INTERVAL=${interval}`, start: TODAY };
    },
  ],
  [new RegExp(`\\b(?:jeden|jede|jedes|every|each)\\s+(?<wd>${WD_LIST})\\b`, 'iu'), (g) => weekly(weekdaysOf(g.wd!))],
  [
    new RegExp(
      `\\b(?<wd>(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags)(?:\\s*(?:,|und)\\s*(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags))*)\\b`,
      'iu',
    ),
    (g) => weekly(weekdaysOf(g.wd!)),
  ],
  [
    new RegExp(
      `\\bon\\s+(?<wd>(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)(?:\\s*(?:,|and)\\s*(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays))*)\\b`,
      'iu',
    ),
    (g) => weekly(weekdaysOf(g.wd!)),
  ],
  [/\b(?:täglich|jeden\s+tag|every\s+day|daily)\b/iu, () => ({ rrule: 'FREQ=DAILY', start: TODAY })],
  [/\b(?:wöchentlich|jede\s+woche|weekly|every\s+week)\b/iu, () => ({ rrule: 'FREQ=WEEKLY', start: TODAY })],
  [/\b(?:monatlich|jeden\s+monat|monthly|every\s+month)\b/iu, () => ({ rrule: 'FREQ=MONTHLY', start: TODAY })],
  [/\b(?:jährlich|jedes\s+jahr|yearly|annually|every\s+year)\b/iu, () => ({ rrule: 'FREQ=YEARLY', start: TODAY })],
];

/** The first recurrence phrase in `text` and the text without it. */
export function findRecurrence(text: string): Found<RecurrencePhrase> | undefined {
  for (const [re, make] of RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const value = make(m.groups ?? {});
    if (!value) return undefined;
    return { value, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim() };
  }
  return undefined;
}

const BARE_TIME_RE = /(?:\b(?:um|at|ab|gegen)\s+)?\b(?<h>\d{1,2})(?:[:.](?<min>\d{2}))?\s*(?<suffix>uhr\b|a\.?m\.?|p\.?m\.?)?/iu;

/**
 * The time of a recurring event: what findTime reads, plus the short forms a series is
 * said with ("Turnen jeden Montag 17 Uhr", "every weekday at 7"), which findTime leaves
 * alone because in a one-off sentence a bare number is too often something else.
 */
export function findSeriesTime(text: string): Found<string> | undefined {
  const strict = findTime(text);
  if (strict) return strict;
  const m = BARE_TIME_RE.exec(text);
  if (!m?.groups) return undefined;
  const introduced = /^(?:um|at|ab|gegen)\s/i.test(m[0]);
  const suffix = m.groups.suffix?.toLowerCase().replace(/\./g, '');
  if (!introduced && !suffix) return undefined;
  let hour = Number(m.groups.h);
  const minute = Number(m.groups.min ?? '0');
  if (suffix === 'pm' && hour < 12) hour += 12;
  if (suffix === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  const value = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { value, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim() };
}
