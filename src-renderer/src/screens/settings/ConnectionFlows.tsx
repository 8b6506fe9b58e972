import { useState, type FormEvent } from 'react';
import type { ConnectionResult, SettingsResponse } from '../../../../src-shared';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { ConnectionOutcome, secretOf } from './settings-parts';

// Connecting an integration from the app, like Home Assistant's config flows: the address,
// what the device needs (its button, a token), a test, and only then is anything kept.

function settingValue(s: SettingsResponse, name: string): string {
  return s.settings.find((v) => v.name === name)?.value ?? '';
}

function StateLine({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={connected ? 'ok-text' : 'muted'}>
      {connected ? t('settings.connections.connected') : t('settings.connections.notConnected')}
    </p>
  );
}

/** Philips Hue: find the bridge, show its certificate, press the link button, pair. */
export function HueConnect({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const hueCertificate = useStore((s) => s.hueCertificate);
  const connectHue = useStore((s) => s.connectHue);
  const [url, setUrl] = useState(settingValue(settings, 'hue_url') || 'https://');
  const [fingerprint, setFingerprint] = useState<string | undefined>();
  const [result, setResult] = useState<ConnectionResult | undefined>();
  const [busy, setBusy] = useState(false);
  const fixed = secretOf(settings, 'hue_key').fixed;
  const find = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(undefined);
    const answer = await hueCertificate(url.trim());
    setBusy(false);
    if (answer.problem) setResult({ ok: false, problem: answer.problem });
    else setFingerprint(answer.fingerprint ?? '');
  };
  const pair = async () => {
    setBusy(true);
    setResult(await connectHue({ url: url.trim(), fingerprint: fingerprint ?? '' }));
    setBusy(false);
  };
  return (
    <Card title={t('settings.connections.hue.title')} className="span-6" testId="connect-hue">
      <StateLine connected={secretOf(settings, 'hue_key').set} />
      {fixed ? (
        <p className="field-hint">{t('settings.fixed')}</p>
      ) : (
        <>
          <form className="connect-form" onSubmit={(e) => void find(e)}>
            <Field label={t('settings.connections.hue.address')}>
              <input value={url} maxLength={500} inputMode="url" onChange={(e) => (setUrl(e.target.value), setFingerprint(undefined))} />
            </Field>
            <button type="submit" className="btn" disabled={busy}>
              {t('settings.connections.hue.find')}
            </button>
          </form>
          {fingerprint !== undefined ? (
            <div className="hue-pairing">
              {fingerprint ? (
                <>
                  <p>{t('settings.connections.hue.fingerprint')}</p>
                  <code className="fingerprint" data-testid="hue-fingerprint">
                    {fingerprint.match(/.{1,2}/g)?.join(':')}
                  </code>
                  <p className="muted">{t('settings.connections.hue.fingerprintHint')}</p>
                </>
              ) : null}
              <p>{t('settings.connections.hue.press')}</p>
              <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void pair()}>
                {busy ? t('settings.connections.testing') : t('settings.connections.hue.pair')}
              </button>
            </div>
          ) : null}
          <ConnectionOutcome result={result} />
        </>
      )}
    </Card>
  );
}

/** ntfy: server, topic and (for a protected topic) a token; the test sends one message. */
export function NtfyConnect({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const connect = useStore((s) => s.connectNtfy);
  const [url, setUrl] = useState(settingValue(settings, 'ntfy_url') || 'https://ntfy.sh');
  const [topic, setTopic] = useState(settingValue(settings, 'ntfy_topic'));
  const [token, setToken] = useState('');
  const [result, setResult] = useState<ConnectionResult | undefined>();
  const [busy, setBusy] = useState(false);
  const fixed = settings.settings.find((v) => v.name === 'ntfy_url')?.fixed ?? false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const answer = await connect({ url: url.trim(), topic: topic.trim(), ...(token.trim() ? { token: token.trim() } : {}) });
    setBusy(false);
    setResult(answer);
    if (answer.ok) setToken('');
  };
  return (
    <Card title={t('settings.connections.ntfy.title')} className="span-6" testId="connect-ntfy">
      <StateLine connected={settingValue(settings, 'ntfy_topic') !== ''} />
      {fixed ? (
        <p className="field-hint">{t('settings.fixed')}</p>
      ) : (
        <form className="connect-form" onSubmit={(e) => void submit(e)}>
          <Field label={t('settings.connections.ntfy.address')}>
            <input value={url} maxLength={500} inputMode="url" onChange={(e) => setUrl(e.target.value)} />
          </Field>
          <Field label={t('settings.connections.ntfy.topic')}>
            <input value={topic} maxLength={64} onChange={(e) => setTopic(e.target.value)} required />
          </Field>
          <Field label={t('settings.connections.ntfy.token')}>
            <input type="password" autoComplete="off" value={token} maxLength={2000} onChange={(e) => setToken(e.target.value)} />
          </Field>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('settings.connections.testing') : t('settings.connections.test')}
          </button>
          <ConnectionOutcome result={result} />
        </form>
      )}
      {settings.settings.find((v) => v.name === 'ntfy_url')?.applies === 'next_start' ? (
        <p className="muted">{t('settings.nextStart')}</p>
      ) : null}
    </Card>
  );
}
