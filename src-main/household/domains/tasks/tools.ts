import type { HomeDomain, SymbolicTime } from '../../../../src-shared';
import type { TaskRecord } from '../../store';
import { newId } from '../../store';
import { cardForNewTask, dropTaskCard, followTaskChange } from '../../automations/task-kanban';
import type { HomeEnv } from '../../env';
import { notFound } from '../../errors';
import { presentTask } from './present';
import { formatDateDe, formatDateTimeDe, localDateOf } from '../../time';
import { namedList, q, read, resolveAt, type Handler } from '../handler';
import { assigneeFilter, assigneeOf, forWhom } from '../assignee';
import { nextOccurrence, seriesStart, taskRuleOf } from './series';

function dueMs(env: HomeEnv, due: SymbolicTime, path: string): number {
  return resolveAt(due, env, path).ms;
}

function dueText(t: TaskRecord, env: HomeEnv): string {
  if (t.dueMs === null) return '';
  const date = localDateOf(t.dueMs, env.timezone);
  const midnight = formatDateTimeDe(t.dueMs, env.timezone).endsWith('00:00 Uhr');
  return midnight ? `, fällig ${formatDateDe(date)}` : `, fällig ${formatDateTimeDe(t.dueMs, env.timezone)}`;
}

function getTask(env: HomeEnv, id: string): TaskRecord {
  const t = env.store.tasks.get(id);
  if (!t) throw notFound(id);
  return t;
}

const STATUS_DE = { open: 'offen', in_progress: 'in Arbeit', done: 'erledigt' } as const;

export const tasksList: Handler<'tasks_list'> = (args, env) => {
  const status = args.status ?? 'open_or_in_progress';
  const assignee = assigneeFilter(env, args.assignee);
  let tasks = env.store.tasks.all();
  if (assignee !== undefined) tasks = tasks.filter((t) => t.assignee === assignee);
  if (status === 'open_or_in_progress') tasks = tasks.filter((t) => t.status !== 'done');
  else if (status !== 'all') tasks = tasks.filter((t) => t.status === status);
  if (args.query) {
    const needle = args.query.toLowerCase();
    tasks = tasks.filter((t) => `${t.title}\n${t.notes}\n${t.tags.join(' ')}`.toLowerCase().includes(needle));
  }
  const message =
    tasks.length === 0
      ? `Keine passenden Aufgaben${forWhom(env, assignee)}.`
      : `${tasks.length === 1 ? '1 Aufgabe' : `${tasks.length} Aufgaben`}${forWhom(env, assignee)}: ${namedList(tasks, (t) => `${q(t.title)} (${STATUS_DE[t.status]}${dueText(t, env)})`)}.`;
  return read({ tasks: tasks.map((t) => presentTask(t, env.timezone)) }, message);
};

export const tasksCreate: Handler<'tasks_create'> = (args, env) => {
  const rrule = args.rrule === undefined ? null : taskRuleOf(args.rrule, '/rrule');
  const task: TaskRecord = {
    id: newId('task'),
    title: args.title.trim(),
    notes: args.notes ?? '',
    // A repeating task needs a day to count from: without one, today.
    dueMs: args.due ? dueMs(env, args.due, '/due') : rrule ? seriesStart(env) : null,
    priority: args.priority ?? 'normal',
    status: 'open',
    tags: [...new Set(args.tags ?? [])],
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
    assignee: assigneeOf(env, args.assignee) ?? null,
    rrule,
    seriesId: null,
  };
  env.store.tasks.insert(task);
  cardForNewTask(env, task);
  return {
    data: presentTask(task, env.timezone),
    message: `Aufgabe ${q(task.title)}${forWhom(env, task.assignee)} angelegt${dueText(task, env)}.`,
    domains: ['tasks', 'kanban'],
  };
};

export const tasksUpdate: Handler<'tasks_update'> = (args, env) => {
  const before = getTask(env, args.id);
  const task: TaskRecord = {
    ...before,
    title: args.title?.trim() ?? before.title,
    notes: args.notes ?? before.notes,
    dueMs: args.due === undefined ? before.dueMs : args.due === null ? null : dueMs(env, args.due, '/due'),
    priority: args.priority ?? before.priority,
    status: args.status ?? before.status,
    tags: args.tags ? [...new Set(args.tags)] : before.tags,
    updatedMs: env.now.getTime(),
    assignee: args.assignee === undefined ? (before.assignee ?? null) : (assigneeOf(env, args.assignee) ?? null),
    rrule: args.rrule === undefined ? (before.rrule ?? null) : args.rrule === null ? null : taskRuleOf(args.rrule, '/rrule'),
  };
  if (task.rrule && task.dueMs === null) task.dueMs = seriesStart(env);
  if (task.rrule && !task.seriesId) task.seriesId = task.id;
  env.store.tasks.update(task);
  let cardChanged = followTaskChange(env, task);
  const finished = task.status === 'done' && before.status !== 'done';
  // A chore ticked off stays done (its history) and the next one is due.
  const next = finished ? nextOccurrence(env, task) : undefined;
  if (next) {
    env.store.tasks.insert(next);
    cardForNewTask(env, next);
    cardChanged = true;
  }
  const domains: HomeDomain[] = cardChanged ? ['tasks', 'kanban'] : ['tasks'];
  const message = finished
    ? `Aufgabe ${q(task.title)} erledigt.${next ? ` Nächstes Mal${dueText(next, env).replace(', fällig', ':')}.` : ''}`
    : `Aufgabe ${q(task.title)} geändert (${STATUS_DE[task.status]}${dueText(task, env)}).`;
  return { data: presentTask(task, env.timezone), message, domains };
};

export const tasksDelete: Handler<'tasks_delete'> = (args, env) => {
  const task = getTask(env, args.id);
  const cardRemoved = dropTaskCard(env, task.id);
  env.store.tasks.delete(task.id);
  return {
    data: presentTask(task, env.timezone),
    message: `Aufgabe ${q(task.title)} gelöscht.`,
    domains: cardRemoved ? ['tasks', 'kanban'] : ['tasks'],
  };
};
