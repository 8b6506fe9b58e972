import { ID_PREFIXES, type HomeToolName, type Task } from '../../../../src-shared';
import { listed, moment, type DomainReplies } from '../reply';

/** An item of this list, and how a missing one is named. */
export const TASKS_ITEM = { idPrefix: ID_PREFIXES.task, de: 'Diese Aufgabe', en: 'That task' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const TASKS = 'aufgabe aufgaben todo to-do erledigen task tasks chore';

export const TASKS_PHRASES = {
  tasks_list: `${TASKS} offene welche zeige liste open show list pending`,
  tasks_create: `${TASKS} neue anlegen muss noch bis add new create due`,
  tasks_update: `${TASKS} erledigt abhaken fertig ändern priorität done finished complete mark change priority`,
  tasks_delete: `${TASKS} löschen lösche entfernen delete remove`,
} as const satisfies Partial<Record<HomeToolName, string>>;

function listTasks(tasks: readonly Task[], lang: 'de' | 'en'): string {
  const open = tasks.filter((t) => t.status !== 'done');
  if (open.length === 0) return lang === 'en' ? 'No open tasks.' : 'Keine offenen Aufgaben.';
  return `${lang === 'en' ? 'Open tasks' : 'Offene Aufgaben'}: ${open.map((t) => t.title).join(', ')}.`;
}

export const TASKS_REPLIES = {
  tasks_list: { en: (d) => listed(d.tasks, (l) => listTasks(l, 'en')), de: (d) => listed(d.tasks, (l) => listTasks(l, 'de')) },
  tasks_create: { en: (d) => `Task added: ${d.title}${d.due ? `, due ${moment(d.due, true)}` : ''}.` },
  tasks_update: { en: (d) => (d.status === 'done' ? `Task done: ${d.title}.` : `Task changed: ${d.title}.`) },
  tasks_delete: { en: (d) => `Task deleted: ${d.title}.` },
} as const satisfies DomainReplies<'tasks'>;
