import { useState } from 'react';
import type { BackupFileView, RestoreOutcome } from '../../../../src-shared';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';

type Answer = RestoreOutcome | { readonly code: string; readonly message: string };

/** A refusal or a failed restore in the household's words; nothing was changed either way. */
function problemText(t: (key: string) => string, answer: Answer): string | undefined {
  if ('ok' in answer) return answer.ok ? undefined : t(`settings.restore.problems.${answer.problem ?? 'failed'}`);
  const known: Record<string, string> = {
    BACKUP_DAMAGED: 'damaged',
    BACKUP_TOO_NEW: 'too_new',
    BACKUP_NOT_FOUND: 'gone',
    RESTORE_NEEDS_RESTART: 'cli',
    RESTORE_TIMEOUT: 'timeout',
  };
  return t(`settings.restore.problems.${known[answer.code] ?? 'failed'}`);
}

/** "Restore" beside each backup: a confirmation that says what is replaced, progress while JARVIS restarts, the result. */
export function RestoreBackup({ files, available }: { files: readonly BackupFileView[]; available: boolean }) {
  const { t, i18n } = useTranslation();
  const restore = useStore((s) => s.restoreBackup);
  const restoring = useStore((s) => s.restoring);
  const [asked, setAsked] = useState<BackupFileView | undefined>();
  const [foreign, setForeign] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (file: BackupFileView, confirmForeign: boolean) => {
    setResult(undefined);
    const answer = await restore(file.name, confirmForeign);
    if (!('ok' in answer) && answer.code === 'FOREIGN_BACKUP') {
      setForeign(true);
      return;
    }
    setAsked(undefined);
    setForeign(false);
    const problem = problemText(t, answer);
    setResult(problem ? { ok: false, text: problem } : { ok: true, text: t('settings.restore.done', { when: when(file.created_at) }) });
  };

  if (!available) return <p className="muted">{t('settings.restore.cli')}</p>;
  return (
    <>
      {files.length > 0 ? (
        <ul className="mini-list" data-testid="backup-list" aria-label={t('settings.backups.list')}>
          {files.slice(0, 10).map((f) => (
            <li key={f.name} className="row">
              <span>
                {when(f.created_at)} · {(f.size / 1_000_000).toLocaleString(i18n.language, { maximumFractionDigits: 1 })} MB
              </span>
              <button
                type="button"
                className="btn btn-small"
                disabled={restoring !== undefined}
                onClick={() => (setAsked(f), setForeign(false), setResult(undefined))}
              >
                {t('settings.restore.button')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {result ? (
        <p className={result.ok ? 'ok-text' : 'inline-error'} role={result.ok ? 'status' : 'alert'} data-testid="restore-result">
          {result.text}
        </p>
      ) : null}
      {asked ? (
        <Dialog
          title={t('settings.restore.title')}
          variant="alert"
          testId="restore-dialog"
          onClose={() => (restoring ? undefined : setAsked(undefined))}
        >
          <p>{t('settings.restore.replaces', { when: when(asked.created_at) })}</p>
          <p>{t('settings.restore.lost')}</p>
          <p className="muted">{t('settings.restore.keptAside')}</p>
          {foreign ? (
            <p className="inline-error" role="alert">
              {t('settings.restore.foreign')}
            </p>
          ) : null}
          {restoring ? (
            <div role="status" data-testid="restore-progress">
              <progress aria-label={t('settings.restore.running')} />
              <p>{t('settings.restore.running')}</p>
            </div>
          ) : (
            <div className="row">
              <button type="button" className="btn btn-primary" onClick={() => void run(asked, foreign)}>
                {foreign ? t('settings.restore.confirmForeign') : t('settings.restore.confirm')}
              </button>
              <button type="button" className="btn" data-autofocus onClick={() => setAsked(undefined)}>
                {t('settings.restore.cancel')}
              </button>
            </div>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
