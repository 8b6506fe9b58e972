import type { ConnectionResult, SecretName, SettingsResponse } from '../../../../src-shared';
import { useTranslation } from '../../i18n';

export function secretOf(s: SettingsResponse, name: SecretName) {
  return s.secrets.find((v) => v.name === name)!;
}

/** What a connection test found, in plain words at the form. */
export function ConnectionOutcome({ result }: { result: ConnectionResult | undefined }) {
  const { t } = useTranslation();
  if (!result) return null;
  return result.ok ? (
    <p className="ok-text" role="status" data-testid="connection-ok">
      {t('settings.connections.ok')}
    </p>
  ) : (
    <p className="inline-error" role="alert" data-testid="connection-problem">
      {t(`settings.connections.problems.${result.problem ?? 'refused'}`)}
    </p>
  );
}
