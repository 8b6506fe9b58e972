import { useState, type FormEvent } from 'react';
import type { ConnectionResult, SettingsResponse } from '../../../../src-shared';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { ConnectionOutcome, secretOf } from './settings-parts';

// A home server on https often has a self-signed certificate (Home Assistant, a UniFi
// console, Proxmox): before the key is sent, its certificate is shown once and the household
// trusts exactly that one. A certificate from a known authority needs no such step.

export interface ServerField {
  readonly key: string;
  readonly label: string;
  readonly hint?: string;
  readonly secret?: boolean;
  readonly initial?: string;
}

interface Props {
  readonly settings: SettingsResponse;
  readonly testId: string;
  readonly title: string;
  readonly connected: boolean;
  readonly fixed: boolean;
  readonly addressLabel: string;
  readonly initialAddress: string;
  readonly fields: readonly ServerField[];
  readonly connect: (url: string, values: Record<string, string>, fingerprint: string | undefined) => Promise<ConnectionResult>;
  /** Extra words after a successful test (which parts answered, the version). */
  readonly success?: (result: ConnectionResult) => string | undefined;
}

export function ServerConnect(p: Props) {
  const { t } = useTranslation();
  const certificate = useStore((s) => s.certificate);
  const [url, setUrl] = useState(p.initialAddress);
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(p.fields.map((f) => [f.key, f.initial ?? ''])));
  /** undefined: not looked at yet; '' : none needed (http, or a trusted certificate). */
  const [fingerprint, setFingerprint] = useState<string | undefined>();
  const [awaitingTrust, setAwaitingTrust] = useState(false);
  const [result, setResult] = useState<ConnectionResult | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (pin: string | undefined) => {
    setBusy(true);
    const answer = await p.connect(url.trim(), values, pin || undefined);
    setBusy(false);
    setResult(answer);
    setAwaitingTrust(false);
    if (answer.ok)
      setValues((v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, p.fields.find((f) => f.key === k)?.secret ? '' : x])));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(undefined);
    if (!url.trim().startsWith('https:')) return run(undefined);
    if (fingerprint !== undefined) return run(fingerprint);
    setBusy(true);
    const cert = await certificate(url.trim());
    setBusy(false);
    if (cert.problem) return setResult({ ok: false, problem: cert.problem });
    if (cert.trusted) {
      setFingerprint('');
      return run(undefined);
    }
    setFingerprint(cert.fingerprint ?? '');
    setAwaitingTrust(true);
  };

  return (
    <Card title={p.title} className="span-6" testId={p.testId}>
      <p className={p.connected ? 'ok-text' : 'muted'}>
        {p.connected ? t('settings.connections.connected') : t('settings.connections.notConnected')}
      </p>
      {p.fixed ? (
        <p className="field-hint">{t('settings.fixed')}</p>
      ) : (
        <form className="connect-form" onSubmit={(e) => void submit(e)}>
          <Field label={p.addressLabel}>
            <input
              value={url}
              maxLength={500}
              inputMode="url"
              onChange={(e) => (setUrl(e.target.value), setFingerprint(undefined), setAwaitingTrust(false))}
            />
          </Field>
          {p.fields.map((f) => (
            <Field key={f.key} label={f.label} hint={f.hint}>
              <input
                type={f.secret ? 'password' : 'text'}
                autoComplete="off"
                value={values[f.key] ?? ''}
                maxLength={4000}
                required
                onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              />
            </Field>
          ))}
          {awaitingTrust && fingerprint ? (
            <div className="hue-pairing" data-testid="certificate-step">
              <p>{t('settings.connections.certificate.shown')}</p>
              <code className="fingerprint">{fingerprint.match(/.{1,2}/g)?.join(':')}</code>
              <p className="muted">{t('settings.connections.certificate.hint')}</p>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(fingerprint)}>
                {t('settings.connections.certificate.trust')}
              </button>
            </div>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('settings.connections.testing') : t('settings.connections.test')}
            </button>
          )}
          <ConnectionOutcome result={result} />
          {result?.ok && p.success?.(result) ? <p className="muted">{p.success(result)}</p> : null}
        </form>
      )}
    </Card>
  );
}

