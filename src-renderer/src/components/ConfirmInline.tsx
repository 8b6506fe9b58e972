import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

/**
 * A destructive button that asks in place: a first click shows the question's yes and cancel
 * beside the row, so a stray click never removes anything.
 */
export function ConfirmInline({
  label,
  trigger,
  yes,
  question,
  className = 'row',
  onConfirm,
}: {
  /** The accessible name of the first button: the action and what it acts on. */
  label: string;
  /** What the first button shows. */
  trigger: ReactNode;
  /** The confirming button's text. */
  yes: string;
  question?: ReactNode;
  className?: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn btn-small" aria-label={label} onClick={() => setAsking(true)}>
        {trigger}
      </button>
    );
  }
  return (
    <span className={className}>
      {question}
      <button
        type="button"
        className="btn btn-small danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {yes}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
