// German date wording for confirmations. Hand-written so the text does not depend on the
// ICU data the runtime ships with: the same persisted object always gives the same words.
import type { LocalDate } from '../../../src-shared';
import { parseDate, weekdayOf } from './calendar-date';
import { localDateOf, localTimeOf } from '../../../src-shared/time-zone';

const WEEKDAY_DE = {
  monday: 'Montag',
  tuesday: 'Dienstag',
  wednesday: 'Mittwoch',
  thursday: 'Donnerstag',
  friday: 'Freitag',
  saturday: 'Samstag',
  sunday: 'Sonntag',
};
const MONTH_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** "Sonntag, 6. Dezember 2026" */
export function formatDateDe(date: LocalDate): string {
  const { year, month, day } = parseDate(date);
  return `${WEEKDAY_DE[weekdayOf(date)]}, ${day}. ${MONTH_DE[month - 1]} ${year}`;
}

/** "15:30 Uhr" */
export function formatTimeDe(ms: number, timeZone: string): string {
  return `${localTimeOf(ms, timeZone)} Uhr`;
}

/** "Dienstag, 1. Dezember 2026 um 15:30 Uhr" */
export function formatDateTimeDe(ms: number, timeZone: string): string {
  return `${formatDateDe(localDateOf(ms, timeZone))} um ${formatTimeDe(ms, timeZone)}`;
}
