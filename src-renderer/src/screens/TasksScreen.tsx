import { useEffect, useRef, useState, type FormEvent } from 'react';
import { explainRefusal, inputLimits } from '../forms/field-errors';
import { useFieldErrors } from '../forms/use-field-errors';
import { deleteTask, setTaskStatus } from '../store/household-actions';
import { useTranslation } from '../i18n';
import { type Task, type TaskPriority } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { Field, FormActions } from '../components/Field';
import { MicButton } from '../components/MicButton';
import { formatWhen, wallClock } from '../format/household-time';
import { useStore } from '../store';
import { ChoresCard } from './chores/ChoresCard';
import { whenOf } from './CalendarScreen';
import { useHousehold } from './household';
import { Icon } from '../components/Icon';
import { byInstant } from '../format/compare';
import { AssigneeBadge, AssigneeFilter, AssigneePicker } from '../members/Assignee';
import { ListSearch } from '../components/ListSearch';
import { TaskDueField, TaskPriorityField } from './tasks/TaskFields';
import { matchesSearch, SEARCH_FROM } from '../format/list-search';
import { byAssignee, type AssigneeChoice } from '../members/assignee-filter';
import { buildRrule, defaultChoice, describeRrule, REPEAT_KINDS, type RepeatKind } from './calendar/repeat-rule';
import { TrashButton } from '../components/TrashButton';

function Kpis() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const tasks = hh?.state.tasks ?? [];
  const overdue = hh ? tasks.filter((x) => x.status !== 'done' && x.due && wallClock(x.due, hh.timezone).date < hh.today).length : 0;
  const kpis = [
    { key: 'kpiOpen', value: tasks.filter((x) => x.status === 'open').length },
    { key: 'kpiProgress', value: tasks.filter((x) => x.status === 'in_progress').length },
    { key: 'kpiDone', value: tasks.filter((x) => x.status === 'done').length },
    { key: 'kpiOverdue', value: overdue, warn: overdue > 0 },
  ];
  return (
    <ul className="kpis span-12" aria-label={t('tasks.kpis')} data-testid="task-kpis">
      {kpis.map((k) => (
        <li key={k.key} className={`kpi ${k.warn ? 'kpi-warn' : ''}`}>
          <span className="kpi-value">{k.value}</span>
          <span className="kpi-label">{t(`tasks.${k.key}`)}</span>
        </li>
      ))}
    </ul>
  );
}

