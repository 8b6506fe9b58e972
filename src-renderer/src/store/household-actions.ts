// The household's destructive actions, each with its way back: a delete or a "done" tick
// happens at once and offers Undo, which runs the inverse tool calls (a deleted entry is
// created again with everything it had).
import {
  addGroceryAmounts,
  groceryAmountsOf,
  type GroceryItem,
  type HomeDomain,
  type HomeState,
  type HomeToolArgs,
  type HomeToolName,
  type KanbanCard,
  type MealPlanEntry,
  type Reminder,
  type Task,
  type TaskStatus,
} from '../../../src-shared';
import { callTool } from '../api';
import { wallClock } from '../format/household-time';
import { t } from '../i18n';
import { messageOf } from './resource';
import type { Store } from './index';

type Api = { getState(): Store; setState(partial: Partial<Store>): void };

/** Runs the inverse calls, then reloads the domain they wrote; a refusal is said, not swallowed. */
async function restore(store: Api, domain: HomeDomain, steps: () => Promise<unknown>): Promise<void> {
  try {
    await steps();
  } catch (e) {
    store.getState().notify('error', t('undo.failed', { reason: messageOf(e) }));
  }
  await store.getState().loadHomeParts([domain]);
}

const call = <N extends HomeToolName>(name: N, args: HomeToolArgs[N]) => callTool(name, args);

/** A task's due as the symbolic time tasks_create takes (midnight: a date without time). */
function dueOf(task: Task, timezone: string): HomeToolArgs['tasks_create']['due'] {
  if (!task.due) return undefined;
  const { date, time } = wallClock(task.due, timezone);
  return task.due.includes('T00:00:00') ? { kind: 'absolute', date } : { kind: 'absolute', date, time };
}

/** tasks_create arguments that bring a deleted task back with everything the family set on it. */
export function taskRecreateArgs(task: Task, timezone: string): HomeToolArgs['tasks_create'] {
  const due = dueOf(task, timezone);
  return {
    title: task.title,
    priority: task.priority,
    ...(task.notes ? { notes: task.notes } : {}),
    ...(task.tags.length ? { tags: [...task.tags] } : {}),
    ...(due ? { due } : {}),
    ...(task.assignee ? { assignee: task.assignee } : { assignee: 'everyone' }),
  };
}

export async function deleteTask(store: Api, task: Task, timezone: string): Promise<void> {
  const ok = await store
    .getState()
    .mutate('tasks_delete', { id: task.id }, (s) => ({ ...s, tasks: s.tasks.filter((x) => x.id !== task.id) }));
  if (!ok) return;
  store.getState().offerUndo(t('undo.deleted', { title: task.title }), () =>
    restore(store, 'tasks', async () => {
      const created = await call('tasks_create', taskRecreateArgs(task, timezone));
      if (task.status !== 'open' && created.data) await call('tasks_update', { id: created.data.id, status: task.status });
    }),
  );
}

/** reminders_create arguments that bring a deleted reminder back: its text, time and person. */
export function reminderRecreateArgs(reminder: Reminder, timezone: string): HomeToolArgs['reminders_create'] {
  const { date, time } = wallClock(reminder.at, timezone);
  // "everyone" keeps an everyone's reminder everyone's (without it, it would become the asker's).
  return { text: reminder.text, when: { kind: 'absolute', date, time }, assignee: reminder.assignee ?? 'everyone' };
}

/** "Erledigt" on a reminder: it goes at once, and Undo brings it back for the same person. */
export async function dismissReminder(store: Api, reminder: Reminder, timezone: string): Promise<void> {
  const ok = await store
    .getState()
    .mutate('reminders_delete', { id: reminder.id }, (s) => ({ ...s, reminders: s.reminders.filter((x) => x.id !== reminder.id) }));
  if (!ok) return;
  store.getState().dismissDue(reminder.id);
  store
    .getState()
    .offerUndo(t('undo.done', { title: reminder.text }), () =>
      restore(store, 'reminders', () => call('reminders_create', reminderRecreateArgs(reminder, timezone))),
    );
}

export async function setTaskStatus(store: Api, task: Task, status: TaskStatus): Promise<void> {
  const ok = await store.getState().mutate('tasks_update', { id: task.id, status }, (s) => ({
    ...s,
    tasks: s.tasks.map((x) => (x.id === task.id ? { ...x, status } : x)),
  }));
  if (!ok || status !== 'done') return;
  store
    .getState()
    .offerUndo(t('undo.done', { title: task.title }), () =>
      restore(store, 'tasks', () => call('tasks_update', { id: task.id, status: task.status })),
    );
}

