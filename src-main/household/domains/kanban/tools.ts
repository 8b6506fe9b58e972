import { KANBAN_COLUMN_WORDS, type KanbanColumn } from '../../../../src-shared';
import type { CardRecord } from '../../store';
import { newId } from '../../store';
import { columnForStatus, compactColumn, endOfColumn } from '../../automations/task-kanban';
import type { HomeEnv } from '../../env';
import { HomeError, notFound } from '../../errors';
import { presentCard } from './present';
import { namedList, q, read, type Handler } from '../handler';
import { assigneeFilter, assigneeOf, forWhom } from '../assignee';

function getCard(env: HomeEnv, id: string): CardRecord {
  const c = env.store.kanban.get(id);
  if (!c) throw notFound(id);
  return c;
}

/** Puts `card` at `order` in `column` (clamped), shifting the others down. */
function place(env: HomeEnv, card: CardRecord, column: KanbanColumn, order: number | undefined): CardRecord {
  const others = env.store.kanban.inColumn(column).filter((c) => c.id !== card.id);
  const at = Math.min(order ?? others.length, others.length);
  others.splice(at, 0, card);
  others.forEach((c, i) => {
    if (c.id !== card.id && c.position !== i) env.store.kanban.setPosition(c.id, i);
  });
  return { ...card, column, position: at };
}

export const kanbanList: Handler<'kanban_list'> = (args, env) => {
  const assignee = assigneeFilter(env, args.assignee);
  const cards = env.store.kanban
    .all()
    .filter((c) => (args.column === undefined || c.column === args.column) && (assignee === undefined || c.assignee === assignee));
  const message =
    cards.length === 0
      ? 'Keine Kanban-Karten.'
      : `${cards.length === 1 ? '1 Karte' : `${cards.length} Karten`}: ${namedList(cards, (c) => `${q(c.title)} (${KANBAN_COLUMN_WORDS.de[c.column]})`)}.`;
  return read({ cards: cards.map((c) => presentCard(c, env.timezone)) }, message);
};

export const kanbanCreate: Handler<'kanban_create'> = (args, env) => {
  let column: KanbanColumn = args.column ?? 'TODO';
  let assignee = assigneeOf(env, args.assignee);
  if (args.task_id !== undefined) {
    const task = env.store.tasks.get(args.task_id);
    if (!task) throw notFound(args.task_id, '/task_id');
    if (env.store.kanban.forTask(task.id))
      throw new HomeError('CONFLICT', `Die Aufgabe ${q(task.title)} hat schon eine Karte.`, '/task_id');
    column = args.column ?? columnForStatus(task.status);
    if (assignee === undefined) assignee = task.assignee ?? null;
  }
  const card: CardRecord = {
    id: newId('card'),
    title: args.title.trim(),
    column,
    position: endOfColumn(env, column),
    taskId: args.task_id ?? null,
    // Placing a task's card elsewhere than its status says is a decision by hand.
    manualOverride: false,
    createdMs: env.now.getTime(),
    updatedMs: env.now.getTime(),
    assignee: assignee ?? null,
  };
  if (args.task_id !== undefined && args.column !== undefined) {
    const task = env.store.tasks.get(args.task_id)!;
    card.manualOverride = args.column !== columnForStatus(task.status);
  }
  env.store.kanban.insert(card);
  return {
    data: presentCard(card, env.timezone),
    message: `Karte ${q(card.title)}${forWhom(env, card.assignee)} in „${KANBAN_COLUMN_WORDS.de[card.column]}“ angelegt.`,
    domains: ['kanban'],
  };
};

/**
 * A move by a person (UI, assistant on request, CLI) sets the manual override of a task's
 * card, so status changes stop moving it; moving it back to the column its task's status
 * calls for clears the override. The periodic organiser (actor "automation") must not move
 * an overridden card.
 */
export const kanbanMove: Handler<'kanban_move'> = (args, env) => {
  const before = getCard(env, args.id);
  const task = before.taskId === null ? undefined : env.store.tasks.get(before.taskId);
  if (env.actor === 'automation' && before.manualOverride) {
    throw new HomeError('MANUAL_OVERRIDE', `Die Karte ${q(before.title)} wurde von Hand verschoben und bleibt, wo sie ist.`, '/id');
  }
  const manualOverride =
    env.actor === 'automation' ? before.manualOverride : task !== undefined && args.column !== columnForStatus(task.status);
  const assignee = args.assignee === undefined ? (before.assignee ?? null) : (assigneeOf(env, args.assignee) ?? null);
  // Only a new assignee: the card keeps its place.
  const stays = args.column === before.column && args.order === undefined && args.assignee !== undefined;
  const placed = stays ? before : place(env, before, args.column, args.order);
  const card: CardRecord = { ...placed, manualOverride, assignee, updatedMs: env.now.getTime() };
  env.store.kanban.update(card);
  if (before.column !== card.column) compactColumn(env, before.column);
  const message = stays
    ? `Karte ${q(card.title)} ist jetzt${forWhom(env, card.assignee) || ' für alle'}.`
    : `Karte ${q(card.title)} nach „${KANBAN_COLUMN_WORDS.de[card.column]}“ verschoben.`;
  return { data: presentCard(card, env.timezone), message, domains: ['kanban'] };
};

export const kanbanDelete: Handler<'kanban_delete'> = (args, env) => {
  const card = getCard(env, args.id);
  env.store.kanban.delete(card.id);
  compactColumn(env, card.column);
  return { data: presentCard(card, env.timezone), message: `Karte ${q(card.title)} gelöscht.`, domains: ['kanban'] };
};