function TaskRow({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const hh = useHousehold()!;
  const mutate = useStore((s) => s.mutate);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(task.title);
  const [assignee, setAssignee] = useState(task.assignee ?? '');
  const [due, setDue] = useState(dueDateOf(task, hh.timezone));
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const { errors, mark, clear } = useFieldErrors<'title' | 'due'>();
  const done = task.status === 'done';
  const overdue = isOverdue(task, hh.timezone, hh.today);
  const setStatus = (status: Task['status']) => void setTaskStatus(useStore, task, status);
  const startEditing = () => {
    // The edit starts from the task as it is now, not from an earlier, abandoned edit.
    setTitle(task.title);
    setAssignee(task.assignee ?? '');
    setDue(dueDateOf(task, hh.timezone));
    setPriority(task.priority);
    clear();
    setEditing(!editing);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const newAssignee = assignee === '' ? null : assignee;
    const before = dueDateOf(task, hh.timezone);
    const args = {
      id: task.id,
      ...(title !== task.title ? { title } : {}),
      ...(newAssignee !== task.assignee ? { assignee: newAssignee } : {}),
      ...(priority !== task.priority ? { priority } : {}),
      // A due time of day stays when only the day changes.
      ...(due !== before ? { due: due ? whenOf(due, dueTimeOf(task, hh.timezone)) : null } : {}),
    };
    if (Object.keys(args).length === 1) return setEditing(false);
    // The edit stays open with what was typed until the master accepted it.
    const ok = await mutate('tasks_update', args, undefined, (error) => {
      const refusal = explainRefusal('tasks_update', error, args);
      mark(refusal.field === 'due' ? 'due' : 'title', refusal.message);
    });
    if (ok) setEditing(false);
  };
  return (
    <li className={`task ${done ? 'is-done' : ''} ${overdue ? 'is-overdue' : ''} prio-${task.priority}`}>
      <input
        type="checkbox"
        checked={done}
        aria-label={t('tasks.markDone', { title: task.title })}
        onChange={() => setStatus(done ? 'open' : 'done')}
      />
      {editing ? (
        <form className="inline-form" onSubmit={(e) => void save(e)} data-testid="task-edit-form">
          <Field label={t('common.title')} error={errors.title}>
            <input
              value={title}
              autoFocus
              {...inputLimits('tasks_update', 'title')}
              onChange={(e) => {
                setTitle(e.target.value);
                clear('title');
              }}
            />
          </Field>
          <TaskDueField
            value={due}
            error={errors.due}
            onChange={(value) => {
              setDue(value);
              clear('due');
            }}
          />
          <TaskPriorityField value={priority} onChange={setPriority} />
          <Field label={t('members.assignee')}>
            <AssigneePicker value={assignee} onChange={setAssignee} />
          </Field>
          <button type="submit" className="btn btn-small btn-primary">
            {t('common.save')}
          </button>
        </form>
      ) : (
        <span className="item-main">
          <span className="task-title">
            <AssigneeBadge assignee={task.assignee} />
            {task.title}
          </span>
          <span className="muted small">
            {overdue ? <span className="chip chip-overdue">{t('taskForm.overdue')}</span> : null}
            {task.due ? (
              <span className={overdue ? 'overdue' : ''}>
                {formatWhen(
                  task.due,
                  hh.timezone,
                  hh.today,
                  i18n.language,
                  { today: t('common.today'), tomorrow: t('common.tomorrow') },
                  task.due.includes('T00:00:00'),
                )}
              </span>
            ) : null}
            {task.rrule ? (
              <span className="chip" data-testid="task-repeat">
                <Icon name="reload" size={12} /> {describeRrule(task.rrule, t, i18n.language)}
              </span>
            ) : null}
            {task.tags.map((tag) => (
              <span key={tag} className="tag">
                {`#${tag}`}
              </span>
            ))}
          </span>
        </span>
      )}
      <select
        aria-label={`${t('tasks.status')}: ${task.title}`}
        className="select-small"
        value={task.status}
        onChange={(e) => setStatus(e.target.value as Task['status'])}
      >
        {(['open', 'in_progress', 'done'] as const).map((s) => (
          <option key={s} value={s}>
            {t(`tasks.statuses.${s}`)}
          </option>
        ))}
      </select>
      <span className={`chip prio prio-chip-${task.priority}`}>{t(`tasks.priorities.${task.priority}`)}</span>
      <span className="item-actions">
        <button type="button" className="icon-btn" aria-label={`${t('common.edit')}: ${task.title}`} onClick={startEditing}>
          <Icon name="edit" />
        </button>
        <TrashButton label={`${t('common.delete')}: ${task.title}`} onClick={() => void deleteTask(useStore, task, hh.timezone)} />
      </span>
    </li>
  );
}

function TaskList() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const create = useStore((s) => s.create);
  const notify = useStore((s) => s.notify);
  const [filter, setFilter] = useState<'open' | 'all' | 'done'>('open');
  const [whose, setWhose] = useState<AssigneeChoice>('everyone');
  // "Für wen" starts as the person asking (this device's member) and goes back to them after each task.
  const [chosen, setAssignee] = useState<string | undefined>(undefined);
  const assignee = chosen ?? hh?.state.viewer_member ?? '';
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('normal');
  const [repeat, setRepeat] = useState<RepeatKind>('none');
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Ready for the next task without reaching for the mouse: focused once the list shows the new one.
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added) input.current?.focus();
  }, [added]);
  const { errors, mark, clear } = useFieldErrors<'title' | 'due' | 'priority'>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The events' rule, from the due day (or today): "Wöchentlich" on a Saturday is every Saturday.
    const rrule = buildRrule({ ...defaultChoice(due || (hh?.today ?? '')), kind: repeat });
    const args = {
      title,
      priority,
      ...(due ? { due: whenOf(due, '') } : {}),
      ...(assignee ? { assignee } : {}),
      ...(rrule ? { rrule } : {}),
    };
    // Checked here as the master would: a blank title never leaves the form.
    if (!title.trim()) return mark('title', t('forms.errors.blank'));
    setBusy(true);
    const outcome = await create('tasks_create', args, title.trim());
    setBusy(false);
    if (outcome.status === 'refused') {
      const refusal = explainRefusal('tasks_create', outcome.error, args);
      if (refusal.field === 'title' || refusal.field === 'due' || refusal.field === 'priority') mark(refusal.field, refusal.message);
      else mark('title', refusal.message);
      return;
    }
    if (outcome.status === 'queued') notify('info', t('outbox.queued'));
    // Accepted (or safely waiting): the form starts over, defaults included.
    setTitle('');
    setDue('');
    setPriority('normal');
    setRepeat('none');
    setAssignee(undefined);
    clear();
    setAdded((n) => n + 1);
  };
  const rank = { high: 0, normal: 1, low: 2 };
  const overdueFirst = (x: Task) => (hh && isOverdue(x, hh.timezone, hh.today) ? 0 : 1);
  const shown = byAssignee(hh?.state.tasks ?? [], whose, hh?.state.viewer_member ?? '').filter((x) =>
    filter === 'all' ? true : filter === 'done' ? x.status === 'done' : x.status !== 'done',
  );
  const tasks = shown
    .filter((x) => matchesSearch(x.title, search))
    .sort((a, b) => overdueFirst(a) - overdueFirst(b) || rank[a.priority] - rank[b.priority] || byDue(a.due, b.due));
  return (
    <Card
      title={t('tasks.list')}
      className="span-12"
      testId="card-tasks"
      actions={
        <div className="filters">
          <AssigneeFilter value={whose} onChange={setWhose} />
          <div className="segmented" role="group" aria-label={t('tasks.filter')}>
            {(['open', 'all', 'done'] as const).map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {t(`tasks.filter${f === 'open' ? 'Open' : f === 'all' ? 'All' : 'Done'}`)}
              </button>
            ))}
          </div>
        </div>
      }
    >
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => (
          <>
            <form className="form-grid" onSubmit={(e) => void submit(e)} noValidate data-testid="task-create-form">
              <Field label={t('tasks.newTask')} size="grow" error={errors.title}>
                <input
                  ref={input}
                  value={title}
                  required
                  {...inputLimits('tasks_create', 'title')}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    clear('title');
                  }}
                />
              </Field>
              <TaskDueField
                value={due}
                error={errors.due}
                onChange={(value) => {
                  setDue(value);
                  clear('due');
                }}
              />
              <TaskPriorityField value={priority} error={errors.priority} onChange={setPriority} />
              <Field label={t('calendar.repeat')}>
                <select value={repeat} onChange={(e) => setRepeat(e.target.value as RepeatKind)}>
                  {REPEAT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`calendar.repeatKinds.${k}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('members.assignee')}>
                <AssigneePicker value={assignee} onChange={setAssignee} />
              </Field>
              <FormActions submit={t('common.add')} busy={busy} />
            </form>
            {shown.length >= SEARCH_FROM || search ? (
              <ListSearch label={t('tasks.search')} value={search} onChange={setSearch} testId="task-search" />
            ) : null}
            {tasks.length ? (
              <ul className="task-list">
                {tasks.map((task) => (
                  <TaskRow key={task.id} task={task} />
                ))}
              </ul>
            ) : search ? (
              <p className="muted">{t('common.noMatch', { query: search.trim() })}</p>
            ) : (
              <p className="muted">{t('home.noTasks')}</p>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

export function TasksScreen() {
  const { t } = useTranslation();
  return (
    <div className="grid-12 tasks-screen" data-testid="screen-tasks">
      <div className="span-12 voice-trigger">
        <MicButton module="tasks" big label={t('tasks.voice')} />
      </div>
      <Kpis />
      <TaskList />
      <ChoresCard />
    </div>
  );
}

/** The task's due day for a date field ("" without one). */
function dueDateOf(task: Task, timezone: string): string {
  return task.due ? wallClock(task.due, timezone).date : '';
}

/** Its due time of day, "" for a due day without a time. */
function dueTimeOf(task: Task, timezone: string): string {
  return task.due && !task.due.includes('T00:00:00') ? wallClock(task.due, timezone).time : '';
}

/** Open and past its due day (a due time today is not overdue yet). */
function isOverdue(task: Task, timezone: string, today: string): boolean {
  return task.status !== 'done' && task.due !== null && wallClock(task.due, timezone).date < today;
}

/** Tasks with a due time first, earliest first. */
function byDue(a: string | null, b: string | null): number {
  if (a === null || b === null) return Number(a === null) - Number(b === null);
  return byInstant(a, b);
}
