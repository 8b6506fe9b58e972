import { useTranslation } from '../i18n';
import { toolLabel } from '../i18n/tool-label';
import {
  factsInEffect,
  type JarvisEvent,
  type LearningRecord,
  type MemoryProposal,
  type ProtocolSessionDetail,
  type SessionRecords,
  type WorkSession,
} from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { wallClock } from '../format/household-time';
import { useStore } from '../store';

type T = ReturnType<typeof useTranslation>['t'];

const ACTOR_KEYS: Record<string, string> = {
  act_jarvis_assistant: 'protocol.actors.assistant',
  act_household: 'protocol.actors.household',
  act_jarvis_system: 'protocol.actors.system',
};

function actorName(t: T, id: string): string {
  const key = ACTOR_KEYS[id];
  return key ? t(key) : id.replace(/^act_/, '');
}

function find<K extends keyof SessionRecords>(
  detail: ProtocolSessionDetail,
  type: K,
  key: keyof SessionRecords[K][number],
  id: string,
): SessionRecords[K][number] | undefined {
  const records: readonly SessionRecords[K][number][] = detail.records[type];
  return records.find((r) => r[key] === id);
}

/** One event as a line a family member reads: what happened, and the decision or result. */
export function describeEvent(
  t: T,
  event: JarvisEvent,
  detail: ProtocolSessionDetail,
): { what: string; result?: string; tone?: 'ok' | 'bad' | 'wait'; technical?: string } {
  switch (event.record_type) {
    case 'PolicyDecision': {
      const d = find(detail, 'PolicyDecision', 'decision_id', event.record_id);
      const tone = d?.outcome === 'allow' ? 'ok' : d?.outcome === 'deny' ? 'bad' : 'wait';
      // The policy's reason and the tool id are the master's words: the technical part of the line.
      return {
        what: t('protocol.event.decision', { tool: d ? toolLabel(d.action.tool) : '?' }),
        result: d ? t(`protocol.outcome.${d.outcome}`) : undefined,
        tone,
        technical: d ? `${d.action.tool} · ${d.reason}` : undefined,
      };
    }
    case 'Request':
      return { what: t('protocol.event.request'), result: find(detail, 'Request', 'request_id', event.record_id)?.summary, tone: 'wait' };
    case 'Review': {
      const r = find(detail, 'Review', 'review_id', event.record_id);
      return {
        what: t('protocol.event.review'),
        result: r ? t(`protocol.verdict.${r.verdict}`) : undefined,
        tone: r?.verdict === 'approve' ? 'ok' : 'bad',
      };
    }
    case 'Takeover':
      return { what: t('protocol.event.takeover'), result: find(detail, 'Takeover', 'takeover_id', event.record_id)?.reason, tone: 'wait' };
    case 'Contribution':
      return { what: t('protocol.event.contribution'), result: find(detail, 'Contribution', 'contribution_id', event.record_id)?.summary };
    case 'MemoryProposal': {
      const m = find(detail, 'MemoryProposal', 'proposal_id', event.record_id);
      // A forget is a proposal of its own: accepted, it takes the fact back.
      const key =
        event.type === 'memory.accepted'
          ? m?.change === 'forget'
            ? 'memoryForgotten'
            : 'memoryAccepted'
          : event.type === 'memory.rejected'
            ? 'memoryRejected'
            : event.type === 'memory.withdrawn'
              ? 'memoryWithdrawn'
              : m?.change === 'forget'
                ? 'memoryForgetProposed'
                : 'memoryProposed';
      return {
        what: t(`protocol.event.${key}`),
        result: m?.fact,
        tone: key === 'memoryAccepted' ? 'ok' : key === 'memoryRejected' || key === 'memoryWithdrawn' ? 'bad' : 'wait',
      };
    }
    case 'LearningRecord': {
      const l = find(detail, 'LearningRecord', 'learning_id', event.record_id);
      const key =
        event.type === 'learning.accepted'
          ? 'learningAccepted'
          : event.type === 'learning.rejected'
            ? 'learningRejected'
            : 'learningProposed';
      return {
        what: t(`protocol.event.${key}`),
        result: l?.summary,
        tone: key === 'learningAccepted' ? 'ok' : key === 'learningRejected' ? 'bad' : 'wait',
      };
    }
    case 'OutcomeReport':
      return { what: t('protocol.event.outcome'), result: find(detail, 'OutcomeReport', 'report_id', event.record_id)?.summary };
    default:
      break;
  }
  if (event.type === 'work_session.created') return { what: t('protocol.event.created'), result: detail.session.goal };
  if (event.type === 'work_session.sealed') return { what: t('protocol.event.sealed'), tone: 'ok' };
  if (event.type.startsWith('work_session.')) {
    const status = event.type.slice('work_session.'.length);
    return {
      what: t('protocol.event.status'),
      result: t(`protocol.status.${status}`, { defaultValue: status }),
      tone: status === 'completed' ? 'ok' : status === 'failed' ? 'bad' : undefined,
    };
  }
  return { what: t('protocol.event.status'), technical: event.type };
}

