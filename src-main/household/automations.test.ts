// Every domain automation rule, at tool level.
import { describe, expect, it } from 'vitest';
import type { GroceryItem } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';

const MONDAY = '2026-11-30T09:00:00Z'; // 10:00 in Berlin
const rows = (items: readonly GroceryItem[]) => items.map((g) => [g.name, g.quantity, g.unit, g.source]);
const lines = (items: readonly GroceryItem[]) =>
  items.map((g) => [g.name, g.amounts.map((a) => `${a.quantity ?? ''} ${a.unit ?? ''}`.trim()), g.source]);

describe('event -> reminder', () => {
  it('creates a reminder 30 minutes before a timed event', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const e = (await h.call('calendar_create', { title: 'Arzt', when: { kind: 'relative', offset_days: 2, time: '08:15' } })).data!;
    const r = (await h.call('reminders_list', {})).data!.reminders;
    expect(r).toMatchObject([{ text: 'Arzt', at: '2026-12-02T07:45:00+01:00', event_id: e.id, source: 'event', fired_at: null }]);
  });

  it('computes "30 minutes before" across a DST switch', async () => {
    const h = createHouseholdFixture({ now: '2026-03-28T12:00:00Z' });
    await h.call('calendar_create', { title: 'Früh', when: { kind: 'absolute', date: '2026-03-29', time: '03:15' } });
    // 03:15 CEST is 01:15 UTC; 30 minutes earlier is 00:45 UTC = 01:45 CET.
    expect((await h.call('reminders_list', {})).data!.reminders[0]!.at).toBe('2026-03-29T01:45:00+01:00');
  });

  it('gives all-day and already started events no reminder', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const allDay = await h.call('calendar_create', { title: 'Urlaub', when: { kind: 'relative', offset_days: 3 } });
    expect(allDay.data).toMatchObject({ all_day: true, start: '2026-12-03T00:00:00+01:00', end: '2026-12-04T00:00:00+01:00' });
    await h.call('calendar_create', { title: 'Vorbei', when: { kind: 'relative', offset_days: 0, time: '08:00' } });
    expect((await h.call('reminders_list', {})).data!.reminders).toEqual([]);
  });

  it('moves the reminder with the event, follows the title, and fires again after a move', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const e = (await h.call('calendar_create', { title: 'Arzt', when: { kind: 'relative', offset_days: 0, time: '10:20' } })).data!;
    expect(h.service.fireDueReminders()).toHaveLength(1); // due at 09:50, now is 10:00
    const moved = await h.call('calendar_update', {
      id: e.id,
      title: 'Hausarzt',
      when: { kind: 'relative', offset_days: 1, time: '11:00' },
    });
    expect(moved.data).toMatchObject({ start: '2026-12-01T11:00:00+01:00', end: '2026-12-01T12:00:00+01:00' });
    expect(moved.message).toBe('Termin „Hausarzt“ verschoben, jetzt am Dienstag, 1. Dezember 2026 um 11:00 Uhr.');
    expect((await h.call('reminders_list', {})).data!.reminders).toMatchObject([
      { text: 'Hausarzt', at: '2026-12-01T10:30:00+01:00', fired_at: null },
    ]);
  });

  it('deletes the reminder with the event, and does not recreate one the user deleted', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const a = (await h.call('calendar_create', { title: 'A', when: { kind: 'relative', offset_days: 1, time: '12:00' } })).data!;
    const b = (await h.call('calendar_create', { title: 'B', when: { kind: 'relative', offset_days: 1, time: '14:00' } })).data!;
    const deleted = await h.call('calendar_delete', { id: a.id });
    expect(deleted.data!.id).toBe(a.id);
    const remaining = (await h.call('reminders_list', {})).data!.reminders;
    expect(remaining.map((r) => r.event_id)).toEqual([b.id]);
    await h.call('reminders_delete', { id: remaining[0]!.id });
    await h.call('calendar_update', { id: b.id, when: { kind: 'relative', offset_days: 2, time: '14:00' } });
    expect((await h.call('reminders_list', {})).data!.reminders).toEqual([]);
  });
});

