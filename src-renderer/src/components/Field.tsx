import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

/**
 * A labelled form control: the label text above, the control inside the label. A refusal
 * (`error`) sits under the control and marks it invalid; `hint` says what was understood.
 */
export function Field({
  label,
  size,
  error,
  hint,
  children,
}: {
  label: string;
  size?: 'grow' | 'narrow';
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : '';
  const control =
    isValidElement(children) && (error || hint)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, {
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })
      : children;
  return (
    <label className={`field${size ? ` ${size}` : ''}${error ? ' has-error' : ''}`}>
      <span>{label}</span>
      {control}
      {hint && !error ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** A form's submit button, and Abbrechen when the form can be left without saving. */
export function FormActions({ submit, onCancel, busy }: { submit: string; onCancel?: (() => void) | undefined; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {submit}
      </button>
      {onCancel ? (
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
    </div>
  );
}
