import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';
import { moment, type DomainReplies } from '../reply';

/** An item of this list, and how a missing one is named. */
export const REMINDERS_ITEM = { idPrefix: ID_PREFIXES.reminder, de: 'Diese Erinnerung', en: 'That reminder' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const REMINDERS = 'erinnerung erinnern erinnere remind reminder reminders wecker';

export const REMINDERS_PHRASES = {
  reminders_list: `${REMINDERS} welche anstehend zeige list show upcoming`,
  reminders_create: `${REMINDERS} erinnere mich uns denk dran nicht vergessen remind me don't forget`,
  reminders_delete: `${REMINDERS} löschen lösche entfernen delete remove cancel`,
  reminders_snooze: `${REMINDERS} später nochmal noch einmal schlummern verschieben in zehn minuten stunde snooze later again in ten minutes hour`,
} as const satisfies Partial<Record<HomeToolName, string>>;

export const REMINDERS_REPLIES = {
  reminders_list: {
    en: ({ reminders }) =>
      reminders.length === 0
        ? 'No reminders.'
        : `${reminders.length === 1 ? '1 reminder' : `${reminders.length} reminders`}: ${reminders.map((r) => `${r.text} (${moment(r.at)})`).join(', ')}.`,
  },
  reminders_create: { en: (d) => `Reminder saved: ${d.text}, ${moment(d.at)}.` },
  reminders_delete: { en: (d) => `Reminder deleted: ${d.text}.` },
  reminders_snooze: { en: (d) => `Reminder moved: ${d.text}, ${moment(d.at)}.` },
} as const satisfies DomainReplies<'reminders'>;