/** Undo of a removal: the line comes back with every amount it had, ticked if it was. */
function regrocery(item: GroceryItem) {
  return async () => {
    const [first, ...more] = groceryAmountsOf(item);
    const added = await call('groceries_add', {
      name: item.name,
      ...(first?.quantity != null ? { quantity: first.quantity } : {}),
      ...(first?.unit ? { unit: first.unit } : {}),
    });
    if (!added.data) return;
    // groceries_add takes one amount; the line may already have joined an open one, so all
    // of its amounts are set together with those it had.
    if (more.length > 0) await call('groceries_update', { id: added.data.id, amounts: addGroceryAmounts(added.data.amounts, more) });
    if (item.checked) await call('groceries_update', { id: added.data.id, checked: true });
  };
}

export async function removeGrocery(store: Api, item: GroceryItem): Promise<void> {
  const ok = await store
    .getState()
    .mutate('groceries_remove', { id: item.id }, (s) => ({ ...s, groceries: s.groceries.filter((x) => x.id !== item.id) }));
  if (ok) store.getState().offerUndo(t('undo.deleted', { title: item.name }), () => restore(store, 'groceries', regrocery(item)));
}

export async function checkGrocery(store: Api, item: GroceryItem, checked: boolean): Promise<void> {
  const ok = await store.getState().mutate('groceries_update', { id: item.id, checked }, (s) => ({
    ...s,
    groceries: s.groceries.map((x) => (x.id === item.id ? { ...x, checked } : x)),
  }));
  if (ok && checked)
    store
      .getState()
      .offerUndo(t('undo.checked', { title: item.name }), () =>
        restore(store, 'groceries', () => call('groceries_update', { id: item.id, checked: false })),
      );
}

/** "Erledigte entfernen": every ticked item goes, and comes back together on Undo. */
export async function removeCheckedGroceries(store: Api, items: readonly GroceryItem[]): Promise<void> {
  const gone = items.filter((g) => g.checked);
  if (gone.length === 0) return;
  const ids = new Set(gone.map((g) => g.id));
  showOptimistic(store, (s) => ({ ...s, groceries: s.groceries.filter((g) => !ids.has(g.id)) }));
  const removed: GroceryItem[] = [];
  try {
    for (const g of gone) {
      await call('groceries_remove', { id: g.id });
      removed.push(g);
    }
  } catch (e) {
    store.getState().notify('error', messageOf(e));
  }
  await store.getState().loadHomeParts(['groceries']);
  if (removed.length) {
    store.getState().offerUndo(t('undo.removedChecked', { count: removed.length }), () =>
      restore(store, 'groceries', async () => {
        for (const g of removed) await regrocery(g)();
      }),
    );
  }
}

function showOptimistic(store: Api, change: (s: HomeState) => HomeState): void {
  const home = store.getState().home;
  if (home.status === 'ready') store.setState({ home: { status: 'ready', data: change(home.data) } });
}

/** kanban_create arguments for a deleted card: its title, column, task and person. */
export function cardRecreateArgs(card: KanbanCard): HomeToolArgs['kanban_create'] {
  return {
    title: card.title,
    column: card.column,
    ...(card.task_id ? { task_id: card.task_id } : {}),
    assignee: card.assignee ?? 'everyone',
  };
}

export async function deleteCard(store: Api, card: KanbanCard): Promise<void> {
  const ok = await store
    .getState()
    .mutate('kanban_delete', { id: card.id }, (s) => ({ ...s, kanban: s.kanban.filter((c) => c.id !== card.id) }));
  if (!ok) return;
  store.getState().offerUndo(t('undo.deleted', { title: card.title }), () =>
    restore(store, 'kanban', async () => {
      const base = cardRecreateArgs(card);
      const again = await call('kanban_create', base).catch(() => undefined);
      // The task may be gone too: the card comes back on its own.
      const { task_id: _task, ...alone } = base;
      const created = (again ?? (await call('kanban_create', alone))).data;
      // kanban_create puts a card at the end of its column; it goes back to where it was.
      if (created && created.order !== card.order) await call('kanban_move', { id: created.id, column: card.column, order: card.order });
    }),
  );
}

export async function deleteMeal(store: Api, meal: MealPlanEntry): Promise<void> {
  const ok = await store
    .getState()
    .mutate('mealplan_delete', { id: meal.id }, (s) => ({ ...s, meals: s.meals.filter((x) => x.id !== meal.id) }));
  if (!ok) return;
  store.getState().offerUndo(t('undo.deleted', { title: meal.title }), () =>
    restore(store, 'mealplan', () =>
      call('mealplan_create', {
        when: { kind: 'absolute', date: meal.date },
        meal: meal.meal,
        title: meal.title,
        servings: meal.servings,
        ...(meal.recipe_id ? { recipe_id: meal.recipe_id } : {}),
      }),
    ),
  );
}
