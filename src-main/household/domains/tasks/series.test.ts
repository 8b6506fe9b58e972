// Repeating tasks, the household's chores: "jeden Samstag Zimmer aufräumen". Ticking one
// off keeps it as history and adds the next, with its person, priority and notes.
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../src-shared';
import { createHouseholdFixture } from '../../../testing/household';

// Monday, 30 November 2026, 10:00 in Berlin.
const MONDAY = '2026-11-30T09:00:00Z';

describe('repeating tasks', () => {
  it('"jeden Samstag Zimmer aufräumen": done, the next Saturday is due; the done one stays', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('tasks_create', {
      title: 'Zimmer aufräumen',
      due: { kind: 'weekday', weekday: 'saturday' },
      rrule: 'FREQ=WEEKLY;BYDAY=SA',
      priority: 'high',
      notes: 'auch unter dem Bett',
    });
    expect(created.success).toBe(true);
    expect(created.data).toMatchObject({ due: '2026-12-05T00:00:00+01:00', rrule: 'FREQ=WEEKLY;BYDAY=SA' });

    h.now = new Date('2026-12-05T11:00:00+01:00');
    const done = await h.call('tasks_update', { id: created.data!.id, status: 'done' });
    expect(done.message).toBe('Aufgabe „Zimmer aufräumen“ erledigt. Nächstes Mal: Samstag, 12. Dezember 2026.');
    const all = (await h.call('tasks_list', { status: 'all' })).data!.tasks as Task[];
    expect(all.map((t) => [t.status, t.due, t.series_id])).toEqual([
      ['open', '2026-12-12T00:00:00+01:00', created.data!.id],
      ['done', '2026-12-05T00:00:00+01:00', created.data!.id],
    ]);
    expect(all[0]).toMatchObject({
      title: 'Zimmer aufräumen',
      priority: 'high',
      notes: 'auch unter dem Bett',
      rrule: 'FREQ=WEEKLY;BYDAY=SA',
    });
    // The next one has its own card on the board.
    expect((await h.call('kanban_list', {})).data!.cards.map((c: { task_id: string | null }) => c.task_id)).toContain(all[0]!.id);
  });

  it('done weeks late, the next one is the first still to come', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('tasks_create', {
      title: 'Blumen gießen',
      due: { kind: 'absolute', date: '2026-11-30' },
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    h.now = new Date('2026-12-16T09:00:00+01:00');
    await h.call('tasks_update', { id: created.data!.id, status: 'done' });
    const open = (await h.call('tasks_list', {})).data!.tasks as Task[];
    expect(open.map((t) => t.due)).toEqual(['2026-12-21T00:00:00+01:00']);
  });

  it("keeps the person: Mia's chore comes back as Mia's", async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const mia = h.service.members.create({ name: 'Mia' });
    const created = await h.call('tasks_create', { title: 'Müll rausbringen', rrule: 'FREQ=WEEKLY;BYDAY=TU', assignee: 'Mia' });
    // Without a day, the series counts from today.
    expect(created.data).toMatchObject({ due: '2026-11-30T00:00:00+01:00', assignee: mia.id });
    await h.call('tasks_update', { id: created.data!.id, status: 'done' });
    const open = (await h.call('tasks_list', {})).data!.tasks as Task[];
    expect(open).toMatchObject([{ due: '2026-12-01T00:00:00+01:00', assignee: mia.id }]);
  });

  it('a rule that ends, or no rule any more, adds nothing', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const ending = await h.call('tasks_create', {
      title: 'Adventskalender füllen',
      due: { kind: 'absolute', date: '2026-11-30' },
      rrule: 'FREQ=DAILY;UNTIL=20261130',
    });
    await h.call('tasks_update', { id: ending.data!.id, status: 'done' });
    const stopped = await h.call('tasks_create', { title: 'Gießen', due: { kind: 'absolute', date: '2026-11-30' }, rrule: 'FREQ=DAILY' });
    await h.call('tasks_update', { id: stopped.data!.id, rrule: null });
    await h.call('tasks_update', { id: stopped.data!.id, status: 'done' });
    expect((await h.call('tasks_list', {})).data!.tasks).toEqual([]);
  });

  it('a rule that cannot be a task is refused in words and nothing is saved', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const counted = await h.call('tasks_create', { title: 'Fenster putzen', rrule: 'FREQ=WEEKLY;COUNT=3' });
    expect(counted.success).toBe(false);
    expect(counted.error).toMatchObject({ code: 'INVALID_INPUT', path: '/rrule' });
    expect(counted.error!.message).toContain('ohne Ende oder bis zu einem Tag');
    const broken = await h.call('tasks_create', { title: 'Fenster putzen', rrule: 'FREQ=SOMETIMES' });
    expect(broken.success).toBe(false);
    expect((await h.call('tasks_list', { status: 'all' })).data!.tasks).toEqual([]);
  });
});
