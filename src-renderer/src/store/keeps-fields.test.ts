// Snooze and Undo give back what the family set: the person above all. Each test names
// every field of the entity, so a new field fails here until snooze and undo carry it too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent, KanbanCard, Reminder, Task } from '../../../src-shared';
import { recreateArgs } from '../screens/calendar/event-draft';
import { json, fakeApi } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { deleteCard, deleteTask, dismissReminder } from './household-actions';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

const ok = (data: object) => json({ success: true, data, message: 'ok', mutated: true });
const TZ = 'Europe/Berlin';

const miasReminder: Reminder = {
  id: 'rem_mia',
  text: 'Geige üben',
  at: '2026-12-01T10:00:00+01:00',
  source: 'manual',
  event_id: null,
  fired_at: '2026-12-01T10:00:00+01:00',
  created_at: '2026-12-01T08:00:00+01:00',
  assignee: 'mem_mia',
};

function ready(patch: Partial<ReturnType<typeof homeFixture>> = {}): void {
  useStore.setState({ home: { status: 'ready', data: { ...homeFixture(), ...patch } } });
}

function toolCalls(api: { calls: { path: string; body: unknown }[] }, tool: string): unknown[] {
  return api.calls.filter((c) => c.path === `/api/tools/${tool}`).map((c) => (c.body as { arguments: unknown }).arguments);
}

describe('snooze keeps every field', () => {
  it('"In 1 Std." on Mia\'s reminder moves that same reminder; nothing is created that could lose her', async () => {
    expect(Object.keys(miasReminder).sort()).toEqual(['assignee', 'at', 'created_at', 'event_id', 'fired_at', 'id', 'source', 'text']);
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'POST /api/tools/reminders_snooze': () => ok({ ...miasReminder, at: '2026-12-01T11:30:00+01:00', fired_at: null }),
    });
    ready({ reminders: [miasReminder] });
    expect(await useStore.getState().snoozeReminder('rem_mia', 60)).toBe(true);
    // The tool moves the stored reminder: text, person, source, event and id stay by construction.
    expect(toolCalls(api, 'reminders_snooze')).toEqual([{ id: 'rem_mia', minutes: 60 }]);
    expect(toolCalls(api, 'reminders_create')).toEqual([]);
    expect(toolCalls(api, 'reminders_delete')).toEqual([]);
  });
});

describe('undo after a delete restores every field', () => {
  it('a reminder comes back with its text, time and person', async () => {
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'POST /api/tools/reminders_delete': () => ok(miasReminder),
      'POST /api/tools/reminders_create': () => ok(miasReminder),
    });
    ready({ reminders: [miasReminder] });
    await dismissReminder(useStore, miasReminder, TZ);
    await useStore.getState().runUndo();
    expect(toolCalls(api, 'reminders_create')).toEqual([
      { text: 'Geige üben', when: { kind: 'absolute', date: '2026-12-01', time: '10:00' }, assignee: 'mem_mia' },
    ]);
  });

  it("an everyone's reminder stays everyone's (not the asker's)", async () => {
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'POST /api/tools/reminders_delete': () => ok(miasReminder),
      'POST /api/tools/reminders_create': () => ok(miasReminder),
    });
    const everyone = { ...miasReminder, assignee: null };
    ready({ reminders: [everyone] });
    await dismissReminder(useStore, everyone, TZ);
    await useStore.getState().runUndo();
    expect(toolCalls(api, 'reminders_create')).toEqual([expect.objectContaining({ assignee: 'everyone' })]);
  });

  it('a task comes back with title, notes, due, priority, tags, status and person', async () => {
    const task: Task = {
      id: 'task_mia',
      title: 'Zimmer aufräumen',
      notes: 'auch unter dem Bett',
      due: '2026-12-05T17:00:00+01:00',
      priority: 'high',
      status: 'in_progress',
      tags: ['Kinder'],
      created_at: '2026-12-01T08:00:00+01:00',
      updated_at: '2026-12-01T08:00:00+01:00',
      assignee: 'mem_mia',
    };
    expect(Object.keys(task).sort()).toEqual(
      ['assignee', 'created_at', 'due', 'id', 'notes', 'priority', 'status', 'tags', 'title', 'updated_at'].sort(),
    );
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'POST /api/tools/tasks_delete': () => ok(task),
      'POST /api/tools/tasks_create': () => ok({ ...task, id: 'task_again', status: 'open' }),
      'POST /api/tools/tasks_update': () => ok({ ...task, id: 'task_again' }),
    });
    ready({ tasks: [task] });
    await deleteTask(useStore, task, TZ);
    await useStore.getState().runUndo();
    expect(toolCalls(api, 'tasks_create')).toEqual([
      {
        title: 'Zimmer aufräumen',
        notes: 'auch unter dem Bett',
        due: { kind: 'absolute', date: '2026-12-05', time: '17:00' },
        priority: 'high',
        tags: ['Kinder'],
        assignee: 'mem_mia',
      },
    ]);
    expect(toolCalls(api, 'tasks_update')).toEqual([{ id: 'task_again', status: 'in_progress' }]);
  });

  it('a kanban card comes back in its column, at its place, with its task and person', async () => {
    const card: KanbanCard = {
      id: 'card_mia',
      title: 'Referat',
      column: 'DOING',
      order: 0,
      task_id: 'task_1',
      manual_override: false,
      created_at: '2026-12-01T08:00:00+01:00',
      updated_at: '2026-12-01T08:00:00+01:00',
      assignee: 'mem_mia',
    };
    expect(Object.keys(card).sort()).toEqual(
      ['assignee', 'column', 'created_at', 'id', 'manual_override', 'order', 'task_id', 'title', 'updated_at'].sort(),
    );
    const api = fakeApi({
      'GET /api/state': () => json(homeFixture()),
      'POST /api/tools/kanban_delete': () => ok(card),
      'POST /api/tools/kanban_create': () => ok({ ...card, id: 'card_again', order: 3 }),
      'POST /api/tools/kanban_move': () => ok({ ...card, id: 'card_again' }),
    });
    ready({ kanban: [card] });
    await deleteCard(useStore, card);
    await useStore.getState().runUndo();
    expect(toolCalls(api, 'kanban_create')).toEqual([{ title: 'Referat', column: 'DOING', task_id: 'task_1', assignee: 'mem_mia' }]);
    expect(toolCalls(api, 'kanban_move')).toEqual([{ id: 'card_again', column: 'DOING', order: 0 }]);
  });

  it('an event comes back with its title, times, place, notes and people', () => {
    const event: CalendarEvent = {
      ...homeFixture().events[0]!,
      notes: 'Karte mitnehmen',
      assignee: 'mem_mia',
      assignees: ['mem_mia', 'mem_leon'],
    };
    expect(recreateArgs(event, TZ)).toEqual({
      title: 'Zahnarzt',
      when: { kind: 'absolute', date: '2026-12-01', time: '15:30' },
      duration_minutes: 60,
      location: 'Praxis Weber',
      notes: 'Karte mitnehmen',
      assignees: ['mem_mia', 'mem_leon'],
    });
  });
});
