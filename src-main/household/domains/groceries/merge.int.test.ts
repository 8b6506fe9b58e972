import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroceryAmount, GroceryItem, HomeState } from '../../../../src-shared';
import { startTestMaster, type TestMaster } from '../../../testing/test-master';

// Milch stays one line on the real master, whichever way it is added: the screen's route, the
// tool, the sentence to the assistant, the meal-plan sync; in another unit it is a second amount.

let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const amount = (quantity: number | null, unit: string | null = null): GroceryAmount => ({ quantity, unit });
const open = async (): Promise<GroceryItem[]> => ((await t.request('/api/state')).json as HomeState).groceries.filter((g) => !g.checked);

describe('adding what is already on the shopping list', () => {
  it('the route merges case and spacing variants into one line and says so; the amounts add up', async () => {
    const first = await t.request('/api/groceries', { json: { name: 'Milch' } });
    expect(first.status, first.text).toBe(201);
    expect(first.json.data.merged).toBeUndefined();
    const second = await t.request('/api/groceries', { json: { name: '  milch ', quantity: 2 } });
    expect(second.status, second.text).toBe(201);
    expect(second.json.data).toMatchObject({ id: first.json.data.id, name: 'Milch', quantity: 2, merged: true });
    expect(second.json.message).toBe('„Milch“ stand schon auf der Einkaufsliste – zusammengeführt: 2 Milch.');
    const third = await t.request('/api/groceries', { json: { name: 'MILCH', quantity: 3 } });
    expect(third.json.data).toMatchObject({ id: first.json.data.id, quantity: 5, merged: true });
    expect((await open()).map((g) => [g.name, g.quantity])).toEqual([['Milch', 5]]);
  });

  it('the tool and the sentence merge the same way; another unit joins the line as a second amount', async () => {
    const tool = await t.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch', quantity: 1 } } });
    expect(tool.status, tool.text).toBe(200);
    expect(tool.json.data).toMatchObject({ quantity: 6, merged: true });
    const said = await t.request('/api/agent/chat', { json: { message: 'Füge 2 Milch zur Einkaufsliste hinzu' } });
    expect(said.status, said.text).toBe(200);
    expect(said.json.reply).toBe('„Milch“ stand schon auf der Einkaufsliste – zusammengeführt: 8 Milch.');
    const litre = await t.request('/api/groceries', { json: { name: 'Milch', quantity: 1, unit: 'l' } });
    expect(litre.json.data).toMatchObject({ merged: true, amounts: [amount(8), amount(1, 'l')], quantity: 8, unit: null });
    expect(litre.json.message).toBe('„Milch“ stand schon auf der Einkaufsliste – zusammengeführt: Milch (8 + 1 l).');
    const ml = await t.request('/api/tools/groceries_add', { json: { arguments: { name: 'milch', quantity: 500, unit: 'ml' } } });
    expect(ml.json.data).toMatchObject({ merged: true, amounts: [amount(8), amount(1.5, 'l')] });
    expect((await open()).map((g) => [g.name, g.amounts])).toEqual([['Milch', [amount(8), amount(1.5, 'l')]]]);
  });

  it('the meal-plan sync adds its amounts to the open line instead of a second "Milch", and takes them back', async () => {
    await t.request('/api/tools/groceries_add', { json: { arguments: { name: 'Mehl', quantity: 1, unit: 'kg' } } });
    const recipe = await t.request('/api/tools/recipes_create', {
      json: {
        arguments: {
          title: 'Pfannkuchen',
          servings: 2,
          ingredients: [
            { name: 'Milch', quantity: 500, unit: 'ml' },
            { name: 'Mehl', quantity: 250, unit: 'g' },
            { name: 'Eier', quantity: 3, unit: null },
          ],
        },
      },
    });
    expect(recipe.status, recipe.text).toBe(200);
    const meal = await t.request('/api/mealplan', {
      json: { recipe_id: recipe.json.data.id, meal: 'dinner', when: { kind: 'relative', offset_days: 1 } },
    });
    expect(meal.status, meal.text).toBe(201);
    const synced = await t.request('/api/tools/groceries_sync_mealplan', { json: { arguments: {} } });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.json.message).toBe('Einkaufsliste aus dem Essensplan: Milch (8 + 2 l), 1,25 kg Mehl, 3 Eier.');
    const lines = (await open()).map((g) => [g.name, g.amounts, g.source]);
    expect(lines).toEqual([
      ['Milch', [amount(8), amount(2, 'l')], 'manual'],
      ['Mehl', [amount(1.25, 'kg')], 'manual'],
      ['Eier', [amount(3)], 'mealplan'],
    ]);
    // Ticking the line off ticks every amount; the meal going takes the plan's part back.
    const milk = (await open()).find((g) => g.name === 'Milch')!;
    const ticked = await t.request(`/api/groceries/${milk.id}`, { method: 'PATCH', json: { checked: true } });
    expect(ticked.status, ticked.text).toBe(200);
    expect((await open()).map((g) => g.name)).toEqual(['Mehl', 'Eier']);
    await t.request(`/api/groceries/${milk.id}`, { method: 'PATCH', json: { checked: false } });
    const gone = await t.request(`/api/mealplan/${meal.json.data.id}`, { method: 'DELETE' });
    expect(gone.status, gone.text).toBe(200);
    expect((await open()).map((g) => [g.name, g.amounts, g.source])).toEqual([
      ['Milch', [amount(8), amount(1.5, 'l')], 'manual'],
      ['Mehl', [amount(1, 'kg')], 'manual'],
    ]);
  });

  it('an edit shows and sets every amount of the line', async () => {
    const milk = (await open()).find((g) => g.name === 'Milch')!;
    const edited = await t.request('/api/tools/groceries_update', {
      json: { arguments: { id: milk.id, amounts: [amount(2, 'Liter'), amount(1, 'Packung'), amount(500, 'ml')] } },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data).toMatchObject({ amounts: [amount(2.5, 'l'), amount(1, 'Packung')], quantity: 2.5, unit: 'l' });
    expect(edited.json.message).toBe('Einkaufseintrag geändert: Milch (2,5 l + 1 Packung).');
  });
});
