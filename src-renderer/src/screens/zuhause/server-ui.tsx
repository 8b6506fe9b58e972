import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';

/**
 * A button for an action that disturbs the home (a VM stopping, a stack restarting, the
 * network dropping for a moment): the first click asks, the second runs.
 */
export function ConfirmButton({
  label,
  question,
  disabled,
  onConfirm,
  testId,
}: {
  label: string;
  question: string;
  disabled: boolean;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn btn-small" disabled={disabled} onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm-inline" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={`${testId}-yes`}
      >
        {t('zuhause.server.yes')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
        {t('zuhause.server.no')}
      </button>
    </span>
  );
}

/** The "Aktualisieren" button in a Zuhause section's header. */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-small" onClick={onClick}>
      {t('zuhause.refresh')}
    </button>
  );
}

/** Calls `refresh` every `everyMs` (never without one) while the page is visible and the section shown: live while open. */
export function useRefreshWhileVisible(refresh: () => void, everyMs: number | undefined): void {
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [refresh, everyMs]);
}

/** "3 T 4 Std", "5 Std 12 Min", "12 Min": how long something has been running. */
export function uptimeText(seconds: number, t: (key: string, vars?: Record<string, string | number>) => string): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return t('zuhause.server.uptimeDays', { d, h });
  if (h > 0) return t('zuhause.server.uptimeHours', { h, m });
  return t('zuhause.server.uptimeMinutes', { m });
}

/** Bytes as GB with one decimal. */
export function gigabytes(bytes: number): string {
  return (bytes / 1e9).toFixed(1);
}
