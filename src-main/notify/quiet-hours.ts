import type { QuietHours } from '../../src-shared';

const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

export function isQuietTime(text: string): boolean {
  return TIME.test(text);
}

function minutesOf(text: string): number {
  const m = TIME.exec(text);
  if (!m) throw new Error(`not a time of day: ${text}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since local midnight of `at` in the household's time zone. */
function localMinutes(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When the quiet hours around `at` end, or undefined when `at` is not in them. Quiet hours
 * whose end is before their start run past midnight (22:00-07:00); equal start and end
 * mean none.
 */
export function quietUntil(hours: QuietHours | null, at: Date, timezone: string): Date | undefined {
  if (!hours) return undefined;
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return undefined;
  const now = localMinutes(at, timezone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return undefined;
  const left = (end - now + 24 * 60) % (24 * 60);
  // Whole minutes from the start of this minute; a daylight-saving change on the way
  // shifts the end by its hour, which a quiet notice can bear.
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + left * 60_000);
}

/** A member's own quiet hours win; without them the household's (the Settings screen) hold. */
export function effectiveQuietHours(own: QuietHours | null, household: QuietHours | null): QuietHours | null {
  return own ?? household;
}
