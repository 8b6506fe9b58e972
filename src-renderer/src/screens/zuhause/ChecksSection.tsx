import { useState, type FormEvent } from 'react';
import { Card } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import type { CheckResult } from '../../store/zuhause-slice';

const KINDS: readonly CheckResult['kind'][] = ['host_up', 'port_open', 'dns_lookup', 'http_check'];

/** Quick checks of the home network: is a device up, a port open, a name known, a web page answering. */
export function ChecksSection() {
  const { t } = useTranslation();
  const checks = useStore((s) => s.checks);
  const running = useStore((s) => s.homeBusy.some((k) => k.startsWith('check:')));
  const [kind, setKind] = useState<CheckResult['kind']>('host_up');
  const [target, setTarget] = useState('');
  const [port, setPort] = useState('80');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = target.trim();
    if (!value) return;
    void useStore.getState().runCheck(kind, value, kind === 'port_open' ? Number(port) : undefined);
  };
  return (
    <Card title={t('zuhause.checks.title')} className="span-6 zuhause-checks" testId="card-checks">
      <form className="check-form" onSubmit={submit}>
        <select aria-label={t('zuhause.checks.kind')} value={kind} onChange={(e) => setKind(e.target.value as CheckResult['kind'])}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`zuhause.checks.${k}`)}
            </option>
          ))}
        </select>
        <input
          aria-label={t('zuhause.checks.target')}
          placeholder={kind === 'http_check' ? t('zuhause.checks.placeholderUrl') : t('zuhause.checks.placeholderHost')}
          value={target}
          maxLength={2000}
          onChange={(e) => setTarget(e.target.value)}
        />
        {kind === 'port_open' ? (
          <input
            aria-label={t('zuhause.checks.port')}
            type="number"
            min={1}
            max={65535}
            value={port}
            onChange={(e) => setPort(e.target.value)}
            className="check-port"
          />
        ) : null}
        <button type="submit" className="btn btn-primary btn-small" disabled={running || target.trim() === ''}>
          {t('zuhause.checks.run')}
        </button>
      </form>
      {checks.length === 0 ? (
        <p className="muted">{t('zuhause.checks.none')}</p>
      ) : (
        <ul className="item-list checks" data-testid="check-results">
          {checks.map((c) => (
            <li key={c.id} className={c.ok ? 'check-ok' : 'check-bad'}>
              <span className={`dot ${c.ok ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
              <span>{c.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
