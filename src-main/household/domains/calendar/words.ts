import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

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
