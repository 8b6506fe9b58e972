import { useState } from 'react';
import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { Icon } from './Icon';

/**
 * A child's (or a guest's) request that waits for an admin, wherever the admin is in the
 * app: the newest one, in plain words, with Allow and Refuse. Put away, it stays on Home's card.
 */
export function ApprovalToast() {
  const { t, i18n } = useTranslation();
  const data = useStore((s) => s.approvals.data);
  const review = useStore((s) => s.reviewApproval);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  if (!data?.may_review) return null;
  const waiting = data.approvals.find((a) => a.status === 'waiting' && !dismissed.has(a.id));
  if (!waiting) return null;
  const what = i18n.language === 'en' ? waiting.what.en : waiting.what.de;
  return (
    <div key={waiting.id} className="toast toast-approval" role="alert" data-testid="approval-toast">
      <span>{t('approvals.asks', { name: waiting.asker_name, what })}</span>
      <button type="button" className="btn btn-primary btn-small" onClick={() => void review(waiting.id, 'allow')}>
        {t('approvals.allow')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => void review(waiting.id, 'refuse')}>
        {t('approvals.refuse')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={t('shell.dismiss')}
        onClick={() => setDismissed(new Set([...dismissed, waiting.id]))}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
