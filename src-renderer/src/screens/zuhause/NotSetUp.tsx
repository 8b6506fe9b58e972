import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/** The card body of an integration that is not set up (or failed): what is wrong and the steps to fix it. */
export function NotSetUp({
  steps,
  problem,
  testId,
  action,
}: {
  steps: readonly string[];
  problem?: string;
  testId: string;
  /** Where it is set up in the app instead (a button to Settings). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="not-set-up" data-testid={testId}>
      {problem ? (
        <p className="inline-error" role="status">
          {problem}
        </p>
      ) : (
        <p className="muted">{t('zuhause.notSetUp')}</p>
      )}
      <ol className="setup-steps">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {action}
    </div>
  );
}