describe('meal plan + recipe -> groceries', () => {
  async function withRecipes(now = MONDAY) {
    const h = createHouseholdFixture({ now });
    const pasta = (
      await h.call('recipes_create', {
        title: 'Nudeln mit Tomatensauce',
        servings: 2,
        ingredients: [
          { name: 'Nudeln', quantity: 250, unit: 'g' },
          { name: 'Tomaten', quantity: 1, unit: 'Dose' },
        ],
      })
    ).data!;
    const lasagne = (
      await h.call('recipes_create', {
        title: 'Lasagne',
        servings: 4,
        ingredients: [
          { name: 'nudeln', quantity: 500, unit: 'gramm' },
          { name: 'Tomaten', quantity: 400, unit: 'g' },
        ],
      })
    ).data!;
    return { h, pasta, lasagne };
  }

  it('scales by servings and aggregates by item across meals, one amount per unit', async () => {
    const { h, pasta, lasagne } = await withRecipes();
    const m1 = (
      await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner', servings: 3 })
    ).data!;
    const m2 = (
      await h.call('mealplan_create', { recipe_id: lasagne.id, when: { kind: 'relative', offset_days: 2 }, meal: 'lunch', servings: 2 })
    ).data!;
    expect(m1.title).toBe('Nudeln mit Tomatensauce');
    const items = (await h.call('groceries_list', {})).data!.items;
    expect(lines(items)).toEqual([
      ['Nudeln', ['625 g'], 'mealplan'], // 375 + 250
      ['Tomaten', ['1.5 Dose', '200 g'], 'mealplan'],
    ]);
    expect(items[0]!.meal_ids).toEqual([m1.id, m2.id]);
  });

  // The plan used to put its own "Nudeln" next to the family's; now it joins their line.
  it("joins the family's open line for the same item and leaves their amounts as they were", async () => {
    const { h, pasta } = await withRecipes();
    const manual = (await h.call('groceries_add', { name: 'Nudeln', quantity: 1, unit: 'kg' })).data!;
    const manualSame = (await h.call('groceries_add', { name: 'Nudeln', quantity: 100, unit: 'g' })).data!;
    expect(manualSame).toMatchObject({ id: manual.id, amounts: [{ quantity: 1.1, unit: 'kg' }], merged: true });
    const meal = (await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' }))
      .data!;
    const planned = (await h.call('groceries_list', {})).data!.items;
    expect(lines(planned)).toEqual([
      ['Nudeln', ['1.35 kg'], 'manual'], // 1,1 kg + 250 g
      ['Tomaten', ['1 Dose'], 'mealplan'],
    ]);
    expect(planned[0]).toMatchObject({ id: manual.id, meal_ids: [meal.id] });
    const synced = await h.call('groceries_sync_mealplan', {});
    expect(lines(synced.data!.items)).toEqual(lines(planned));
    await h.call('mealplan_delete', { id: meal.id });
    const { merged: _merged, ...family } = manualSame;
    expect((await h.call('groceries_list', {})).data!.items).toEqual([family]);
  });

  it("the family's line with the plan's amounts next to theirs is ticked off as a whole", async () => {
    const { h, pasta } = await withRecipes();
    const tomatoes = (await h.call('groceries_add', { name: 'Tomaten', quantity: 2 })).data!;
    await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' });
    const items = (await h.call('groceries_list', {})).data!.items;
    expect(lines(items)).toEqual([
      ['Tomaten', ['2', '1 Dose'], 'manual'],
      ['Nudeln', ['250 g'], 'mealplan'],
    ]);
    const ticked = await h.call('groceries_update', { id: tomatoes.id, checked: true });
    expect(ticked.data).toMatchObject({
      checked: true,
      amounts: [
        { quantity: 2, unit: null },
        { quantity: 1, unit: 'Dose' },
      ],
    });
    expect(ticked.message).toBe('Tomaten (2 + 1 Dose) abgehakt.');
  });

  it('follows servings changes, moves out of the 14-day window, and deletion', async () => {
    const { h, pasta } = await withRecipes();
    const meal = (await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' }))
      .data!;
    await h.call('mealplan_update', { id: meal.id, servings: 6 });
    expect(rows((await h.call('groceries_list', {})).data!.items)).toEqual([
      ['Nudeln', 750, 'g', 'mealplan'],
      ['Tomaten', 3, 'Dose', 'mealplan'],
    ]);
    await h.call('mealplan_update', { id: meal.id, when: { kind: 'relative', offset_days: 14 } });
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);
    await h.call('mealplan_update', { id: meal.id, when: { kind: 'relative', offset_days: 13 } });
    expect((await h.call('groceries_list', {})).data!.items).toHaveLength(2);
    const del = await h.call('mealplan_delete', { id: meal.id });
    expect(del.message).toContain('Die Einkaufsliste wurde angepasst.');
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);
  });

  it('unlinking the recipe removes its groceries', async () => {
    const { h, pasta } = await withRecipes();
    const meal = (await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' }))
      .data!;
    await h.call('mealplan_update', { id: meal.id, recipe_id: null });
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);
  });

  it('keeps a ticked derived item ticked until more is needed', async () => {
    const { h, pasta } = await withRecipes();
    const meal = (await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' }))
      .data!;
    const nudeln = (await h.call('groceries_list', {})).data!.items[0]!;
    const ticked = await h.call('groceries_update', { id: nudeln.id, checked: true });
    expect(ticked.data).toMatchObject({ checked: true, source: 'mealplan' });
    await h.call('mealplan_update', { id: meal.id, meal: 'lunch' });
    const find = async () => (await h.call('groceries_list', { include_checked: true })).data!.items.find((g) => g.id === nudeln.id);
    expect(await find()).toMatchObject({ checked: true, quantity: 250 });
    await h.call('mealplan_update', { id: meal.id, servings: 4 });
    expect(await find()).toMatchObject({ checked: false, quantity: 500 });
  });

  it("an edited derived item becomes the user's own", async () => {
    const { h, pasta } = await withRecipes();
    await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' });
    const nudeln = (await h.call('groceries_list', {})).data!.items[0]!;
    const edited = await h.call('groceries_update', { id: nudeln.id, quantity: 1, unit: 'kg' });
    expect(edited.data).toMatchObject({ source: 'manual', quantity: 1, unit: 'kg' });
  });

  it('recipe edits update the derived groceries', async () => {
    const { h, pasta } = await withRecipes();
    await h.call('mealplan_create', { recipe_id: pasta.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner', servings: 4 });
    const updated = await h.call('recipes_update', { id: pasta.id, ingredients: [{ name: 'Spaghetti', quantity: 200, unit: 'g' }] });
    expect(updated.message).toBe('Rezept „Nudeln mit Tomatensauce“ geändert. Die Einkaufsliste wurde angepasst.');
    expect(rows((await h.call('groceries_list', {})).data!.items)).toEqual([['Spaghetti', 400, 'g', 'mealplan']]);
    await h.call('recipes_update', { id: pasta.id, servings: 4 });
    expect(rows((await h.call('groceries_list', {})).data!.items)).toEqual([['Spaghetti', 200, 'g', 'mealplan']]);
  });

  it('links a free meal title to a recipe when the match is unambiguous', async () => {
    const { h, pasta } = await withRecipes();
    const meal = await h.call('mealplan_create', {
      title: 'Nudeln mit Tomatensauce für vier',
      when: { kind: 'relative', offset_days: 1 },
      meal: 'dinner',
      servings: 4,
    });
    expect(meal.data).toMatchObject({ recipe_id: pasta.id, title: 'Nudeln mit Tomatensauce für vier' });
    expect(rows((await h.call('groceries_list', {})).data!.items)).toEqual([
      ['Nudeln', 500, 'g', 'mealplan'],
      ['Tomaten', 2, 'Dose', 'mealplan'],
    ]);
  });

  it('leaves an ambiguous title free', async () => {
    const { h } = await withRecipes();
    await h.call('recipes_create', { title: 'Nudeln mit Pesto', servings: 2, ingredients: [] });
    const meal = await h.call('mealplan_create', { title: 'Nudeln', when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' });
    expect(meal.data!.recipe_id).toBeNull();
  });
});

describe('the daily window move', () => {
  it('adds the ingredients of a meal that comes into the 14-day window on a later day', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const recipe = (
      await h.call('recipes_create', { title: 'Risotto', servings: 2, ingredients: [{ name: 'Reis', quantity: 200, unit: 'g' }] })
    ).data!;
    await h.call('mealplan_create', { recipe_id: recipe.id, when: { kind: 'relative', offset_days: 16 }, meal: 'dinner' });
    expect(h.service.refreshDerivedGroceries()).toBe(false);
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);
    h.now = new Date('2026-12-02T23:30:00Z'); // 00:30 on 3 December in Berlin: day 16 is now day 13
    h.events.length = 0;
    expect(h.service.refreshDerivedGroceries()).toBe(true);
    expect(rows((await h.call('groceries_list', {})).data!.items)).toEqual([['Reis', 200, 'g', 'mealplan']]);
    expect(h.events).toEqual([{ type: 'state.changed', data: { domains: ['groceries'] } }]);
    expect(h.service.refreshDerivedGroceries()).toBe(false); // once a day
  });
});

describe('groceries_sync_mealplan', () => {
  it('looks 14 days ahead, aggregates, links free titles and reports meals without a recipe', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    // Planned before the recipe existed: free titles.
    const early = (
      await h.call('mealplan_create', { title: 'Gemüsecurry', when: { kind: 'relative', offset_days: 2 }, meal: 'dinner', servings: 4 })
    ).data!;
    const free = (
      await h.call('mealplan_create', { title: 'Pommes Currywurst', when: { kind: 'weekday', weekday: 'sunday' }, meal: 'lunch' })
    ).data!;
    await h.call('mealplan_create', { title: 'Gemüsecurry', when: { kind: 'relative', offset_days: 20 }, meal: 'dinner' });
    await h.call('recipes_create', { title: 'Gemüsecurry', servings: 2, ingredients: [{ name: 'Reis', quantity: 150, unit: 'g' }] });
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);

    const sync = await h.call('groceries_sync_mealplan', {});
    expect(sync.success).toBe(true);
    expect(sync.mutated).toBe(true);
    expect(sync.data).toMatchObject({ from: '2026-11-30', to: '2026-12-14' });
    expect(sync.data!.linked.map((m) => m.id)).toEqual([early.id]);
    expect(sync.data!.meals_without_recipe.map((m) => m.id)).toEqual([free.id]);
    expect(rows(sync.data!.items)).toEqual([['Reis', 300, 'g', 'mealplan']]);
    expect(sync.message).toBe(
      'Einkaufsliste aus dem Essensplan: 300 g Reis. Mit Rezept verknüpft: „Gemüsecurry“. Ohne Rezept (keine Zutaten): „Pommes Currywurst“ (Sonntag, 6. Dezember 2026, Mittagessen).',
    );
    const again = await h.call('groceries_sync_mealplan', {});
    expect(again.mutated).toBe(false);

    const wide = await h.call('groceries_sync_mealplan', { days: 21 });
    expect(rows(wide.data!.items)).toEqual([['Reis', 450, 'g', 'mealplan']]);
  });
});

describe('task -> kanban', () => {
  it('creates a linked card and follows status: in_progress -> DOING, done -> DONE', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const task = (await h.call('tasks_create', { title: 'Keller aufräumen' })).data!;
    const card = () => h.call('kanban_list', {}).then((r) => r.data!.cards[0]);
    expect(await card()).toMatchObject({ task_id: task.id, column: 'TODO', title: 'Keller aufräumen', manual_override: false });
    await h.call('tasks_update', { id: task.id, status: 'in_progress', title: 'Keller ausmisten' });
    expect(await card()).toMatchObject({ column: 'DOING', title: 'Keller ausmisten' });
    const done = await h.call('tasks_update', { id: task.id, status: 'done' });
    expect(done.message).toBe('Aufgabe „Keller ausmisten“ erledigt.');
    expect(await card()).toMatchObject({ column: 'DONE' });
  });

  it('removes the card when the task is deleted', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const a = (await h.call('tasks_create', { title: 'A' })).data!;
    const b = (await h.call('tasks_create', { title: 'B' })).data!;
    await h.call('tasks_delete', { id: a.id });
    expect((await h.call('kanban_list', {})).data!.cards).toMatchObject([{ task_id: b.id, order: 0 }]);
  });

  it('a card moved by hand keeps its column until it is moved back', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const task = (await h.call('tasks_create', { title: 'Steuer' })).data!;
    const cardId = (await h.call('kanban_list', {})).data!.cards[0]!.id;
    const moved = await h.call('kanban_move', { id: cardId, column: 'BACKLOG' });
    expect(moved.data).toMatchObject({ column: 'BACKLOG', manual_override: true });
    await h.call('tasks_update', { id: task.id, status: 'done' });
    expect((await h.call('kanban_list', {})).data!.cards[0]).toMatchObject({ column: 'BACKLOG', manual_override: true });
    // The organiser (actor "automation") may not move it either.
    const refused = await h.call('kanban_move', { id: cardId, column: 'DONE' }, 'automation');
    expect(refused).toMatchObject({ success: false, error: { code: 'MANUAL_OVERRIDE' } });
    // Moving it back where the status says clears the override.
    const back = await h.call('kanban_move', { id: cardId, column: 'DONE' });
    expect(back.data).toMatchObject({ column: 'DONE', manual_override: false });
    await h.call('tasks_update', { id: task.id, status: 'open' });
    expect((await h.call('kanban_list', {})).data!.cards[0]).toMatchObject({ column: 'TODO' });
  });

  it('keeps positions dense when cards move between columns', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) ids.push((await h.call('kanban_create', { title })).data!.id);
    await h.call('kanban_move', { id: ids[2]!, column: 'TODO', order: 0 });
    await h.call('kanban_move', { id: ids[0]!, column: 'DOING' });
    const cards = (await h.call('kanban_list', {})).data!.cards;
    expect(cards.map((c) => [c.title, c.column, c.order])).toEqual([
      ['C', 'TODO', 0],
      ['B', 'TODO', 1],
      ['A', 'DOING', 0],
    ]);
  });
});

