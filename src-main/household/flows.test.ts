// The spec's recommended test flows,
// as the tool calls the assistant makes for them.
import { describe, expect, it } from 'vitest';
import { createHouseholdFixture } from '../testing/household';

// Monday, 30 November 2026, 10:00 in Berlin.
const MONDAY = '2026-11-30T09:00:00Z';

describe('recommended flows', () => {
  it('"Trage morgen Zahnarzt um 15:30 Uhr ein" and "Welche Termine habe ich morgen?"', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('calendar_create', { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } });
    expect(created.success).toBe(true);
    expect(created.mutated).toBe(true);
    expect(created.data).toMatchObject({
      title: 'Zahnarzt',
      start: '2026-12-01T15:30:00+01:00',
      end: '2026-12-01T16:30:00+01:00',
      all_day: false,
    });
    expect(created.data!.id).toMatch(/^evt_/);
    expect(created.message).toBe('Termin „Zahnarzt“ am Dienstag, 1. Dezember 2026 um 15:30 Uhr eingetragen. Erinnerung um 15:00 Uhr.');

    const listed = await h.call('calendar_list', { from: { kind: 'relative', offset_days: 1 }, days: 1 });
    expect(listed.data!.events.map((e) => e.id)).toEqual([created.data!.id]);
    expect(listed.mutated).toBe(false);
    expect(listed.message).toContain('„Zahnarzt“');

    const reminders = await h.call('reminders_list', {});
    expect(reminders.data!.reminders).toMatchObject([
      { text: 'Zahnarzt', at: '2026-12-01T15:00:00+01:00', source: 'event', event_id: created.data!.id },
    ]);
  });

  it('"Sonntag wären Pommes Currywurst toll, zu Mittag" and "Was gibt es Sonntag zu Mittag?"', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const created = await h.call('mealplan_create', {
      title: 'Pommes Currywurst',
      when: { kind: 'weekday', weekday: 'sunday' },
      meal: 'lunch',
    });
    expect(created.data).toMatchObject({ date: '2026-12-06', meal: 'lunch', title: 'Pommes Currywurst', recipe_id: null });
    expect(created.message).toBe(
      '„Pommes Currywurst“ am Sonntag, 6. Dezember 2026 zum Mittagessen geplant. Ohne Rezept: keine Zutaten auf der Einkaufsliste.',
    );
    const listed = await h.call('mealplan_list', { from: { kind: 'weekday', weekday: 'sunday' }, days: 1, meal: 'lunch' });
    expect(listed.data!.meals.map((m) => m.title)).toEqual(['Pommes Currywurst']);
    expect((await h.call('groceries_list', {})).data!.items).toEqual([]);
  });

  it('"Plane Montag Nudeln mit Tomatensauce für vier Personen", then "Verschiebe das auf Freitag"', async () => {
    const h = createHouseholdFixture({ now: '2026-12-02T09:00:00Z' }); // a Wednesday
    const recipe = await h.call('recipes_create', {
      title: 'Nudeln mit Tomatensauce',
      servings: 2,
      ingredients: [
        { name: 'Nudeln', quantity: 250, unit: 'g' },
        { name: 'Tomaten', quantity: 400, unit: 'Gramm' },
        { name: 'Salz', quantity: null, unit: null },
      ],
      steps: ['Kochen'],
    });
    const search = await h.call('recipes_search', { query: 'Nudeln Tomatensauce' });
    expect(search.data!.recipes.map((r) => r.id)).toEqual([recipe.data!.id]);

    const planned = await h.call('mealplan_create', {
      recipe_id: recipe.data!.id,
      title: 'Nudeln mit Tomatensauce',
      when: { kind: 'weekday', weekday: 'monday' },
      meal: 'dinner',
      servings: 4,
    });
    expect(planned.data).toMatchObject({ date: '2026-12-07', servings: 4, recipe_id: recipe.data!.id });
    const groceries = (await h.call('groceries_list', {})).data!.items;
    expect(groceries.map((g) => [g.name, g.quantity, g.unit, g.source])).toEqual([
      ['Nudeln', 500, 'g', 'mealplan'],
      ['Tomaten', 800, 'g', 'mealplan'],
      ['Salz', null, null, 'mealplan'],
    ]);
    expect(groceries.every((g) => g.meal_ids.includes(planned.data!.id))).toBe(true);

    const moved = await h.call('mealplan_update', { id: planned.data!.id, when: { kind: 'weekday', weekday: 'friday' } });
    expect(moved.data).toMatchObject({ id: planned.data!.id, date: '2026-12-04', meal: 'dinner', servings: 4 });
    expect(moved.message).toMatch(/^Verschoben: „Nudeln mit Tomatensauce“ am Freitag, 4\. Dezember 2026 zum Abendessen\./);
    const after = (await h.call('groceries_list', {})).data!.items;
    expect(after.map((g) => [g.name, g.quantity])).toEqual([
      ['Nudeln', 500],
      ['Tomaten', 800],
      ['Salz', null],
    ]);
  });

  it('"Füge zwei Liter Milch zur Einkaufsliste hinzu" and "Was steht auf der Einkaufsliste?"', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const added = await h.call('groceries_add', { name: 'Milch', quantity: 2, unit: 'Liter' });
    expect(added.data).toMatchObject({ name: 'Milch', quantity: 2, unit: 'l', source: 'manual', checked: false });
    expect(added.message).toBe('2 l Milch auf die Einkaufsliste gesetzt.');
    const listed = await h.call('groceries_list', {});
    expect(listed.message).toBe('Auf der Einkaufsliste: 2 l Milch.');
  });
});
