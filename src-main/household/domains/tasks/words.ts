import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

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
