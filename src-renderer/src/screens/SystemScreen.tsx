import { MembersCard } from './MembersCard';
import { LearnedCard } from './LearnedCard';
import { AppearanceSwitches } from '../components/AppearanceSwitches';
import { HandsFreeToggle } from '../components/HandsFreeToggle';
import { useRef } from 'react';
import { DocumentSearch } from './DocumentSearch';
import { useTranslation } from '../i18n';
import { Card, ResourceView } from '../components/Card';
import { useStore } from '../store';
import type { VoiceStatus } from '../../../src-shared';
import { DevicesCard } from './DevicesCard';
import { ProtocolCard } from './ProtocolCard';
import { McpTokensCard } from './McpTokensCard';
import { RiskPolicyCard } from './RiskPolicyCard';
import { NotificationsCard } from './NotificationsCard';
import { StatusGrid } from './StatusGrid';
import { SkillOverlay, SkillSources } from './SkillSources';
import { Icon } from '../components/Icon';
import { useIsAdmin, useIsAdult } from '../members/viewer-role';
import { TrashButton } from '../components/TrashButton';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Documents() {
  const { t } = useTranslation();
  const documents = useStore((s) => s.documents);
  const uploads = useStore((s) => s.uploads);
  const upload = useStore((s) => s.uploadDocument);
  const remove = useStore((s) => s.deleteDocument);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Card
      title={t('system.documents')}
      className="span-6"
      testId="card-documents"
      actions={
        <label className="btn btn-small btn-primary file-btn">
          {t('system.upload')}
          <input
            ref={input}
            type="file"
            className="sr-only"
            onChange={(e) => {
              for (const f of Array.from(e.target.files ?? [])) void upload(f);
              e.target.value = '';
            }}
          />
        </label>
      }
    >
      {uploads.map((u) => (
        <div key={u.key} className={`upload ${u.error ? 'is-failed' : ''}`}>
          <span>{t('system.uploading', { name: u.name })}</span>
          {u.error ? (
            <span className="inline-error">{u.error}</span>
          ) : (
            <progress max={1} value={u.fraction} aria-label={t('system.uploading', { name: u.name })} />
          )}
        </div>
      ))}
      <DocumentSearch />
      <ResourceView resource={documents} onRetry={() => void useStore.getState().loadDocuments()}>
        {(docs) =>
          docs.length ? (
            <ul className="item-list docs">
              {docs.map((d) => (
                <li key={d.id}>
                  <span className="item-main">
                    <span>{d.name}</span>
                    <span className="muted small">
                      {formatSize(d.size)} · {t(`system.docStatus.${d.status}`)}
                      {d.status === 'ready' ? ` · ${t('system.chunks', { count: d.chunks })}` : ''}
                      {d.error ? (
                        <span className="inline-error" data-technical="">
                          {' '}
                          · {d.error}
                        </span>
                      ) : null}
                    </span>
                    {d.status !== 'ready' && d.status !== 'failed' ? (
                      <progress max={1} value={d.progress} aria-label={`${d.name}: ${t(`system.docStatus.${d.status}`)}`} />
                    ) : null}
                  </span>
                  <span className={`chip doc-${d.status}`}>{t(`system.docStatus.${d.status}`)}</span>
                  <TrashButton label={`${t('common.delete')}: ${d.name}`} onClick={() => void remove(d.id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('system.noDocuments')}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}

const STT_STATES = ['BIN', 'MODEL', 'FFMPEG', 'LOCAL'] as const;

function VoicePipeline() {
  const { t } = useTranslation();
  const status = useStore((s) => s.voiceStatus);
  return (
    <Card title={t('system.voice')} className="span-6" testId="card-voice">
      <ResourceView resource={status} onRetry={() => void useStore.getState().loadVoiceStatus()}>
        {(v: VoiceStatus) => (
          <div className="voice-status">
            <h3 className="sub">{t('system.stt')}</h3>
            <ul className="chips" id="sttStatus" aria-label={t('system.stt')} data-technical="">
              {STT_STATES.map((s) => (
                <li
                  key={s}
                  className={`chip stt-chip ${v.stt.state === s ? (s === 'LOCAL' ? 'chip-ok' : 'chip-bad') : 'chip-off'}`}
                  aria-current={v.stt.state === s ? 'true' : undefined}
                  title={t(`system.sttStates.${s}`)}
                >
                  {s}
                </li>
              ))}
            </ul>
            <p className="reason">
              <strong>{t(`system.sttStates.${v.stt.state}`)}</strong>
              {v.stt.language ? (
                <span className="muted" data-technical="">
                  {' '}
                  · {v.stt.language}
                </span>
              ) : null}
            </p>
            {v.stt.errors.length ? (
              <ul className="reasons" data-technical="">
                {v.stt.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : null}
            <dl className="paths" data-technical="">
              {v.stt.bin ? (
                <>
                  <dt>BIN</dt>
                  <dd>{v.stt.bin}</dd>
                </>
              ) : null}
              {v.stt.model ? (
                <>
                  <dt>MODEL</dt>
                  <dd>{v.stt.model}</dd>
                </>
              ) : null}
              {v.stt.ffmpeg ? (
                <>
                  <dt>FFMPEG</dt>
                  <dd>{v.stt.ffmpeg}</dd>
                </>
              ) : null}
            </dl>
            <h3 className="sub">{t('system.tts')}</h3>
            <ul className="chips" id="ttsStatus" aria-label={t('system.tts')} data-technical="">
              <li className={`chip ${v.tts.engine === 'none' ? 'chip-bad' : 'chip-ok'}`}>{v.tts.engine.toUpperCase()}</li>
              {v.tts.voice ? <li className="chip chip-off">{v.tts.voice}</li> : null}
            </ul>
            {v.tts.errors.length ? (
              <ul className="reasons" data-technical="">
                {v.tts.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : null}
            {v.last_turn ? (
              <>
                <h3 className="sub">{t('system.lastTurn')}</h3>
                <dl className="timings">
                  {Object.entries(v.last_turn).map(([k, ms]) => (
                    <div key={k}>
                      <dt>{t(`system.timings.${k.replace(/_ms$/, '')}`, { defaultValue: k.replace(/_ms$/, '') })}</dt>
                      <dd>{`${Math.round(ms)} ms`}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
          </div>
        )}
      </ResourceView>
    </Card>
  );
}

function Telemetry() {
  const { t } = useTranslation();
  const exportDebug = useStore((s) => s.exportDebug);
  const clearTrace = useStore((s) => s.clearTrace);
  return (
    <Card
      title={t('system.telemetry')}
      className="span-12"
      testId="card-telemetry"
      actions={
        <>
          <button type="button" className="btn btn-small" onClick={() => void exportDebug()}>
            {t('system.exportDebug')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void clearTrace()}>
            {t('system.clearTrace')}
          </button>
        </>
      }
    >
      <StatusGrid />
    </Card>
  );
}

function Skills() {
  const { t } = useTranslation();
  const skills = useStore((s) => s.skills);
  const reloading = useStore((s) => s.skillsReloading);
  const reload = useStore((s) => s.reloadSkills);
  const decide = useStore((s) => s.decideSkill);
  const deciding = useStore((s) => s.deciding);
  return (
    <Card
      title={t('system.skills')}
      className="span-6"
      testId="card-skills"
      actions={
        <button type="button" className="btn btn-small" disabled={reloading} onClick={() => void reload()}>
          {t('system.reloadSkills')}
        </button>
      }
    >
      <SkillSources />
      <ResourceView resource={skills} onRetry={() => void useStore.getState().loadSkills()}>
        {(data) => (
          <>
            {data.errors.length ? (
              <ul className="reasons" aria-label={t('system.skillErrors')} data-technical="">
                {data.errors.map((e, i) => (
                  <li key={`${e.source}-${i}`}>
                    <code>{e.source}</code>: {e.message}
                  </li>
                ))}
              </ul>
            ) : null}
            {data.skills.length ? (
              <ul className="item-list skills">
                {data.skills.map((s) => (
                  // A remote skill may be listed in two versions (one serving, one waiting).
                  <li
                    key={`${s.provider}:${s.id}:${s.sha256 ?? ''}`}
                    className={s.enabled || s.activation?.status === 'proposed' ? '' : 'is-done'}
                  >
                    <span className="item-main">
                      <span>
                        {s.name} <span className="muted small">{s.version}</span>
                      </span>
                      <span className="muted small">
                        {t('system.actions', { count: s.actions.length })}
                        <span data-technical="">
                          {' '}
                          · {s.id}
                          {s.trust ? ` · ${s.trust}` : ''}
                          {s.provider === 'remote' || s.provider === 'mcp' ? ` · ${s.source}` : ''}
                        </span>
                      </span>
                      {s.errors.length ? (
                        <span className="inline-error small" data-technical="">
                          {s.errors.join('; ')}
                        </span>
                      ) : null}
                      {s.integrity === 'modified' ? (
                        <span className="chip chip-bad chip-long">{t('system.skillModified')}</span>
                      ) : s.signature?.state === 'invalid' ? (
                        <span className="chip chip-bad chip-long">{t('system.skillBadSignature')}</span>
                      ) : s.signature?.state === 'unknown-key' ? (
                        <span className="chip chip-bad chip-long">{t('system.skillUnknownKey')}</span>
                      ) : null}
                      {s.unavailable && !s.errors.length && s.activation?.status !== 'proposed' ? (
                        <span className="muted small">
                          {t('system.skillUnavailable')}: <span data-technical="">{s.unavailable}</span>
                        </span>
                      ) : null}
                      <SkillOverlay skill={s} />
                      {s.activation?.status === 'proposed' ? (
                        <span className="skill-decision">
                          <span className="chip chip-warn">{t('protocol.skillWaiting')}</span>
                          {s.activation.integration_secrets?.length ? (
                            <span className="small" data-testid="skill-secrets">
                              {t('protocol.skillSecrets', { names: s.activation.integration_secrets.join(', ') })}
                            </span>
                          ) : null}
                          <button
                            type="button"
                            className="btn btn-small btn-primary"
                            disabled={deciding.includes(s.activation.proposal_id)}
                            aria-label={`${t('protocol.activate')}: ${s.name}`}
                            onClick={() => void decide(s.activation!.proposal_id, s.name, 'accept')}
                          >
                            {t('protocol.activate')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-small"
                            disabled={deciding.includes(s.activation.proposal_id)}
                            aria-label={`${t('protocol.reject')}: ${s.name}`}
                            onClick={() => void decide(s.activation!.proposal_id, s.name, 'reject')}
                          >
                            {t('protocol.reject')}
                          </button>
                        </span>
                      ) : s.activation?.status === 'rejected' ? (
                        <span className="chip chip-bad">{t('protocol.skillRejected')}</span>
                      ) : null}
                      {s.replicas
                        ?.filter((r) => r.status !== 'allowed' && r.proposal_id)
                        .map((r) => (
                          <span key={r.proposal_id} className="skill-decision" data-testid="replica-decision">
                            {r.status === 'proposed' ? (
                              <>
                                <span className="small">
                                  {t('protocol.replicaWaiting', { worker: r.worker })} <span data-technical="">({r.endpoint})</span>
                                </span>
                                <button
                                  type="button"
                                  className="btn btn-small btn-primary"
                                  disabled={deciding.includes(r.proposal_id!)}
                                  aria-label={`${t('protocol.allow')}: ${s.name} – ${r.worker}`}
                                  onClick={() => void decide(r.proposal_id!, `${s.name} – ${r.worker}`, 'accept')}
                                >
                                  {t('protocol.allow')}
                                </button>
                                <button
                                  type="button"
                                  className="btn btn-small"
                                  disabled={deciding.includes(r.proposal_id!)}
                                  aria-label={`${t('protocol.refuse')}: ${s.name} – ${r.worker}`}
                                  onClick={() => void decide(r.proposal_id!, `${s.name} – ${r.worker}`, 'reject')}
                                >
                                  {t('protocol.refuse')}
                                </button>
                              </>
                            ) : (
                              <span className="chip chip-bad chip-long">{t('protocol.replicaRefused', { worker: r.worker })}</span>
                            )}
                          </span>
                        ))}
                    </span>
                    <span className={`chip provider-${s.provider}`} data-technical="">
                      {s.provider}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('system.noSkills')}</p>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function WorkersAndContainers() {
  const { t } = useTranslation();
  const workers = useStore((s) => s.workers);
  const containers = useStore((s) => s.containers);
  const note = useStore((s) => s.containersNote);
  const busy = useStore((s) => s.busyIds);
  const reloadWorker = useStore((s) => s.reloadWorker);
  const act = useStore((s) => s.containerAction);
  return (
    <Card title={t('system.workers')} className="span-6" testId="card-workers">
      <h3 className="sub">{t('system.enrolled')}</h3>
      <ResourceView resource={workers} onRetry={() => void useStore.getState().loadWorkers()}>
        {(list) =>
          list.length ? (
            <ul className="item-list">
              {list.map((w) => (
                <li key={w.id}>
                  <span className="item-main">
                    <span>
                      {w.name}{' '}
                      <span className="chip" data-technical="">
                        {w.runtime}
                      </span>
                    </span>
                    <span className="muted small">
                      {t('system.workerSkills', { count: w.skills.length })} · <span data-technical="">{w.endpoint}</span>
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy.includes(w.id)}
                    aria-label={`${t('system.reload')}: ${w.name}`}
                    onClick={() => void reloadWorker(w.id)}
                  >
                    <Icon name="reload" /> {t('system.reload')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('system.noWorkers')}</p>
          )
        }
      </ResourceView>
      <h3 className="sub">{t('system.containers')}</h3>
      <ResourceView resource={containers} onRetry={() => void useStore.getState().loadContainers()}>
        {(list) =>
          list.length ? (
            <ul className="item-list">
              {list.map((c) => (
                <li key={c.id}>
                  <span className="item-main">
                    <span>
                      {c.name}{' '}
                      <span className={`chip ${c.state === 'running' ? 'chip-ok' : 'chip-off'}`} data-technical="">
                        {c.state}
                      </span>
                    </span>
                    <span className="muted small" data-technical="">
                      {c.image} {c.status ? `· ${c.status}` : ''} · {c.id.slice(0, 12)}
                    </span>
                  </span>
                  <span className="row">
                    {(['start', 'stop', 'restart'] as const).map((a) => (
                      <button
                        key={a}
                        type="button"
                        className="btn btn-small"
                        disabled={busy.includes(c.id)}
                        aria-label={`${t(`system.${a}`)}: ${c.name}`}
                        onClick={() => void act(c.id, a)}
                      >
                        {t(`system.${a}`)}
                      </button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="muted">{note ? t('status.codes.docker.off') : t('system.noContainers')}</p>
              {note ? (
                <p className="muted small" data-technical="">
                  {note}
                </p>
              ) : null}
            </>
          )
        }
      </ResourceView>
    </Card>
  );
}

/** On a phone the header keeps only the assistant: language, design and hands-free live here. */
function Appearance() {
  const { t } = useTranslation();
  return (
    <Card title={t('shell.appearance')} className="span-12 phone-only" testId="card-appearance">
      <div className="row appearance-row">
        <AppearanceSwitches />
        <HandsFreeToggle />
      </div>
    </Card>
  );
}

export function SystemScreen() {
  // The server refuses these to other roles anyway; a card that can only fail is not shown.
  const admin = useIsAdmin();
  const adult = useIsAdult();
  return (
    <div className="grid-12" data-testid="screen-system">
      <Appearance />
      <MembersCard />
      <LearnedCard />
      {adult && <Documents />}
      <VoicePipeline />
      {admin && (
        <>
          <Skills />
          <WorkersAndContainers />
          <DevicesCard />
          <ProtocolCard />
          <RiskPolicyCard />
          <McpTokensCard />
        </>
      )}
      <NotificationsCard />
      {admin && <Telemetry />}
    </div>
  );
}
