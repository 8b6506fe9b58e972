import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

/** A labelled form control: the label text above, the control inside the label. */
export function Field({ label, size, children }: { label: string; size?: 'grow' | 'narrow'; children: ReactNode }) {
  return (
    <label className={size ? `field ${size}` : 'field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A form's submit button, and Abbrechen when the form can be left without saving. */
export function FormActions({ submit, onCancel }: { submit: string; onCancel?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary">
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
