// Dates are shown in the household's time zone (HomeState.timezone), never the browser's:
// the desktop may sit in another zone than the household it manages.

const partsCache = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

// The master writes every timestamp with the household's offset (src-shared/home.ts:
// "RFC3339 with the household's offset"), so its wall clock is the text itself. Only other
// forms (UTC "Z", no offset) need Intl, whose first use in a Chromium process costs 50–100 ms
// of ICU data loading that Home's first paint would wait for.
const HOUSEHOLD_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?[+-]\d{2}:\d{2}$/;

/** "YYYY-MM-DD" and "HH:MM" of an instant as the household's wall clock shows it. */
export function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  const local = HOUSEHOLD_OFFSET.exec(iso);
  if (local) return { date: local[1]!, time: local[2]! };
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const OFFSET = /([+-])(\d{2}):(\d{2})$/;

/** How far a reference instant may lie from the clock it is read for (see clockAt). */
export const REFERENCE_FRESH_MS = 60_000;

/**
 * The household's wall clock at `at`. `reference` is an instant the master wrote with the
 * household's offset (HomeState.now): when it is at most a minute away, its offset gives the
 * clock without Intl (the wall display's first paint would wait for Intl's first use). A change
 * of offset (summer time) inside that minute shows until the clock's next tick reads Intl.
 */
export function clockAt(at: Date, timeZone: string, reference?: string): { date: string; time: string } {
  const offset = reference && HOUSEHOLD_OFFSET.test(reference) ? OFFSET.exec(reference) : null;
  if (offset && Math.abs(at.getTime() - Date.parse(reference!)) <= REFERENCE_FRESH_MS) {
    const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    const local = new Date(at.getTime() + minutes * 60_000).toISOString();
    return { date: local.slice(0, 10), time: local.slice(11, 16) };
  }
  return wallClock(at.toISOString(), timeZone);
}

/** Calendar arithmetic on "YYYY-MM-DD" (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** How a day is written: "Mo., 1. Dez.", "Montag, 1. Dezember", "Montag", "1. Dez.". */
export type DayStyle = 'short' | 'long' | 'weekday' | 'dayMonth';

interface DayNames {
  readonly weekdays: readonly string[];
  readonly weekdaysShort: readonly string[];
  readonly months: readonly string[];
  readonly monthsShort: readonly string[];
  format(style: DayStyle, weekday: string, day: number, month: string): string;
}

// The UI languages' names and patterns exactly as Chromium's Intl writes them, without
// paying for Intl's first use (see above). Any other language goes to Intl.
const DAY_NAMES: Readonly<Record<string, DayNames>> = {
  de: {
    weekdays: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
    weekdaysShort: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    monthsShort: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
    format: (style, weekday, day, month) =>
      style === 'weekday' ? weekday : style === 'dayMonth' ? `${day}. ${month}` : `${weekday}, ${day}. ${month}`,
  },
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    format: (style, weekday, day, month) =>
      style === 'weekday' ? weekday : style === 'dayMonth' ? `${month} ${day}` : `${weekday}, ${month} ${day}`,
  },
};

const INTL_STYLES: Readonly<Record<DayStyle, Intl.DateTimeFormatOptions>> = {
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  long: { weekday: 'long', day: 'numeric', month: 'long' },
  weekday: { weekday: 'long' },
  dayMonth: { day: 'numeric', month: 'short' },
};

/** A local date ("YYYY-MM-DD") in the UI language: "Mo., 1. Dez." / "Mon, Dec 1" by default. */
export function formatDay(date: string, language: string, style: DayStyle = 'short'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  const names = DAY_NAMES[language];
  if (!names) return new Intl.DateTimeFormat(language, { ...INTL_STYLES[style], timeZone: 'UTC' }).format(utc);
  const long = style === 'long' || style === 'weekday';
  const weekday = (long ? names.weekdays : names.weekdaysShort)[utc.getUTCDay()]!;
  const month = (long ? names.months : names.monthsShort)[m - 1]!;
  return names.format(style, weekday, d, month);
}

/** "heute 15:30", "morgen 09:00", "Fr., 4. Dez. 18:00" relative to the household's today. */
export function formatWhen(
  iso: string,
  timeZone: string,
  today: string,
  language: string,
  labels: { today: string; tomorrow: string },
  allDay = false,
): string {
  const { date, time } = wallClock(iso, timeZone);
  const diff = daysBetween(today, date);
  const day = diff === 0 ? labels.today : diff === 1 ? labels.tomorrow : formatDay(date, language);
  return allDay ? day : `${day} ${time}`;
}

/** Day of the week of a local date, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A weekday's name in the UI language (0 = Sunday): "Montag" / "Mo." . */
export function weekdayName(day: number, language: string, style: 'long' | 'short' = 'long'): string {
  const names = DAY_NAMES[language] ?? DAY_NAMES.de!;
  return (style === 'long' ? names.weekdays : names.weekdaysShort)[day]!;
}

/** "Dezember 2026" / "December 2026". */
export function formatMonth(date: string, language: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const names = DAY_NAMES[language] ?? DAY_NAMES.de!;
  return `${names.months[m - 1]!} ${y}`;
}

/** A date with its year: "31. Dez. 2026" / "Dec 31, 2026". */
export function formatDate(date: string, language: string): string {
  const year = date.slice(0, 4);
  const dayMonth = formatDay(date, language, 'dayMonth');
  return language === 'en' ? `${dayMonth}, ${year}` : `${dayMonth} ${year}`;
}
