import { useEffect } from 'react';
import type { SkillInfo, SkillLearningRecord, SkillSourceInfo } from '../../../src-shared';
import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { ConfirmInline } from '../components/ConfirmInline';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "vor 5 Minuten" / "5 minutes ago", in the shown language. */
export function agoText(at: string, now: number, language: string): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'minute');
}

function lastSyncText(s: SkillSourceInfo, t: ReturnType<typeof useTranslation>['t'], language: string): string {
  if (!s.last_sync) return t('skillSources.never');
  const ago = agoText(s.last_sync.at, Date.now(), language);
  if (s.last_sync.error) return t('skillSources.lastSyncFailed', { ago });
  return t('skillSources.lastSync', { ago, installed: s.last_sync.counts?.installed ?? 0, updated: s.last_sync.counts?.updated ?? 0 });
}

/** The skills card's part for skill sources: each with its last sync, and "Sync now". */
export function SkillSources() {
  const { t, i18n } = useTranslation();
  const sources = useStore((s) => s.skillSources);
  const sync = useStore((s) => s.skillSync);
  const start = useStore((s) => s.syncSkillSources);
  useEffect(() => {
    void useStore.getState().loadSkillSources();
  }, []);
  if (sources.status === 'error' && !sources.data) return <p className="inline-error small">{sources.error}</p>;
  const data = sources.data;
  if (!data) return null;
  return (
    <section className="skill-sources" aria-label={t('skillSources.title')} data-testid="skill-sources">
      <div className="row skill-sources-head">
        <h3 className="small">{t('skillSources.title')}</h3>
        {data.sources.length > 0 ? (
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={sync.running}
            aria-busy={sync.running}
            onClick={() => void start()}
          >
            {sync.running
              ? sync.source
                ? t('skillSources.syncingSource', { source: sync.source })
                : t('skillSources.syncing')
              : t('skillSources.sync')}
          </button>
        ) : null}
      </div>
      {data.problem ? (
        <p className="inline-error small">
          {t('skillSources.problem')} <span data-technical="">{data.problem}</span>
        </p>
      ) : data.sources.length === 0 ? (
        <p className="muted small">{t('skillSources.none', { file: data.file })}</p>
      ) : (
        <ul className="item-list">
          {data.sources.map((s) => (
            <li key={s.name}>
              <span className="item-main">
                <span>{s.name}</span>
                <span className="muted small">{lastSyncText(s, t, i18n.language)}</span>
                {s.filter.category?.length || s.filter.search ? (
                  <span className="muted small">
                    {t('skillSources.filter', {
                      filter: [...(s.filter.category ?? []), ...(s.filter.search ? [s.filter.search] : [])].join(', '),
                    })}
                  </span>
                ) : null}
                <span className="muted small" data-technical="">
                  {s.url}
                  {s.last_sync?.commit ? ` · ${s.last_sync.commit.slice(0, 12)}` : ''}
                  {s.last_sync?.error ? ` · ${s.last_sync.error}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What `jarvis optimize skills` learnt for a skill: "Verbessert" with the better description,
 * and an undo behind a question; a stale improvement only as a muted note.
 */
/** A ratio as a whole percentage ("83 %"). */
function percent(ratio: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

/** What a proposed improvement changes and why it is proposed, for the admin who decides. */
function LearningProposal({ skill, record }: { skill: SkillInfo; record: SkillLearningRecord }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const decide = useStore((s) => s.decideSkillLearning);
  const { change, evidence } = record;
  return (
    <div className="skill-learning" aria-label={t('learning.proposalOf', { name: skill.name })}>
      <span className="chip chip-warn">{t('learning.proposed')}</span>
      <dl className="small">
        {change.description_before !== undefined && change.description_before !== change.description_after ? (
          <>
            <dt>{t('learning.descriptionBefore')}</dt>
            <dd>{change.description_before}</dd>
          </>
        ) : null}
        <dt>{t('learning.descriptionAfter')}</dt>
        <dd>{change.description_after}</dd>
        {change.examples.length ? (
          <>
            <dt>{t('learning.examples', { count: change.examples.length })}</dt>
            {change.examples.map((e, i) => (
              <dd key={i}>„{e}“</dd>
            ))}
          </>
        ) : null}
        <dt>{t('learning.evidence')}</dt>
        {evidence.uses !== undefined ? <dd>{t('learning.uses', { count: evidence.uses })}</dd> : null}
        {evidence.score_before !== undefined && evidence.score_after !== undefined ? (
          <dd>
            {t('learning.score', {
              before: percent(evidence.score_before, language),
              after: percent(evidence.score_after, language),
              count: evidence.cases ?? 0,
            })}
          </dd>
        ) : null}
      </dl>
      <span className="skill-decision">
        <button
          type="button"
          className="btn btn-small"
          aria-label={`${t('learning.accept')}: ${skill.name}`}
          onClick={() => void decide(record.learning_id, skill.name, 'accept')}
        >
          {t('learning.accept')}
        </button>
        <button
          type="button"
          className="btn btn-small danger"
          aria-label={`${t('learning.reject')}: ${skill.name}`}
          onClick={() => void decide(record.learning_id, skill.name, 'reject')}
        >
          {t('learning.reject')}
        </button>
      </span>
    </div>
  );
}

export function SkillOverlay({ skill }: { skill: SkillInfo }) {
  const { t } = useTranslation();
  const remove = useStore((s) => s.removeSkillOverlay);
  const undoLearning = useStore((s) => s.undoSkillLearning);
  const overlay = skill.overlay;
  if (!overlay) return null;
  if (overlay.stale) return <span className="muted small">{t('overlay.stale')}</span>;
  const learning = overlay.learning;
  if (learning?.status === 'proposed') return <LearningProposal skill={skill} record={learning} />;
  if (learning?.status === 'rejected') return <span className="muted small">{t('learning.rejected')}</span>;
  // Accepted by an admin: taken back by an undo record (its file goes with it).
  const undo = () => (learning ? undoLearning(learning.learning_id, skill.name) : remove(skill.id, skill.name));
  return (
    <span className="skill-overlay">
      <span className="chip chip-accent" title={t('overlay.improvedTitle', { description: overlay.description })}>
        {t('overlay.improved')}
      </span>
      <span className="muted small">{overlay.description}</span>
      <ConfirmInline
        label={`${t('overlay.undo')}: ${skill.name}`}
        trigger={t('overlay.undo')}
        yes={t('overlay.undoYes')}
        question={<span className="small">{t('overlay.undoQuestion', { name: skill.name })}</span>}
        className="skill-decision"
        onConfirm={() => void undo()}
      />
    </span>
  );
}
