import { PHONE_SNOOZE_MINUTES, type Reminder } from '../../../src-shared';
import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { dismissReminder } from '../store/household-actions';
import { Icon } from './Icon';

/**
 * The three answers to a reminder, the same on Home, in the due notice and on the phone's
 * notification: later in 10 minutes, later in an hour, done (with Undo). Each keeps the
 * reminder's person. Every accessible name starts with the button's visible text.
 */
export function ReminderActions({ reminder, timezone }: { reminder: Reminder; timezone: string }) {
  const { t } = useTranslation();
  const snooze = useStore((s) => s.snoozeReminder);
  return (
    <span className="item-actions">
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('home.snoozeShortLabel', { text: reminder.text })}
        onClick={() => void snooze(reminder.id, PHONE_SNOOZE_MINUTES.snooze_short)}
      >
        {t('home.snoozeShort')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('home.snoozeLabel', { text: reminder.text })}
        onClick={() => void snooze(reminder.id, PHONE_SNOOZE_MINUTES.snooze_long)}
      >
        {t('home.snooze')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('home.dismissLabel', { text: reminder.text })}
        onClick={() => void dismissReminder(useStore, reminder, timezone)}
      >
        <Icon name="check" size={14} /> {t('home.dismiss')}
      </button>
    </span>
  );
}