function Timeline({ detail, timeZone }: { detail: ProtocolSessionDetail; timeZone: string }) {
  const { t } = useTranslation();
  const outcome = detail.records.OutcomeReport[0];
  return (
    <div className="timeline" data-testid="protocol-timeline">
      <h3 className="sub">{detail.session.goal}</h3>
      <ol className="timeline-list">
        {detail.events.map((e) => {
          const line = describeEvent(t, e, detail);
          return (
            <li key={e.event_id} className={line.tone ? `tone-${line.tone}` : undefined}>
              <span className="muted small timeline-time">{wallClock(e.created_at, timeZone).time}</span>
              <span className="timeline-who">{actorName(t, e.actor_id)}</span>
              <span className="timeline-what">
                {line.what}
                {line.result ? <span className="muted"> · {line.result}</span> : null}
                {line.technical ? (
                  <span className="muted small" data-technical="">
                    {' '}
                    · {line.technical}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      {outcome ? (
        <p className="timeline-outcome">
          <strong>{t('protocol.result')}:</strong> {t(`protocol.status.${outcome.outcome}`)} · {outcome.summary}
        </p>
      ) : null}
      <p className="muted small">
        {t('protocol.chain', { count: detail.events.length })} · {detail.session.sealed ? t('protocol.sealed') : t('protocol.unsealed')} ·{' '}
        <code data-technical="">{detail.session.last_event_hash.slice(0, 12)}</code>
      </p>
    </div>
  );
}

function MemoryProposals({ proposals }: { proposals: readonly MemoryProposal[] }) {
  const { t } = useTranslation();
  const decide = useStore((s) => s.decideMemory);
  const deciding = useStore((s) => s.deciding);
  const open = proposals.filter((p) => p.status === 'proposed');
  // What is remembered now: a fact forgotten later (a forget that follows it) is no longer kept.
  const kept = factsInEffect(proposals);
  return (
    <div className="memory" data-testid="memory-proposals">
      <h3 className="sub">{t('protocol.memoryOpen')}</h3>
      {open.length ? (
        <ul className="item-list">
          {open.map((p) => (
            <li key={p.proposal_id}>
              <span className="item-main">{p.fact}</span>
              <span className="row">
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  disabled={deciding.includes(p.proposal_id)}
                  aria-label={`${t('protocol.remember')}: ${p.fact}`}
                  onClick={() => void decide(p, 'accept')}
                >
                  {t('protocol.remember')}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={deciding.includes(p.proposal_id)}
                  aria-label={`${t('protocol.discard')}: ${p.fact}`}
                  onClick={() => void decide(p, 'reject')}
                >
                  {t('protocol.discard')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('protocol.noMemoryOpen')}</p>
      )}
      {kept.length ? (
        <>
          <h3 className="sub">{t('protocol.memoryKept')}</h3>
          <ul className="facts">
            {kept.map((p) => (
              <li key={p.proposal_id}>{p.fact}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** What the assistant learned from a request: it counts only once the household keeps it. */
function LearningRecords({ records }: { records: readonly LearningRecord[] }) {
  const { t } = useTranslation();
  const decide = useStore((s) => s.decideLearning);
  const deciding = useStore((s) => s.deciding);
  const open = records.filter((r) => r.status === 'proposed');
  const kept = records.filter((r) => r.status === 'accepted');
  if (!open.length && !kept.length) return null;
  return (
    <div className="memory" data-testid="learning-records">
      {open.length ? (
        <>
          <h3 className="sub">{t('protocol.learningOpen')}</h3>
          <ul className="item-list">
            {open.map((r) => (
              <li key={r.learning_id}>
                <span className="item-main">{r.summary}</span>
                <span className="row">
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={deciding.includes(r.learning_id)}
                    aria-label={`${t('protocol.keep')}: ${r.summary}`}
                    onClick={() => void decide(r, 'accept')}
                  >
                    {t('protocol.keep')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={deciding.includes(r.learning_id)}
                    aria-label={`${t('protocol.discard')}: ${r.summary}`}
                    onClick={() => void decide(r, 'reject')}
                  >
                    {t('protocol.discard')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {kept.length ? (
        <>
          <h3 className="sub">{t('protocol.learningKept')}</h3>
          <ul className="facts">
            {kept.map((r) => (
              <li key={r.learning_id}>{r.summary}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Wissen & System: what the assistant did, step by step, and what it asks to remember (the household's audit trail). */
export function ProtocolCard() {
  const { t } = useTranslation();
  const sessions = useStore((s) => s.protocolSessions);
  const memories = useStore((s) => s.memoryProposals);
  const learning = useStore((s) => s.learningRecords);
  const selected = useStore((s) => s.selectedSession);
  const detail = useStore((s) => s.sessionDetail);
  const select = useStore((s) => s.selectSession);
  const timeZone = useStore((s) => s.home.data?.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Card title={t('protocol.title')} className="span-12" testId="card-protocol">
      <div className="protocol-grid">
        <div>
          <ResourceView resource={memories} onRetry={() => void useStore.getState().loadProtocol()}>
            {(list) => <MemoryProposals proposals={list} />}
          </ResourceView>
          <ResourceView resource={learning} onRetry={() => void useStore.getState().loadProtocol()}>
            {(list) => <LearningRecords records={list} />}
          </ResourceView>
          <h3 className="sub">{t('protocol.sessions')}</h3>
          <ResourceView resource={sessions} onRetry={() => void useStore.getState().loadProtocol()}>
            {(list: readonly WorkSession[]) =>
              list.length ? (
                <ul className="item-list sessions" aria-label={t('protocol.sessions')}>
                  {list.map((s) => (
                    <li key={s.work_session_id} className={s.work_session_id === selected ? 'is-selected' : undefined}>
                      <button
                        type="button"
                        className="link-btn item-main"
                        aria-pressed={s.work_session_id === selected}
                        onClick={() => void select(s.work_session_id === selected ? undefined : s.work_session_id)}
                      >
                        <span>{s.goal}</span>
                        <span className="muted small">
                          {wallClock(s.created_at, timeZone).date} {wallClock(s.created_at, timeZone).time} ·{' '}
                          {t(`protocol.status.${s.status}`)}
                          {s.sealed ? ` · ${t('protocol.sealed')}` : ''}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('protocol.noSessions')}</p>
              )
            }
          </ResourceView>
        </div>
        <div>
          {selected ? (
            <ResourceView resource={detail} onRetry={() => void select(selected)}>
              {(d) => <Timeline detail={d} timeZone={timeZone} />}
            </ResourceView>
          ) : (
            <p className="muted">{t('protocol.pick')}</p>
          )}
        </div>
      </div>
    </Card>
  );
}
