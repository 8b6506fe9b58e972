import { afterEach, describe, expect, it } from 'vitest';
import type { GroceryItem } from '../../src-shared';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// "Was muss ich dafür einkaufen?" (a test sentence of the specification) with the model: the
// scripted model speaks Ollama's /api/chat wire format
// (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion) and finds
// what "dafür" means only in the session reference the assistant gives it.

let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  tm = undefined;
  ollama = undefined;
});

const QUESTION = 'Was muss ich dafür einkaufen?';

function referenceOf(request: ChatRequestBody, kind: 'meal' | 'recipe'): string {
  const found = new RegExp(`kind=${kind} id=(${kind === 'meal' ? 'meal' : 'rec'}_[A-Za-z0-9_]+)`).exec(request.messages[0]!.content);
  if (!found) throw new Error(`no ${kind} reference in the system prompt`);
  return found[1]!;
}

async function groceries(t: TestMaster): Promise<[string, number | undefined, string | undefined][]> {
  const items = (await t.request('/api/groceries')).json.data.items as GroceryItem[];
  return items
    .map((i) => [i.name, i.quantity ?? undefined, i.unit ?? undefined] as [string, number | undefined, string | undefined])
    .sort();
}

async function modelMaster(): Promise<TestMaster> {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
  return tm;
}

describe('"Was muss ich dafür einkaufen?" with the model', () => {
  it('after a planned meal: the model syncs the shopping list from the meal plan, the ingredients of its recipe', async () => {
    const t = await modelMaster();
    const recipe = await t.request('/api/tools/recipes_create', {
      json: { arguments: { title: 'Gemüsecurry', servings: 2, ingredients: [{ name: 'Reis', quantity: 150, unit: 'g' }] } },
    });
    expect(recipe.json.success).toBe(true);
    ollama!.reply(
      {
        tool_calls: [
          {
            name: 'mealplan_create',
            arguments: { title: 'Gemüsecurry', when: { kind: 'relative', offset_days: 1 }, meal: 'dinner', servings: 2 },
          },
        ],
      },
      { content: 'Morgen gibt es Gemüsecurry.' },
    );
    expect((await t.request('/api/agent/chat', { json: { message: 'Morgen Abend Gemüsecurry' } })).json.source).toBe('model');

    let reference = '';
    ollama!.reply(
      (req) => {
        reference = referenceOf(req, 'meal');
        return { tool_calls: [{ name: 'groceries_sync_mealplan', arguments: {} }] };
      },
      { content: 'Auf der Einkaufsliste: 150 g Reis.' },
    );
    const res = await t.request('/api/agent/chat', { json: { message: QUESTION } });
    expect(res.json).toMatchObject({ source: 'model', tool_calls: [{ tool: 'groceries_sync_mealplan', result: { success: true } }] });
    expect(reference).toMatch(/^meal_/);
    expect(await groceries(t)).toEqual([['Reis', 150, 'g']]);
  });

  it('after a recipe: the model reads the recipe and puts its ingredients on the list', async () => {
    const t = await modelMaster();
    ollama!.reply(
      {
        tool_calls: [
          {
            name: 'recipes_create',
            arguments: {
              title: 'Pfannkuchen',
              servings: 4,
              ingredients: [
                { name: 'Mehl', quantity: 250, unit: 'g' },
                { name: 'Eier', quantity: 3 },
              ],
            },
          },
        ],
      },
      { content: 'Rezept gespeichert.' },
    );
    await t.request('/api/agent/chat', { json: { message: 'Speichere Pfannkuchen: 250 g Mehl, 3 Eier' } });

    ollama!.reply(
      (req) => ({ tool_calls: [{ name: 'recipes_get', arguments: { id: referenceOf(req, 'recipe') } }] }),
      (req) => {
        // The recipe as the tool returned it: its ingredients go on the list.
        const tool = [...req.messages].reverse().find((m) => m.role === 'tool')!;
        const ingredients = (JSON.parse(tool.content) as { data: { ingredients: Record<string, unknown>[] } }).data.ingredients;
        return {
          tool_calls: ingredients.map((i) => ({
            name: 'groceries_add',
            arguments: { name: i.name, quantity: i.quantity, ...(i.unit ? { unit: i.unit } : {}) },
          })),
        };
      },
      { content: 'Mehl und Eier stehen auf der Einkaufsliste.' },
    );
    const res = await t.request('/api/agent/chat', { json: { message: QUESTION } });
    expect(res.json.source).toBe('model');
    expect(res.json.tool_calls.map((c: { tool: string }) => c.tool)).toEqual(['recipes_get', 'groceries_add', 'groceries_add']);
    expect(await groceries(t)).toEqual([
      ['Eier', 3, undefined],
      ['Mehl', 250, 'g'],
    ]);
  });

  it('the same sentence as a local sentence (no model) after a planned meal', async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'true' });
    await tm.request('/api/tools/recipes_create', {
      json: { arguments: { title: 'Gemüsecurry', servings: 2, ingredients: [{ name: 'Reis', quantity: 150, unit: 'g' }] } },
    });
    ollama.reply(
      {
        tool_calls: [
          {
            name: 'mealplan_create',
            arguments: { title: 'Gemüsecurry', when: { kind: 'relative', offset_days: 1 }, meal: 'dinner', servings: 2 },
          },
        ],
      },
      { content: 'Morgen gibt es Gemüsecurry.' },
    );
    await tm.request('/api/agent/chat', { json: { message: 'Morgen Abend bitte das Gemüsecurry einplanen, ja?' } });
    const asked = ollama.chats().length;
    const res = await tm.request('/api/agent/chat', { json: { message: QUESTION } });
    expect(res.json).toMatchObject({
      source: 'local-intent',
      tool_calls: [{ tool: 'groceries_sync_mealplan', result: { success: true } }],
    });
    expect(ollama.chats()).toHaveLength(asked);
    expect(await groceries(tm)).toEqual([['Reis', 150, 'g']]);
  });
});
