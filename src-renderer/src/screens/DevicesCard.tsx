import { useEffect } from 'react';
import { Card, ResourceView } from '../components/Card';
import { Icon } from '../components/Icon';
import { ConfirmInline } from '../components/ConfirmInline';
import { wallClock } from '../format/household-time';
import { useTranslation } from '../i18n';
import { useStore } from '../store';
import type { PairingResponse } from '../../../src-shared';

/** The QR code (SVG from the master) as an image: no markup of the answer enters the page. */
function PairingCode({ pairing }: { pairing: PairingResponse }) {
  const { t } = useTranslation();
  const end = useStore((s) => s.endPairing);
  const renew = useStore((s) => s.startPairing);
  const timeZone = useStore((s) => s.home.data?.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  useEffect(() => {
    const left = new Date(pairing.expires_at).getTime() - Date.now();
    const timer = setTimeout(end, Math.max(0, left));
    return () => clearTimeout(timer);
  }, [pairing, end]);
  return (
    <div className="pairing" data-testid="pairing">
      <img className="pairing-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pairing.qr_svg)}`} alt={t('devices.qrAlt')} />
      <div>
        <p>{t('devices.scan')}</p>
        <p className="pairing-code" aria-label={t('devices.code')}>
          {pairing.code}
        </p>
        <p className="muted small">{t('devices.validUntil', { time: wallClock(pairing.expires_at, timeZone).time })}</p>
        <p className="muted small" data-technical="">
          {pairing.url.split('#')[0]}
        </p>
        <p className="muted small" data-technical="" aria-label={t('devices.fingerprint')}>
          {t('devices.fingerprint')}: {pairing.ca_fingerprint}
        </p>
        {/* A code that ran out or that a stranger guessed at: a new one in one tap, the old one is void. */}
        <button type="button" className="btn btn-small btn-primary" onClick={() => void renew()}>
          {t('devices.newCode')}
        </button>{' '}
        <button type="button" className="btn btn-small" onClick={end}>
          {t('devices.hide')}
        </button>
      </div>
    </div>
  );
}

/** A calendar app password just made: the three things a calendar app asks for, shown once. */
function CalendarPassword({ deviceName }: { deviceName: string }) {
  const { t } = useTranslation();
  const shown = useStore((s) => s.appPassword);
  const hide = useStore((s) => s.hideAppPassword);
  if (!shown) return null;
  return (
    <div className="pairing" data-testid="calendar-password" aria-label={t('devices.calendarPasswordFor', { name: deviceName })}>
      <div>
        <p>{t('devices.calendarPasswordHint')}</p>
        <dl>
          <dt>{t('devices.calendarServer')}</dt>
          <dd data-technical="">{shown.answer.server_url ?? ''}</dd>
          <dt>{t('devices.calendarUser')}</dt>
          <dd>{shown.answer.username}</dd>
          <dt>{t('devices.calendarSecret')}</dt>
          <dd className="pairing-code">{shown.answer.password}</dd>
        </dl>
        <button type="button" className="btn btn-small" onClick={hide}>
          {t('devices.hide')}
        </button>
      </div>
    </div>
  );
}

/** Phones and tablets paired over the home network: pair one, see who uses which, revoke. */
export function DevicesCard() {
  const { t } = useTranslation();
  const devices = useStore((s) => s.devices);
  const pairing = useStore((s) => s.pairing);
  const start = useStore((s) => s.startPairing);
  const revoke = useStore((s) => s.revokeDevice);
  const makePassword = useStore((s) => s.makeAppPassword);
  const removePassword = useStore((s) => s.removeAppPassword);
  const passwordFor = useStore((s) => s.appPassword?.deviceId);
  const timeZone = useStore((s) => s.home.data?.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Revoking cannot be undone (the phone must pair again): it asks once more, in place.
  const lanOn = devices.data?.lan.enabled === true;
  return (
    <Card
      title={t('devices.title')}
      className="span-6"
      testId="card-devices"
      actions={
        lanOn ? (
          <button type="button" className="btn btn-small btn-primary" onClick={() => void start()}>
            {t('devices.pair')}
          </button>
        ) : null
      }
    >
      {pairing ? <PairingCode pairing={pairing} /> : null}
      <ResourceView resource={devices} onRetry={() => void useStore.getState().loadDevices()}>
        {(data) => (
          <>
            {data.lan.enabled ? null : <p className="muted">{t('devices.lanOff')}</p>}
            {data.devices.length ? (
              <ul className="item-list">
                {data.devices.map((d) => {
                  const seen = wallClock(d.last_seen_at, timeZone);
                  return (
                    <li key={d.id}>
                      <span className="item-main">
                        <span>{d.name}</span>
                        <span className="muted small">
                          {d.member_name ?? t('devices.unknownMember')} · {t('devices.lastSeen', { date: seen.date, time: seen.time })}
                          {d.app_password ? ` · ${t('devices.calendarPasswordOn')}` : ''}
                        </span>
                        {passwordFor === d.id ? <CalendarPassword deviceName={d.name} /> : null}
                      </span>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={`${d.app_password ? t('devices.calendarPasswordNew') : t('devices.calendarPassword')}: ${d.name}`}
                        onClick={() => void makePassword(d.id)}
                      >
                        {d.app_password ? t('devices.calendarPasswordNew') : t('devices.calendarPassword')}
                      </button>
                      {d.app_password ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={`${t('devices.calendarPasswordRemove')}: ${d.name}`}
                          onClick={() => void removePassword(d.id)}
                        >
                          {t('devices.calendarPasswordRemove')}
                        </button>
                      ) : null}
                      <ConfirmInline
                        label={`${t('devices.revoke')}: ${d.name}`}
                        trigger={
                          <>
                            <Icon name="trash" /> {t('devices.revoke')}
                          </>
                        }
                        yes={t('devices.revokeYes', { name: d.name })}
                        onConfirm={() => void revoke(d.id)}
                      />
                    </li>
                  );
                })}
              </ul>
            ) : data.lan.enabled ? (
              <p className="muted">{t('devices.none')}</p>
            ) : null}
          </>
        )}
      </ResourceView>
    </Card>
  );
}
