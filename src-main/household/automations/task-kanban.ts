// Task -> linked kanban card: a new task gets a
// card, its status decides the column (done -> DONE), a deleted task takes its card
// along. A card the user moved by hand (manual_override) keeps its column.
import type { KanbanColumn, TaskStatus } from '../../../src-shared';
import type { CardRecord, TaskRecord } from '../store';
import { newId } from '../store';
import type { HomeEnv } from '../env';

export function columnForStatus(status: TaskStatus): KanbanColumn {
  return status === 'done' ? 'DONE' : status === 'in_progress' ? 'DOING' : 'TODO';
}

/** Next free position at the end of a column. */
export function endOfColumn(env: HomeEnv, column: KanbanColumn): number {
  return env.store.kanban.count(column);
}

/** Renumbers a column densely (0, 1, 2, …) in its current order. */
export function compactColumn(env: HomeEnv, column: KanbanColumn): void {
  env.store.kanban.inColumn(column).forEach((c, i) => {
    if (c.position !== i) env.store.kanban.setPosition(c.id, i);
  });
}

export function cardForNewTask(env: HomeEnv, task: TaskRecord): CardRecord {
  const column = columnForStatus(task.status);
  const card: CardRecord = {
    id: newId('card'),
    title: task.title,
    column,
    position: endOfColumn(env, column),
    taskId: task.id,
    manualOverride: false,
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
    assignee: task.assignee ?? null,
  };
  env.store.kanban.insert(card);
  return card;
}

/** After a task changed: title and assignee always follow; the column only without a manual override. */
export function followTaskChange(env: HomeEnv, task: TaskRecord): boolean {
  const card = env.store.kanban.forTask(task.id);
  if (!card) return false;
  const column = card.manualOverride ? card.column : columnForStatus(task.status);
  const assignee = task.assignee ?? null;
  if (card.title === task.title && card.column === column && (card.assignee ?? null) === assignee) return false;
  const moved = column !== card.column;
  env.store.kanban.update({
    ...card,
    title: task.title,
    column,
    assignee,
    position: moved ? endOfColumn(env, column) : card.position,
    updatedMs: env.now.getTime(),
  });
  if (moved) compactColumn(env, card.column);
  return true;
}

/** Before a task is deleted: its card goes too. */
export function dropTaskCard(env: HomeEnv, taskId: string): boolean {
  const card = env.store.kanban.forTask(taskId);
  if (!card) return false;
  env.store.kanban.delete(card.id);
  compactColumn(env, card.column);
  return true;
}