describe('transactions', () => {
  it('a failing automation rolls the whole tool call back', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    h.db.exec("CREATE TRIGGER boom BEFORE INSERT ON household_reminders BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const before = h.snapshot();
    const res = await h.call('calendar_create', { title: 'Arzt', when: { kind: 'relative', offset_days: 1, time: '09:00' } });
    expect(res).toMatchObject({ success: false, mutated: false, error: { code: 'TOOL_FAILED' } });
    expect(h.snapshot()).toBe(before);
    expect(h.events).toEqual([]);
  });

  it('a rejected call publishes nothing and changes nothing', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const task = (await h.call('tasks_create', { title: 'X' })).data!;
    h.events.length = 0;
    const before = h.snapshot();
    expect((await h.raw('kanban_create', { title: 'dup', task_id: task.id })).error?.code).toBe('CONFLICT');
    expect((await h.raw('mealplan_create', { meal: 'lunch', when: { kind: 'relative', offset_days: 0 } })).error).toMatchObject({
      code: 'INVALID_INPUT',
      path: '/title',
    });
    expect((await h.raw('tasks_create', { title: '' })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await h.raw('tasks_create', { title: 'x', due: { kind: 'weekday', weekday: 'montag' } })).error?.code).toBe(
      'INVALID_ARGUMENTS',
    );
    expect((await h.raw('calendar_delete', { id: 'evt_' })).error?.path).toBe('/id');
    expect((await h.raw('calendar_delete', [])).error?.code).toBe('INVALID_ARGUMENTS');
    expect(h.snapshot()).toBe(before);
    expect(h.events).toEqual([]);
  });
});
