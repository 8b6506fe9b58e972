import type { RecurrenceScope } from '../../../../src-shared';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n';

export interface Choice<V extends string> {
  readonly value: V;
  readonly label: string;
  readonly danger?: boolean;
  readonly disabled?: boolean;
}

/** A short question with a few answers and Abbrechen: the scope of a series edit, a delete to confirm. */
export function ChoiceDialog<V extends string>({
  title,
  text,
  choices,
  onChoose,
  onCancel,
  testId,
}: {
  title: string;
  text: string;
  choices: readonly Choice<V>[];
  onChoose(value: V): void;
  onCancel(): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onCancel} variant="alert" testId={testId}>
      <p className="dialog-text">{text}</p>
      <div className="dialog-choices">
        {choices.map((c, i) => (
          <button
            key={c.value}
            type="button"
            className={`btn ${c.danger ? 'btn-danger' : i === 0 ? 'btn-primary' : ''}`}
            disabled={c.disabled}
            onClick={() => onChoose(c.value)}
            data-autofocus={i === 0 ? true : undefined}
          >
            {c.label}
          </button>
        ))}
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** "Nur diesen / diesen und alle folgenden / alle": which occurrences of a series an edit or delete means. */
export function ScopeDialog({
  action,
  title,
  allowThis = true,
  onChoose,
  onCancel,
}: {
  action: 'edit' | 'delete';
  title: string;
  allowThis?: boolean;
  onChoose(scope: RecurrenceScope): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const choices: Choice<RecurrenceScope>[] = [
    { value: 'this', label: t('calendar.scope.this'), disabled: !allowThis },
    { value: 'following', label: t('calendar.scope.following') },
    { value: 'all', label: t('calendar.scope.all'), danger: action === 'delete' },
  ];
  return (
    <ChoiceDialog
      testId="scope-dialog"
      title={t(action === 'edit' ? 'calendar.scope.editTitle' : 'calendar.scope.deleteTitle')}
      text={t(action === 'edit' ? 'calendar.scope.editText' : 'calendar.scope.deleteText', { title })}
      choices={allowThis ? choices : choices.slice(1)}
      onChoose={onChoose}
      onCancel={onCancel}
    />
  );
}
