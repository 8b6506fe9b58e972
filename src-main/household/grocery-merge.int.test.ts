import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroceryItem, HomeState } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Milch stays one line on the real master, whichever way it is added: the screen's route, the
// tool, the sentence to the assistant.

let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

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

  it('the tool and the sentence merge the same way; another unit stays its own line', async () => {
    const tool = await t.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch', quantity: 1 } } });
    expect(tool.status, tool.text).toBe(200);
    expect(tool.json.data).toMatchObject({ quantity: 6, merged: true });
    const said = await t.request('/api/agent/chat', { json: { message: 'Füge 2 Milch zur Einkaufsliste hinzu' } });
    expect(said.status, said.text).toBe(200);
    expect(said.json.reply).toBe('„Milch“ stand schon auf der Einkaufsliste – zusammengeführt: 8 Milch.');
    await t.request('/api/groceries', { json: { name: 'Milch', quantity: 1, unit: 'l' } });
    expect((await open()).map((g) => [g.name, g.quantity, g.unit])).toEqual([
      ['Milch', 8, null],
      ['Milch', 1, 'l'],
    ]);
  });
});
