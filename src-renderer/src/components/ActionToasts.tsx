import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { ApprovalToast } from './ApprovalToast';
import { Icon } from './Icon';

/** The Undo offer after a delete or a tick, and the entries waiting for the connection. */
export function ActionToasts() {
  const { t } = useTranslation();
  const offer = useStore((s) => s.undoOffer);
  const runUndo = useStore((s) => s.runUndo);
  const dismiss = useStore((s) => s.dismissUndo);
  const outbox = useStore((s) => s.outbox);
  return (
    <div className="toasts" aria-live="polite">
      <ApprovalToast />
      {outbox.length ? (
        <div className="toast toast-outbox" role="status" data-testid="outbox">
          <span>
            {t('outbox.waiting', { count: outbox.length })}: {outbox.map((e) => e.label).join(', ')}
          </span>
        </div>
      ) : null}
      {offer ? (
        <div key={offer.id} className="toast" role="status" data-testid="undo-toast">
          <span>{offer.text}</span>
          <button type="button" className="btn btn-small" onClick={() => void runUndo()}>
            {t('undo.undo')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" aria-label={t('shell.dismiss')} onClick={dismiss}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
