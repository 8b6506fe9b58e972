import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarEvent, GroceryItem, MealPlanEntry } from '../../src-shared';
import { loadConfig } from '../platform/config';
import { createHouseholdFixture } from '../testing/household';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { Tracer } from '../platform/trace';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { OllamaConnection } from './ollama-connection';

// The assistant against the real household tools (SQLite in memory, real schemas, real
// automations). Saturday 2026-08-29 10:20 in Berlin: Sunday is 08-30, Monday 08-31, Friday 09-04.

const servers: ScriptedOllama[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function setup(localIntents: boolean) {
  const server = await startScriptedOllama();
  servers.push(server);
  const home = createHouseholdFixture({ now: '2026-08-29T08:20:00Z' });
  const clock = () => home.now;
  const config = loadConfig({ OLLAMA_URL: server.url, JARVIS_LOCAL_INTENTS: String(localIntents) });
  const tracer = new Tracer({ enabled: true, limit: 5000, now: clock });
  const assistant = new Assistant({
    ...NO_COLLABORATORS,
    config,
    clock,
    registry: home.registry,
    tracer,
    ollama: new OllamaConnection(config, clock),
  });
  const recipe = await home.call('recipes_create', {
    title: 'Nudeln mit Tomatensauce',
    servings: 2,
    ingredients: [
      { name: 'Nudeln', quantity: 250, unit: 'g' },
      { name: 'Passierte Tomaten', quantity: 500, unit: 'g' },
    ],
    steps: ['Nudeln kochen', 'Sauce erhitzen'],
  });
  return { server, home, tracer, assistant, recipeId: recipe.data!.id, chat: (message: string) => assistant.chat({ message }) };
}

const state = async (home: ReturnType<typeof createHouseholdFixture>) => ({
  events: (await home.call('calendar_list', { days: 30 })).data!.events as readonly CalendarEvent[],
  meals: (await home.call('mealplan_list', { days: 30 })).data!.meals as readonly MealPlanEntry[],
  groceries: (await home.call('groceries_list', {})).data!.items as readonly GroceryItem[],
});

describe('the recommended test sentences of spec/001 against the real household', () => {
  it('runs the whole conversation, local intents first and the model where a sentence is fuzzy', async () => {
    const t = await setup(true);

    const dentist = await t.chat('Trage morgen Zahnarzt um 15:30 Uhr in den Kalender ein.');
    expect(dentist).toMatchObject({ source: 'local-intent', tool_calls: [{ tool: 'calendar_create', result: { success: true } }] });
    expect((await state(t.home)).events).toEqual([expect.objectContaining({ title: 'Zahnarzt', start: '2026-08-30T15:30:00+02:00' })]);

    const tomorrow = await t.chat('Welche Termine habe ich morgen?');
    expect(tomorrow.source).toBe('local-intent');
    expect(tomorrow.reply).toContain('15:30 Zahnarzt');

    t.server.reply(
      {
        tool_calls: [
          {
            name: 'mealplan_create',
            arguments: { title: 'Pommes Currywurst', when: { kind: 'weekday', weekday: 'sunday' }, meal: 'lunch' },
          },
        ],
      },
      { content: 'Lecker, ist eingetragen.' },
    );
    const pommes = await t.chat('Sonntag wären Pommes Currywurst toll, zu Mittag.');
    expect(pommes.source).toBe('model');
    expect(pommes.reply).toBe(pommes.tool_calls[0]!.result.message);

    const sunday = await t.chat('Was gibt es Sonntag zu Mittag?');
    expect(sunday.source).toBe('local-intent');
    expect(sunday.reply).toContain('Pommes Currywurst');

    const pasta = await t.chat('Plane Montag Nudeln mit Tomatensauce zum Abendessen für vier Personen.');
    expect(pasta.tool_calls.map((c) => c.tool)).toEqual(['recipes_search', 'mealplan_create']);
    expect(pasta.tool_calls[1]!.arguments).toMatchObject({ recipe_id: t.recipeId, servings: 4, meal: 'dinner' });
    let s = await state(t.home);
    expect(s.meals.find((m) => m.title === 'Nudeln mit Tomatensauce')).toMatchObject({
      date: '2026-08-31',
      servings: 4,
      recipe_id: t.recipeId,
    });
    // Home automation: the recipe's ingredients, scaled to four, are on the list.
    expect(s.groceries.find((g) => g.name === 'Nudeln')).toMatchObject({ quantity: 500, unit: 'g' });

    const moved = await t.chat('Verschiebe das auf Freitag.');
    expect(moved).toMatchObject({ source: 'local-intent', tool_calls: [{ tool: 'mealplan_update', result: { success: true } }] });
    s = await state(t.home);
    expect(s.meals.find((m) => m.title === 'Nudeln mit Tomatensauce')!.date).toBe('2026-09-04');

    const milk = await t.chat('Füge zwei Liter Milch zur Einkaufsliste hinzu.');
    expect(milk.tool_calls[0]).toMatchObject({
      tool: 'groceries_add',
      arguments: { name: 'Milch', quantity: 2, unit: 'l' },
      result: { success: true },
    });

    const list = await t.chat('Was steht auf der Einkaufsliste?');
    expect(list.source).toBe('local-intent');
    expect(list.reply).toContain('2 l Milch');
    expect(list.reply).toContain('Nudeln');
    // Only the Pommes sentence needed the model.
    expect(t.server.chats()).toHaveLength(2);
  });

  it('runs the same sentences through the model with local intents off', async () => {
    const t = await setup(false);
    const steps: [string, { name: string; arguments: Record<string, unknown> }[]][] = [
      [
        'Trage morgen Zahnarzt um 15:30 Uhr in den Kalender ein.',
        [{ name: 'calendar_create', arguments: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } } }],
      ],
      ['Welche Termine habe ich morgen?', [{ name: 'calendar_list', arguments: { from: { kind: 'relative', offset_days: 1 }, days: 1 } }]],
      ['Füge zwei Liter Milch zur Einkaufsliste hinzu.', [{ name: 'groceries_add', arguments: { name: 'Milch', quantity: 2, unit: 'l' } }]],
      ['Was steht auf der Einkaufsliste?', [{ name: 'groceries_list', arguments: {} }]],
    ];
    for (const [sentence, calls] of steps) {
      t.server.reply({ tool_calls: calls }, { content: 'Fertig.' });
      const res = await t.chat(sentence);
      expect(
        res.tool_calls.map((c) => c.result.success),
        sentence,
      ).toEqual(calls.map(() => true));
    }
    const s = await state(t.home);
    expect(s.events).toHaveLength(1);
    expect(s.groceries.map((g) => g.name)).toContain('Milch');
  });

  it('multi-step recipes_search -> mealplan_create with the real recipe id', async () => {
    const t = await setup(false);
    t.server.reply(
      { tool_calls: [{ name: 'recipes_search', arguments: { query: 'Nudeln' } }] },
      (req) => {
        const found = JSON.parse([...req.messages].reverse().find((m) => m.role === 'tool')!.content);
        return {
          tool_calls: [
            {
              name: 'mealplan_create',
              arguments: { recipe_id: found.data.recipes[0].id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner', servings: 4 },
            },
          ],
        };
      },
      { content: 'Erledigt.' },
    );
    const res = await t.chat('Plane morgen Nudeln mit Tomatensauce für vier Personen.');
    expect(res.tool_calls.map((c) => [c.tool, c.result.success])).toEqual([
      ['recipes_search', true],
      ['mealplan_create', true],
    ]);
    expect((await state(t.home)).meals[0]).toMatchObject({ recipe_id: t.recipeId, date: '2026-08-30', servings: 4 });
  });

  it('a failing real tool is reported as failure, and an unknown tool leaves the store unchanged', async () => {
    const t = await setup(false);
    const before = t.home.snapshot();
    t.server.reply(
      {
        tool_calls: [
          { name: 'calendar_update', arguments: { id: 'evt_doesnotexist', when: { kind: 'weekday', weekday: 'friday' } } },
          { name: 'calendar_teleport', arguments: { id: 'evt_1' } },
        ],
      },
      { content: 'Ich habe den Termin auf Freitag verschoben!' },
    );
    const res = await t.chat('Verschiebe den Zahnarzt auf Freitag.');
    expect(res.tool_calls.map((c) => c.result.success)).toEqual([false, false]);
    expect(res.reply).not.toContain('verschoben!');
    expect(res.reply).toContain('nicht geklappt');
    expect(t.home.snapshot()).toBe(before);
  });

  it('plans seven dinners from the recipe book and deletes only after `ja`', async () => {
    const t = await setup(false);
    const steps = Array.from({ length: 7 }, (_, i) => ({
      id: `s${i + 1}`,
      task: `Tag ${i + 1}`,
      tool: 'mealplan_create',
      arguments: { recipe_id: t.recipeId, when: { kind: 'relative', offset_days: i }, meal: 'dinner' },
    }));
    t.server.reply({ content: 'Montag: Pasta …' }, { json: { goal: 'Abendessen für sieben Tage', steps, confidence: 0.9 } });
    const res = await t.chat('Erstelle einen Essensplan für die ganze Woche, nur Abendessen.');
    expect(res.plan?.steps).toHaveLength(7);
    const meals = (await state(t.home)).meals;
    expect(meals.map((m) => m.date)).toEqual([
      '2026-08-29',
      '2026-08-30',
      '2026-08-31',
      '2026-09-01',
      '2026-09-02',
      '2026-09-03',
      '2026-09-04',
    ]);

    t.server.reply({ tool_calls: [{ name: 'mealplan_delete', arguments: { id: meals[0]!.id } }] });
    const asked = await t.chat('Lösche das Essen von heute.');
    expect(asked.pending?.tool).toBe('mealplan_delete');
    expect((await state(t.home)).meals).toHaveLength(7);
    const yes = await t.chat('ja');
    expect(yes.tool_calls[0]!.result.success).toBe(true);
    expect((await state(t.home)).meals).toHaveLength(6);
  });
});
