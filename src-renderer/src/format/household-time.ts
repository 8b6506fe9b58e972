// Dates are shown in the household's time zone (HomeState.timezone), never the browser's:
// the desktop may sit in another zone than the household it manages.

const partsCache = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partsCache.set(timeZone, f);
  }
  return f;
}

/** "YYYY-MM-DD" and "HH:MM" of an instant as the household's wall clock shows it. */
export function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
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

/** "Mo., 1. Dez." / "Mon, Dec 1" for a local date. */
export function formatDay(date: string, language: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "heute 15:30", "morgen 09:00", "Fr., 4. Dez. 18:00" relative to the household's today. */
export function formatWhen(iso: string, timeZone: string, today: string, language: string, labels: { today: string; tomorrow: string }, allDay = false): string {
  const { date, time } = wallClock(iso, timeZone);
  const diff = daysBetween(today, date);
  const day = diff === 0 ? labels.today : diff === 1 ? labels.tomorrow : formatDay(date, language);
  return allDay ? day : `${day} ${time}`;
}
