// What the app's offline outbox relies on: a create sent twice with one client_id makes
// one entry, and blank titles are refused before anything is written.
import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';

const MONDAY = '2026-11-30T09:00:00Z';

describe('creates with a client_id', () => {
  it('a task created twice with the same key exists once and both answers name it', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const first = await h.call('tasks_create', { title: 'Fenster putzen', client_id: 'outbox-12345678' });
    const again = await h.call('tasks_create', { title: 'Fenster putzen', client_id: 'outbox-12345678' });
    expect(first.success && again.success).toBe(true);
    expect(again.data!.id).toBe(first.data!.id);
    expect(again.mutated).toBe(false);
    const tasks = (await h.call('tasks_list', { status: 'all' })).data!.tasks;
    expect(tasks.map((t) => t.title)).toEqual(['Fenster putzen']);
  });

  it('a grocery sent twice is not topped up twice', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    await h.call('groceries_add', { name: 'Milch', quantity: 1, unit: 'l', client_id: 'outbox-aaaaaaaa' });
    await h.call('groceries_add', { name: 'Milch', quantity: 1, unit: 'l', client_id: 'outbox-aaaaaaaa' });
    const items = (await h.call('groceries_list', {})).data!.items;
    expect(items).toMatchObject([{ name: 'Milch', quantity: 1, unit: 'l' }]);
  });

  it('different keys are different creates', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    await h.call('kanban_create', { title: 'Keller', client_id: 'outbox-bbbbbbbb' });
    await h.call('kanban_create', { title: 'Keller', client_id: 'outbox-cccccccc' });
    expect((await h.call('kanban_list', {})).data!.cards.filter((c) => c.title === 'Keller')).toHaveLength(2);
  });

  it('a key reused for another tool is refused at /client_id', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    await h.call('tasks_create', { title: 'A', client_id: 'outbox-dddddddd' });
    const clash = await h.call('kanban_create', { title: 'B', client_id: 'outbox-dddddddd' });
    expect(clash).toMatchObject({ success: false, error: { code: 'CONFLICT', path: '/client_id' } });
  });
});

describe('blank titles', () => {
  it('a title of only spaces is refused at /title and nothing is written', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const refused = await h.call('tasks_create', { title: '   ' });
    expect(refused).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENTS', path: '/title' } });
    expect((await h.call('tasks_list', { status: 'all' })).data!.tasks).toEqual([]);
  });
});

describe('the same item merges', () => {
  it('"Eier" after "3 Ei" tops up the open item; case and plural do not matter', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    await h.call('groceries_add', { name: 'Ei', quantity: 3 });
    await h.call('groceries_add', { name: 'eier', quantity: 6 });
    await h.call('groceries_add', { name: 'Tomaten', quantity: 2 });
    await h.call('groceries_add', { name: 'tomate', quantity: 1 });
    await h.call('groceries_add', { name: 'eggs', quantity: 2 });
    await h.call('groceries_add', { name: 'Egg', quantity: 1 });
    const items = (await h.call('groceries_list', {})).data!.items;
    expect(items.map((g) => [g.name, g.quantity])).toEqual([
      ['Ei', 9],
      ['Tomaten', 3],
      ['eggs', 3],
    ]);
  });
});
