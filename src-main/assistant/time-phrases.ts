import { parseCount, type MealSlot, type SymbolicTime, type Weekday } from '../../src-shared';

// Day, time, meal and count phrases of German and English household sentences, turned into
// the symbolic time objects of the household time model. Dates are never computed here: the
// household tools resolve them in JARVIS_TIMEZONE.

export type DayPhrase = Exclude<SymbolicTime, { time: string }> | SymbolicTime;

const WEEKDAY_WORDS: Record<string, Weekday> = {
  montag: 'monday',
  dienstag: 'tuesday',
  mittwoch: 'wednesday',
  donnerstag: 'thursday',
  freitag: 'friday',
  samstag: 'saturday',
  sonnabend: 'saturday',
  sonntag: 'sunday',
  monday: 'monday',
  tuesday: 'tuesday',
  wednesday: 'wednesday',
  thursday: 'thursday',
  friday: 'friday',
  saturday: 'saturday',
  sunday: 'sunday',
};
const WEEKDAY_PATTERN = Object.keys(WEEKDAY_WORDS).join('|');

/** The weekday a German or English day word names, also in its plural (`montags`, `mondays`). */
export function weekdayOf(word: string): Weekday | undefined {
  const w = word.toLowerCase();
  return WEEKDAY_WORDS[w] ?? (w.endsWith('s') ? WEEKDAY_WORDS[w.slice(0, -1)] : undefined);
}

const DAY_RE = new RegExp(
  [
    '(?<rel>übermorgen|uebermorgen|heute|morgen|the day after tomorrow|today|tonight|tomorrow)',
    `(?:(?:am|an|diesen|this|on)\\s+)?(?:(?<next>nächsten|naechsten|kommenden|next)\\s+)?(?<wd>${WEEKDAY_PATTERN})`,
    '(?:(?:am|on)\\s+)?(?<iso>\\d{4}-\\d{2}-\\d{2})',
    '(?:(?:am|on)\\s+)?(?<d>\\d{1,2})\\.(?<m>\\d{1,2})\\.(?<y>\\d{4})?',
  ]
    .map((p) => `(?:${p})`)
    .join('|'),
  'iu',
);

export interface Found<T> {
  readonly value: T;
  /** The text with the phrase removed (whitespace collapsed). */
  readonly rest: string;
}

/** The first day phrase in `text`; `today` gives the year for "31.08." without one. */
export function findDay(text: string, today: { year: number; month: number; day: number }): Found<SymbolicTime> | undefined {
  const m = DAY_RE.exec(text);
  if (!m?.groups) return undefined;
  const g = m.groups;
  let value: SymbolicTime | undefined;
  if (g.rel) {
    const word = g.rel.toLowerCase();
    const offset =
      word === 'übermorgen' || word === 'uebermorgen' || word === 'the day after tomorrow'
        ? 2
        : word === 'morgen' || word === 'tomorrow'
          ? 1
          : 0;
    value = { kind: 'relative', offset_days: offset };
  } else if (g.wd) {
    const weekday = WEEKDAY_WORDS[g.wd.toLowerCase()]!;
    value = g.next ? { kind: 'weekday', weekday, force_next: true } : { kind: 'weekday', weekday };
  } else if (g.iso) {
    value = { kind: 'absolute', date: g.iso };
  } else if (g.d && g.m) {
    const day = Number(g.d);
    const month = Number(g.m);
    if (day < 1 || day > 31 || month < 1 || month > 12) return undefined;
    // A date without a year is the next such date from today on.
    let year = g.y ? Number(g.y) : today.year;
    if (!g.y && (month < today.month || (month === today.month && day < today.day))) year += 1;
    value = { kind: 'absolute', date: `${year}-${pad(month)}-${pad(day)}` };
  }
  if (!value) return undefined;
  return { value, rest: cut(text, m.index, m[0].length) };
}

const TIME_RE = /(?:\bum|\bat|\bab|\bgegen)\s+(?<h>\d{1,2})(?:[:.](?<min>\d{2}))?\s*(?<ampm>a\.?m\.?|p\.?m\.?)?(?:\s*uhr\b)?/iu;

/** "um 15:30 Uhr", "um 9 Uhr", "at 3:30 pm", "at 15:30" -> "HH:MM". */
export function findTime(text: string): Found<string> | undefined {
  const m = TIME_RE.exec(text);
  if (!m?.groups) return undefined;
  // "um 15" needs "Uhr" or minutes to be a time; "um 3 pm" needs am/pm.
  if (!m.groups.min && !m.groups.ampm && !/uhr/i.test(m[0])) return undefined;
  const value = clockOf(m.groups);
  return value === undefined ? undefined : { value, rest: cut(text, m.index, m[0].length) };
}

/** "HH:MM" from a matched hour, minutes and am/pm; undefined for a time no clock shows. */
export function clockOf(groups: { h?: string; min?: string; ampm?: string }): string | undefined {
  let hour = Number(groups.h);
  const minute = Number(groups.min ?? '0');
  const ampm = groups.ampm?.toLowerCase().replace(/\./g, '');
  if (ampm === 'pm' && hour < 12) hour += 12;
  if (ampm === 'am' && hour === 12) hour = 0;
  if (!Number.isInteger(hour) || hour > 23 || minute > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}`;
}

const MEAL_RE =
  /\b(?<dinner>zum abendessen|zu abend|abendessen|heute abend|abends|for dinner|dinner|tonight)\b|\b(?<lunch>zum mittagessen|zu mittag|mittagessen|mittags|for lunch|lunch)\b|\b(?<breakfast>zum frühstück|frühstück|for breakfast|breakfast)\b/iu;

export function findMeal(text: string): Found<MealSlot> | undefined {
  const m = MEAL_RE.exec(text);
  if (!m?.groups) return undefined;
  const value: MealSlot = m.groups.dinner ? 'dinner' : m.groups.lunch ? 'lunch' : 'breakfast';
  // "heute abend" also names the day: keep "heute" in the rest.
  const keep = /^heute /i.test(m[0]) ? 'heute' : /^tonight$/i.test(m[0]) ? 'today' : '';
  return { value, rest: `${text.slice(0, m.index)} ${keep} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim() };
}

// Counts are read by the same parser the shopping list uses.
export { parseCount };

const SERVINGS_RE = /\b(?:für|for)\s+(?<n>\d+|[a-zäöü]+)\s+(?:personen|person|leute|people|persons|portionen|servings)\b/iu;

export function findServings(text: string): Found<number> | undefined {
  const m = SERVINGS_RE.exec(text);
  const n = m?.groups?.n ? parseCount(m.groups.n) : undefined;
  if (!m || n === undefined || !Number.isInteger(n) || n < 1) return undefined;
  return { value: n, rest: cut(text, m.index, m[0].length) };
}

function cut(text: string, at: number, length: number): string {
  return `${text.slice(0, at)} ${text.slice(at + length)}`.replace(/\s+/g, ' ').trim();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Today's calendar date in the household's zone (only the year matters for "31.08."). */
// Building an Intl formatter costs far more than using one: keep one per zone.
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

export function localToday(now: Date, timezone: string): { year: number; month: number; day: number } {
  let format = DATE_FORMATS.get(timezone);
  if (!format)
    DATE_FORMATS.set(
      timezone,
      (format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  const parts = format.formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}
