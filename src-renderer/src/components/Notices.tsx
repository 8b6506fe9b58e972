import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { useHousehold } from '../screens/household';
import { formatWhen } from '../format/household-time';
import { Icon } from './Icon';
import { ReminderActions } from './ReminderActions';

/** Refused edits, voice problems and due reminders: visible until dismissed. */
export function Notices() {
  const { t, i18n } = useTranslation();
  const notices = useStore((s) => s.notices);
  const dismiss = useStore((s) => s.dismissNotice);
  const voiceError = useStore((s) => s.voiceError);
  const dismissVoice = useStore((s) => s.dismissVoiceError);
  const due = useStore((s) => s.dueReminders);
  const dismissDue = useStore((s) => s.dismissDue);
  const hh = useHousehold();
  const voiceKey = voiceError ? `voice.errors.${voiceError.code}` : '';
  return (
    <div className="notices" aria-live="assertive">
      {due.map((r) => (
        <div key={r.id} className="notice notice-due" role="alert" data-testid="due-reminder">
          <span>
            <Icon name="bell" /> <strong>{t('home.dueNow')}:</strong> {r.text}
            {hh ? (
              <span className="muted">
                {' '}
                · {formatWhen(r.at, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') })}
              </span>
            ) : null}
          </span>
          {hh ? <ReminderActions reminder={r} timezone={hh.timezone} /> : null}
          <button type="button" className="btn btn-ghost btn-small" aria-label={t('shell.dismiss')} onClick={() => dismissDue(r.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
      {voiceError ? (
        <div className="notice notice-error" role="alert" data-testid="voice-error">
          <span>
            <Icon name="mic" size={14} />{' '}
            {i18n.exists(voiceKey) ? t(voiceKey, { detail: voiceError.detail }) : t('voice.errors.SERVER', { detail: voiceError.detail })}
          </span>
          <button type="button" className="btn btn-ghost btn-small" aria-label={t('shell.dismiss')} onClick={dismissVoice}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          {n.action ? (
            <button
              type="button"
              className="btn btn-small notice-action"
              onClick={() => {
                dismiss(n.id);
                n.action!.run();
              }}
            >
              {n.action.label}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-small" aria-label={t('shell.dismiss')} onClick={() => dismiss(n.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
