import { TASK_PRIORITIES, type TaskPriority } from '../../../../src-shared';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';

/** The due date of a task, in the create and the edit form alike. */
export function TaskDueField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (due: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('tasks.due')} error={error}>
      <input type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** The priority of a task, in the create and the edit form alike. */
export function TaskPriorityField({
  value,
  error,
  onChange,
}: {
  value: TaskPriority;
  error?: string | undefined;
  onChange: (priority: TaskPriority) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('tasks.priority')} error={error}>
      <select value={value} onChange={(e) => onChange(e.target.value as TaskPriority)}>
        {TASK_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {t(`tasks.priorities.${p}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
