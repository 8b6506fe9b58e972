import type { Lang } from './replies';

// How a reply names a household day ("morgen", "am Freitag, 4.9.", "on Friday, Sep 4").
// Dates are the household's local "YYYY-MM-DD" as the tools return them; only the weekday is
// derived, by calendar arithmetic in UTC (no time zone is involved).

const WEEKDAYS: Record<Lang, readonly string[]> = {
  de: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

export function isoDate(day: { year: number; month: number; day: number }): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

export function daysFrom(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** "Freitag, 4.9." / "Friday, Sep 4". */
export function weekdayAndDate(date: string, lang: Lang): string {
  const [y, m, d] = parts(date);
  const weekday = WEEKDAYS[lang][new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  return lang === 'en' ? `${weekday}, ${MONTHS_EN[m - 1]} ${d}` : `${weekday}, ${d}.${m}.`;
}

/** "heute" / "morgen" / "übermorgen" / "am Freitag, 4.9." (en: "today" … "on Friday, Sep 4"). */
export function dayPhrase(date: string, today: string, lang: Lang): string {
  const offset = daysFrom(today, date);
  if (lang === 'en')
    return offset === 0
      ? 'today'
      : offset === 1
        ? 'tomorrow'
        : offset === 2
          ? 'the day after tomorrow'
          : `on ${weekdayAndDate(date, lang)}`;
  return offset === 0 ? 'heute' : offset === 1 ? 'morgen' : offset === 2 ? 'übermorgen' : `am ${weekdayAndDate(date, lang)}`;
}

/** "23.11." / "Nov 23": a short date for "overdue since". */
export function shortDate(date: string, lang: Lang): string {
  const [, m, d] = parts(date);
  return lang === 'en' ? `${MONTHS_EN[m - 1]} ${d}` : `${d}.${m}.`;
}
