import type { ApprovalView } from '../../../src-shared';
import { Card } from '../components/Card';
import { useTranslation } from '../i18n';
import { useStore } from '../store';

/** How many answered requests stay on show below the waiting ones, and for how long. */
const RECENT = 3;
const RECENT_MS = 12 * 3600_000;

function Waiting({ a, mayReview }: { a: ApprovalView; mayReview: boolean }) {
  const { t, i18n } = useTranslation();
  const review = useStore((s) => s.reviewApproval);
  const what = i18n.language === 'en' ? a.what.en : a.what.de;
  return (
    <li className="approval waiting" data-testid={`approval-${a.id}`}>
      <p>{mayReview ? t('approvals.asks', { name: a.asker_name, what }) : t('approvals.yoursWaiting', { what })}</p>
      {mayReview ? (
        <div className="row">
          <button type="button" className="btn btn-primary btn-small" onClick={() => void review(a.id, 'allow')}>
            {t('approvals.allow')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void review(a.id, 'refuse')}>
            {t('approvals.refuse')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Answered({ a, showAsker }: { a: ApprovalView; showAsker: boolean }) {
  const { t, i18n } = useTranslation();
  const what = i18n.language === 'en' ? a.what.en : a.what.de;
  const said =
    a.status === 'allowed'
      ? t('approvals.allowed', { who: a.reviewer_name ?? '', what })
      : a.status === 'refused'
        ? t('approvals.refused', { who: a.reviewer_name ?? '', what })
        : t('approvals.expired', { what });
  return (
    <li className={`approval ${a.status}`} data-testid={`approval-${a.id}`}>
      <p className="muted">
        {showAsker && a.asker_name ? `${a.asker_name}: ` : ''}
        {said}
      </p>
    </li>
  );
}

/**
 * Requests that wait for an admin: an admin allows or refuses each in place; a child sees
 * their own waiting and what came of the last ones. Hidden while there is nothing to show.
 */
export function ApprovalsCard() {
  const { t } = useTranslation();
  const data = useStore((s) => s.approvals.data);
  if (!data) return null;
  const waiting = data.approvals.filter((a) => a.status === 'waiting');
  const since = Date.now() - RECENT_MS;
  const answered = data.approvals
    .filter((a) => a.status !== 'waiting' && Date.parse(a.decided_at ?? a.expires_at) >= since)
    .slice(0, RECENT);
  if (waiting.length === 0 && answered.length === 0) return null;
  return (
    <Card title={data.may_review ? t('approvals.titleAdmin') : t('approvals.title')} className="span-12" testId="card-approvals">
      {waiting.length === 0 ? <p className="muted small">{t('approvals.noneWaiting')}</p> : null}
      <ul className="approval-list">
        {waiting.map((a) => (
          <Waiting key={a.id} a={a} mayReview={data.may_review} />
        ))}
        {answered.map((a) => (
          <Answered key={a.id} a={a} showAsker={data.may_review} />
        ))}
      </ul>
    </Card>
  );
}
