import { useEffect, useState } from 'react';
import type { LearnedListResponse, LearnedRecord } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { useTranslation } from '../i18n';
import { useStore } from '../store';

function Learned({ r, mayDecide }: { r: LearnedRecord; mayDecide: boolean }) {
  const { t } = useTranslation();
  const decide = useStore((s) => s.decideLearned);
  // Forgetting takes it out of use at once: a second, explicit "yes" first; Undo on the toast brings it back.
  const [asking, setAsking] = useState(false);
  const whose = r.member_id === null ? t('learned.forAll') : t('learned.forMember', { name: r.member_name ?? '' });
  return (
    <li className={`learned ${r.state}`} data-testid={`learned-${r.id}`}>
      <p>
        <strong>{t(`learned.kind.${r.kind}`)}:</strong> {r.content}
        {r.steps && r.steps.length > 0 ? (
          <span className="muted small">
            {' '}
            ({r.steps.length} {t('learned.steps')})
          </span>
        ) : null}
      </p>
      <p className="muted small">
        {whose} · {r.state === 'accepted' ? t('learned.accepted') : t('learned.waiting')}
      </p>
      {mayDecide ? (
        asking ? (
          <div className="row">
            <span>{t('learned.reallyForget')}</span>
            <button type="button" className="btn btn-small" onClick={() => void decide(r.id, 'forget')}>
              {t('learned.yesForget')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
              {t('learned.keep')}
            </button>
          </div>
        ) : (
          <div className="row">
            {r.state === 'proposed' ? (
              <button type="button" className="btn btn-primary btn-small" onClick={() => void decide(r.id, 'accept')}>
                {t('learned.accept')}
              </button>
            ) : null}
            <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
              {t('learned.forget')}
            </button>
          </div>
        )
      ) : null}
    </li>
  );
}

function List({ data }: { data: LearnedListResponse }) {
  const { t } = useTranslation();
  if (data.records.length === 0) return <p className="muted small">{t('learned.none')}</p>;
  return (
    <ul className="learned-list">
      {data.records.map((r) => (
        <Learned key={r.id} r={r} mayDecide={r.member_id !== null || data.may_decide_household} />
      ))}
    </ul>
  );
}

/**
 * Everything the assistant learnt that the viewer may see: nothing on it is used before
 * it is accepted, and a forgotten record comes back with the toast's Undo.
 */
export function LearnedCard() {
  const { t } = useTranslation();
  const learned = useStore((s) => s.learned);
  const load = useStore((s) => s.loadLearned);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Card title={t('learned.title')} className="span-6" testId="card-learned">
      <p className="muted small">{t('learned.intro')}</p>
      <ResourceView resource={learned} onRetry={() => void load()}>
        {(data) => <List data={data} />}
      </ResourceView>
    </Card>
  );
}
