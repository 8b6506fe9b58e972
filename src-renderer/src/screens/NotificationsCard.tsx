import { useEffect, useState } from 'react';
import type { NotifySettings, NotifySettingsResponse, NotifySettingsUpdate } from '../../../src-shared';
import { request } from '../api';
import { Card } from '../components/Card';
import { useTranslation } from '../i18n';
import { disablePush, enablePush, isDesktopApp, pushState, type PushState } from '../live/web-app';

/** This device: allow or stop notifications here. */
function ThisDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    pushState().then(setState, () => setState('unsupported'));
  }, []);
  const run = (action: () => Promise<PushState>) => {
    setError(undefined);
    action().then(setState, (err: Error) => setError(err.message));
  };
  return (
    <div className="notify-device" data-testid="notify-this-device">
      <h3>{t('notify.thisDevice')}</h3>
      {state === 'unsupported' ? <p className="muted small">{t('notify.unsupported')}</p> : null}
      {state === 'denied' ? <p className="muted small">{t('notify.denied')}</p> : null}
      {state === 'off' ? (
        <button type="button" className="btn" onClick={() => run(enablePush)}>
          {t('notify.enable')}
        </button>
      ) : null}
      {state === 'on' ? (
        <p className="small">
          {t('notify.enabled')}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => run(disablePush)}>
            {t('notify.disable')}
          </button>
        </p>
      ) : null}
      {error ? <p className="inline-error">{error}</p> : null}
    </div>
  );
}

function MemberRow({
  member,
  ntfyConfigured,
  onSave,
}: {
  member: NotifySettingsResponse['members'][number];
  ntfyConfigured: boolean;
  onSave: (update: NotifySettingsUpdate) => void;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(member.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(member.quiet_hours?.end ?? '07:00');
  const quiet = member.quiet_hours !== null;
  return (
    <li className="notify-member" data-testid={`notify-member-${member.member_id}`}>
      <span className="item-main">
        <strong>{member.name}</strong>
        <span className="muted small">{t('notify.devices', { count: member.devices })}</span>
      </span>
      <label className="inline">
        <input type="checkbox" checked={member.push} onChange={(e) => onSave({ push: e.target.checked })} /> {t('notify.push')}
      </label>
      <label className="inline" title={ntfyConfigured ? undefined : t('notify.ntfyMissing')}>
        <input type="checkbox" checked={member.ntfy} disabled={!ntfyConfigured} onChange={(e) => onSave({ ntfy: e.target.checked })} />{' '}
        {t('notify.ntfy')}
      </label>
      <label className="inline">
        <input type="checkbox" checked={quiet} onChange={(e) => onSave({ quiet_hours: e.target.checked ? { start, end } : null })} />{' '}
        {t('notify.quiet')}
      </label>
      <label className="inline">
        {t('notify.quietFrom')}{' '}
        <input
          type="time"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          onBlur={() => quiet && onSave({ quiet_hours: { start, end } })}
        />
      </label>
      <label className="inline">
        {t('notify.quietUntil')}{' '}
        <input
          type="time"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          onBlur={() => quiet && onSave({ quiet_hours: { start, end } })}
        />
      </label>
    </li>
  );
}

/**
 * Who hears of a due reminder, and how: this device's notifications, and per member the
 * channels (push to their phones, ntfy) and quiet hours in which nothing buzzes.
 */
export function NotificationsCard() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<NotifySettingsResponse | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    request('GET /api/notify/settings').then(setSettings, (err: Error) => setError(err.message));
  }, []);
  const save = async (member: string, update: NotifySettingsUpdate) => {
    try {
      const saved: NotifySettings = await request('PUT /api/notify/settings/{member}', { params: { member }, body: update });
      setSettings((s) => s && { ...s, members: s.members.map((m) => (m.member_id === member ? { ...m, ...saved } : m)) });
      setError(undefined);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Card title={t('notify.title')} className="span-6" testId="card-notifications">
      <p className="muted small">{t('notify.intro')}</p>
      {isDesktopApp() ? null : <ThisDevice />}
      {error ? <p className="inline-error">{error}</p> : null}
      {settings ? (
        <ul className="item-list">
          {settings.members.map((m) => (
            <MemberRow key={m.member_id} member={m} ntfyConfigured={settings.ntfy_configured} onSave={(u) => void save(m.member_id, u)} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
