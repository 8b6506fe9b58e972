import { useState, type FormEvent } from 'react';
import { parseQuietHours, quietHoursSetting, type SettingsResponse } from '../../../../src-shared';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';

/** Everyone's quiet hours: no push and no ntfy then (a waiting request for a parent still comes). */
export function QuietHoursCard({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const update = useStore((s) => s.updateSettings);
  const current = parseQuietHours(settings.settings.find((v) => v.name === 'quiet_hours')?.value ?? '');
  const [from, setFrom] = useState(current?.start ?? '22:00');
  const [to, setTo] = useState(current?.end ?? '07:00');
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const save = async (value: string | null) => {
    const refusal = await update({ quiet_hours: value });
    setNote(refusal ? { ok: false, text: t('settings.quiet.invalid') } : { ok: true, text: t('settings.saved') });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parseQuietHours(`${from}-${to}`) || from === to) {
      setNote({ ok: false, text: t('settings.quiet.invalid') });
      return;
    }
    void save(quietHoursSetting({ start: from, end: to }));
  };
  return (
    <Card title={t('settings.quiet.title')} className="span-6" testId="settings-quiet">
      <p className="muted">{current ? t('settings.quiet.now', { from: current.start, to: current.end }) : t('settings.quiet.none')}</p>
      <form className="setting-row" onSubmit={submit}>
        <Field label={t('settings.quiet.from')}>
          <input
            type="time"
            value={from}
            required
            onChange={(e) => (setFrom(e.target.value), setNote(undefined))}
            data-testid="quiet-from"
          />
        </Field>
        <Field label={t('settings.quiet.to')}>
          <input type="time" value={to} required onChange={(e) => (setTo(e.target.value), setNote(undefined))} data-testid="quiet-to" />
        </Field>
        <button type="submit" className="btn btn-small">
          {t('settings.save')}
        </button>
        {current ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void save(null)}>
            {t('settings.quiet.off')}
          </button>
        ) : null}
      </form>
      {note ? (
        <p className={note.ok ? 'ok-text' : 'inline-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      ) : null}
      <p className="muted">{t('settings.quiet.explain')}</p>
    </Card>
  );
}
