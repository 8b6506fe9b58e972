import { ID_PREFIXES, type CalendarEvent, type HomeToolName } from '../../../../src-shared';
import { listed, moment, type DomainReplies } from '../reply';
import { describeRuleEn } from './rule-words';

/** An item of this list, and how a missing one is named. */
export const CALENDAR_ITEM = { idPrefix: ID_PREFIXES.event, de: 'Diesen Termin', en: 'That appointment' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const CALENDAR = 'termin termine kalender appointment appointments calendar event events';

export const CALENDAR_PHRASES = {
  calendar_list: `${CALENDAR} was steht an wann habe ich welche termine zeige liste heute morgen woche what's on when show list`,
  calendar_create: `${CALENDAR} eintragen trag trage anlegen neuer jeden wöchentlich täglich monatlich serie add put schedule create new every weekly daily monthly recurring from to`,
  calendar_update: `${CALENDAR} verschieben verschiebe ändern ändere umbenennen verlegen später früher move reschedule change rename postpone`,
  calendar_delete: `${CALENDAR} löschen lösche streichen absagen entfernen delete cancel remove`,
} as const satisfies Partial<Record<HomeToolName, string>>;

/** " (repeats weekly on Tuesday)" for a series; a rule the words cannot read stays unsaid. */
function repeats(event: CalendarEvent): string {
  if (!event.rrule) return '';
  try {
    return ` (repeats ${describeRuleEn(event.rrule)})`;
  } catch {
    return ' (repeats)';
  }
}

/** Appointments as the assistant lists them: with the date in front when they span days. */
function listEvents(events: readonly CalendarEvent[], lang: 'de' | 'en'): string {
  if (events.length === 0) return lang === 'en' ? 'No appointments.' : 'Keine Termine.';
  const items = events.map(
    (e) =>
      `${e.all_day ? (lang === 'en' ? 'all day' : 'ganztägig') : e.start.slice(11, 16)} ${e.title}${e.location ? ` (${e.location})` : ''}`,
  );
  const days = new Set(events.map((e) => e.start.slice(0, 10)));
  const prefix = days.size > 1 ? events.map((e, i) => `${e.start.slice(0, 10)} ${items[i]}`) : items;
  return `${lang === 'en' ? 'Appointments' : 'Termine'}: ${prefix.join('; ')}.`;
}

export const CALENDAR_REPLIES = {
  calendar_list: { en: (d) => listed(d.events, (l) => listEvents(l, 'en')), de: (d) => listed(d.events, (l) => listEvents(l, 'de')) },
  calendar_create: { en: (d) => `Added to the calendar: ${d.title}, ${moment(d.start, d.all_day)}${repeats(d)}.` },
  calendar_update: { en: (d) => `Appointment changed: ${d.title}, ${moment(d.start, d.all_day)}.` },
  calendar_delete: { en: (d) => `Appointment deleted: ${d.title}.` },
} as const satisfies DomainReplies<'calendar'>;