function settingValue(s: SettingsResponse, name: string): string {
  return s.settings.find((v) => v.name === name)?.value ?? '';
}

/** Home Assistant: the address and a long-lived token; a self-signed certificate is pinned. */
export function HomeAssistantConnect({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const connect = useStore((s) => s.connectHomeAssistant);
  const secret = secretOf(settings, 'homeassistant_token');
  return (
    <ServerConnect
      settings={settings}
      testId="connect-homeassistant"
      title={t('settings.connections.homeassistant.title')}
      connected={secret.set}
      fixed={secret.fixed}
      addressLabel={t('settings.connections.homeassistant.address')}
      initialAddress={settingValue(settings, 'homeassistant_url') || 'http://'}
      fields={[
        {
          key: 'token',
          label: t('settings.connections.homeassistant.token'),
          hint: t('settings.connections.homeassistant.tokenHint'),
          secret: true,
        },
      ]}
      connect={(url, v, fingerprint) => connect({ url, token: v.token!.trim(), ...(fingerprint ? { fingerprint } : {}) })}
    />
  );
}

/** A UniFi OS console: Network and Protect share its address and API key. */
export function UnifiConnect({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const connect = useStore((s) => s.connectUnifi);
  const secret = secretOf(settings, 'unifi_key');
  return (
    <ServerConnect
      settings={settings}
      testId="connect-unifi"
      title={t('settings.connections.unifi.title')}
      connected={secret.set}
      fixed={secret.fixed}
      addressLabel={t('settings.connections.unifi.address')}
      initialAddress={settingValue(settings, 'unifi_url') || 'https://'}
      fields={[{ key: 'api_key', label: t('settings.connections.unifi.key'), hint: t('settings.connections.unifi.keyHint'), secret: true }]}
      connect={(url, v, fingerprint) => connect({ url, api_key: v.api_key!.trim(), ...(fingerprint ? { fingerprint } : {}) })}
      success={(r) => {
        const parts = r as { network?: boolean; protect?: boolean };
        if (parts.network && parts.protect) return t('settings.connections.unifi.both');
        return parts.network ? t('settings.connections.unifi.networkOnly') : t('settings.connections.unifi.protectOnly');
      }}
    />
  );
}

/** Proxmox VE: an API token (its id and secret) and, usually, a self-signed certificate. */
export function ProxmoxConnect({ settings }: { settings: SettingsResponse }) {
  const { t } = useTranslation();
  const connect = useStore((s) => s.connectProxmox);
  const secret = secretOf(settings, 'proxmox_token_secret');
  return (
    <ServerConnect
      settings={settings}
      testId="connect-proxmox"
      title={t('settings.connections.proxmox.title')}
      connected={secret.set}
      fixed={secret.fixed}
      addressLabel={t('settings.connections.proxmox.address')}
      initialAddress={settingValue(settings, 'proxmox_url') || 'https://'}
      fields={[
        {
          key: 'token_id',
          label: t('settings.connections.proxmox.tokenId'),
          hint: t('settings.connections.proxmox.tokenIdHint'),
          initial: settingValue(settings, 'proxmox_token_id'),
        },
        { key: 'token_secret', label: t('settings.connections.proxmox.secret'), secret: true },
      ]}
      connect={(url, v, fingerprint) =>
        connect({ url, token_id: v.token_id!.trim(), token_secret: v.token_secret!.trim(), ...(fingerprint ? { fingerprint } : {}) })
      }
      success={(r) => {
        const version = (r as { version?: string }).version;
        return version ? t('settings.connections.proxmox.version', { version }) : undefined;
      }}
    />
  );
}
