import { describe, expect, it } from 'vitest';
import { toolSuccess, type ToolResult } from '../../src-shared';
import { matchLocalIntent } from './local-intents';

const today = { year: 2026, month: 8, day: 29 };

/** Runs a matched intent against canned tool results and returns the calls it made. */
async function callsOf(
  sentence: string,
  answers: Record<string, ToolResult> = {},
  reference?: Parameters<typeof matchLocalIntent>[1]['reference'],
) {
  const intent = matchLocalIntent(sentence, { today, ...(reference ? { reference } : {}) });
  if (!intent) return undefined;
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  const outcome = await intent.run(async (tool, args) => {
    calls.push({ tool, args });
    return answers[tool] ?? toolSuccess({ id: 'x_1' }, `${tool} ok`, !/_(list|search)$/.test(tool));
  });
  return { name: intent.name, lang: intent.lang, calls, reply: outcome.reply };
}

describe('local intents: the spec’s recommended sentences', () => {
  it('Trage morgen Zahnarzt um 15:30 Uhr in den Kalender ein.', async () => {
    const r = await callsOf('Trage morgen Zahnarzt um 15:30 Uhr in den Kalender ein.');
    expect(r?.calls).toEqual([
      { tool: 'calendar_create', args: { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } } },
    ]);
  });

  it('Welche Termine habe ich morgen?', async () => {
    const r = await callsOf('Welche Termine habe ich morgen?');
    expect(r?.calls).toEqual([{ tool: 'calendar_list', args: { from: { kind: 'relative', offset_days: 1 }, days: 1 } }]);
  });

  it('Was gibt es Sonntag zu Mittag?', async () => {
    const r = await callsOf('Was gibt es Sonntag zu Mittag?');
    expect(r?.calls).toEqual([{ tool: 'mealplan_list', args: { from: { kind: 'weekday', weekday: 'sunday' }, days: 1, meal: 'lunch' } }]);
  });

  it('Plane Montag Nudeln mit Tomatensauce zum Abendessen für vier Personen.', async () => {
    const recipe = { id: 'rec_1', title: 'Nudeln mit Tomatensauce', servings: 2 };
    const r = await callsOf('Plane Montag Nudeln mit Tomatensauce zum Abendessen für vier Personen.', {
      recipes_search: toolSuccess({ recipes: [recipe] }, '1 Rezept', false),
    });
    expect(r?.calls).toEqual([
      { tool: 'recipes_search', args: { query: 'Nudeln mit Tomatensauce', limit: 5 } },
      { tool: 'mealplan_create', args: { recipe_id: 'rec_1', when: { kind: 'weekday', weekday: 'monday' }, meal: 'dinner', servings: 4 } },
    ]);
  });

  it('Verschiebe das auf Freitag. (needs the session reference)', async () => {
    expect(await callsOf('Verschiebe das auf Freitag.')).toBeUndefined();
    const r = await callsOf('Verschiebe das auf Freitag.', {}, { kind: 'meal', id: 'meal_7', tool: 'mealplan_create' });
    expect(r?.calls).toEqual([{ tool: 'mealplan_update', args: { id: 'meal_7', when: { kind: 'weekday', weekday: 'friday' } } }]);
  });

  it('Nein, doch Freitag. keeps an event’s time', async () => {
    const r = await callsOf('Nein, doch Freitag.', {}, { kind: 'event', id: 'evt_3', tool: 'calendar_create', time: '15:30' });
    expect(r?.calls).toEqual([
      { tool: 'calendar_update', args: { id: 'evt_3', when: { kind: 'weekday', weekday: 'friday', time: '15:30' } } },
    ]);
  });

  it('Füge zwei Liter Milch zur Einkaufsliste hinzu.', async () => {
    const r = await callsOf('Füge zwei Liter Milch zur Einkaufsliste hinzu.');
    expect(r?.calls).toEqual([{ tool: 'groceries_add', args: { name: 'Milch', quantity: 2, unit: 'l' } }]);
  });

  it('Was steht auf der Einkaufsliste?', async () => {
    const items = [{ id: 'groc_1', name: 'Milch', quantity: 2, unit: 'l', checked: false }];
    const r = await callsOf('Was steht auf der Einkaufsliste?', { groceries_list: toolSuccess({ items }, '1', false) });
    expect(r?.calls).toEqual([{ tool: 'groceries_list', args: {} }]);
    expect(r?.reply).toBe('Auf der Einkaufsliste: 2 l Milch.');
  });

  it('leaves fuzzy sentences to the model', async () => {
    expect(await callsOf('Sonntag wären Pommes Currywurst toll, zu Mittag.')).toBeUndefined();
    expect(await callsOf('Erstelle einen Essensplan für die ganze Woche, nur Abendessen.')).toBeUndefined();
    expect(await callsOf('Plane die ganze Woche Abendessen')).toBeUndefined();
    expect(await callsOf('Was gibt es Neues?')).toBeUndefined();
    expect(await callsOf('Welche Termine habe ich morgen und was muss ich einkaufen?')).toBeUndefined();
    expect(await callsOf('Erzähl mir einen Witz')).toBeUndefined();
  });
});

describe('local intents: more templates, German and English', () => {
  it('adds several groceries at once', async () => {
    const r = await callsOf('Setz Eier und 500 g Mehl auf die Einkaufsliste');
    expect(r?.calls.map((c) => c.args)).toEqual([{ name: 'Eier' }, { name: 'Mehl', quantity: 500, unit: 'g' }]);
  });

  it('understands English grocery, calendar, task and meal commands', async () => {
    expect((await callsOf('Add two liters of milk to the shopping list'))?.calls[0]).toEqual({
      tool: 'groceries_add',
      args: { name: 'Milk', quantity: 2, unit: 'l' },
    });
    expect((await callsOf("What's on the shopping list?"))?.calls[0]?.tool).toBe('groceries_list');
    expect((await callsOf('Add dentist tomorrow at 3:30 pm to the calendar'))?.calls[0]).toEqual({
      tool: 'calendar_create',
      args: { title: 'Dentist', when: { kind: 'relative', offset_days: 1, time: '15:30' } },
    });
    const friday = await callsOf('What do I have on next friday?', {
      calendar_list: toolSuccess({ from: '2026-09-04', to: '2026-09-05', events: [] }, '0', false),
    });
    expect(friday?.name).toBe('day.overview');
    expect(friday?.calls[0]).toEqual({
      tool: 'calendar_list',
      args: { from: { kind: 'weekday', weekday: 'friday', force_next: true }, days: 1 },
    });
    expect((await callsOf('Add task call the plumber by friday'))?.calls[0]).toEqual({
      tool: 'tasks_create',
      args: { title: 'Call the plumber', due: { kind: 'weekday', weekday: 'friday' } },
    });
    expect((await callsOf("What's for dinner?"))?.calls[0]?.args).toEqual({
      from: { kind: 'relative', offset_days: 0 },
      days: 1,
      meal: 'dinner',
    });
    expect((await callsOf('Plan spaghetti for dinner on monday for 3 people'))?.calls[1]).toEqual({
      tool: 'mealplan_create',
      args: { title: 'Spaghetti', when: { kind: 'weekday', weekday: 'monday' }, meal: 'dinner', servings: 3 },
    });
  });

  it('adds a task with a due date and an absolute date event', async () => {
    expect((await callsOf('Neue Aufgabe: Steuererklärung abgeben bis Freitag'))?.calls[0]).toEqual({
      tool: 'tasks_create',
      args: { title: 'Steuererklärung abgeben', due: { kind: 'weekday', weekday: 'friday' } },
    });
    expect((await callsOf('Trag am 31.08. Elternabend um 19 Uhr ein'))?.calls[0]?.args).toEqual({
      title: 'Elternabend',
      when: { kind: 'absolute', date: '2026-08-31', time: '19:00' },
    });
    expect((await callsOf('Trag am 3.1. Neujahrsbrunch ein'))?.calls[0]?.args).toEqual({
      title: 'Neujahrsbrunch',
      when: { kind: 'absolute', date: '2027-01-03' },
    });
  });

  it('completes exactly one matching open task, and says so when none or several match', async () => {
    const tasks = [
      { id: 'task_1', title: 'Müll rausbringen', status: 'open' },
      { id: 'task_2', title: 'Fenster putzen', status: 'open' },
      { id: 'task_3', title: 'Fenster putzen oben', status: 'open' },
    ];
    const list = { tasks_list: toolSuccess({ tasks }, '3', false) };
    const done = await callsOf('Aufgabe Müll rausbringen ist erledigt', list);
    expect(done?.calls.at(-1)).toEqual({ tool: 'tasks_update', args: { id: 'task_1', status: 'done' } });
    const none = await callsOf('Mark the task water plants as done', list);
    expect(none?.calls.map((c) => c.tool)).toEqual(['tasks_list']);
    expect(none?.reply).toMatch(/no open task/);
    const exact = await callsOf('Markiere Fenster putzen als erledigt', list);
    expect(exact?.calls.at(-1)?.args).toEqual({ id: 'task_2', status: 'done' });
  });

  it('answers what is for dinner today', async () => {
    const meals = [{ id: 'meal_1', date: '2026-08-29', meal: 'dinner', title: 'Gemüsepfanne', recipe_id: null, servings: 2 }];
    const r = await callsOf('Was gibt es heute zum Abendessen?', { mealplan_list: toolSuccess({ meals }, '1', false) });
    expect(r?.calls[0]?.args).toEqual({ from: { kind: 'relative', offset_days: 0 }, days: 1, meal: 'dinner' });
    expect(r?.reply).toBe('Abendessen: Gemüsepfanne (2 Portionen).');
  });
});

describe('local intents: recurring events', () => {
  it.each([
    [
      'Trage Restmüll jeden zweiten Dienstag ein.',
      { title: 'Restmüll', when: { kind: 'weekday', weekday: 'tuesday' }, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' },
    ],
    [
      'Termin: Turnen jeden Montag 17 Uhr',
      { title: 'Turnen', when: { kind: 'weekday', weekday: 'monday', time: '17:00' }, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
    ],
    [
      'Trage Miete am 1. jeden Monats in den Kalender ein',
      { title: 'Miete', when: { kind: 'relative', offset_days: 0 }, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
    ],
    [
      'Add trash every other Tuesday to the calendar',
      { title: 'Trash', when: { kind: 'weekday', weekday: 'tuesday' }, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' },
    ],
    [
      'Add school run every weekday at 7 to my calendar',
      { title: 'School run', when: { kind: 'relative', offset_days: 0, time: '07:00' }, rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
    ],
    [
      'New event: rent monthly on the 15th',
      { title: 'Rent', when: { kind: 'relative', offset_days: 0 }, rrule: 'FREQ=MONTHLY;BYMONTHDAY=15' },
    ],
    [
      'Trage Schwimmen jeden Mittwoch um 16:30 ab nächsten Mittwoch ein',
      {
        title: 'Schwimmen',
        when: { kind: 'weekday', weekday: 'wednesday', force_next: true, time: '16:30' },
        rrule: 'FREQ=WEEKLY;BYDAY=WE',
      },
    ],
  ])('%s', async (sentence, args) => {
    const r = await callsOf(sentence);
    expect(r?.calls).toEqual([{ tool: 'calendar_create', args }]);
  });

  it('a one-off appointment stays a one-off', async () => {
    const r = await callsOf('Trage Zahnarzt nächsten Montag um 9 Uhr ein');
    expect(r?.calls).toEqual([
      {
        tool: 'calendar_create',
        args: { title: 'Zahnarzt', when: { kind: 'weekday', weekday: 'monday', force_next: true, time: '09:00' } },
      },
    ]);
  });
});

describe('local intents: "Was muss ich dafür einkaufen?" (spec 001 test sentence)', () => {
  it('after a planned meal derives the shopping list from the meal plan', async () => {
    expect(await callsOf('Was muss ich dafür einkaufen?')).toBeUndefined();
    const r = await callsOf('Was muss ich dafür einkaufen?', {}, { kind: 'meal', id: 'meal_7', tool: 'mealplan_create' });
    expect(r).toMatchObject({ name: 'followup.shopping', lang: 'de', calls: [{ tool: 'groceries_sync_mealplan', args: {} }] });
  });

  it('after a recipe puts its ingredients on the list with their quantities', async () => {
    const recipe = toolSuccess(
      {
        id: 'rec_1',
        title: 'Pfannkuchen',
        ingredients: [{ name: 'Mehl', quantity: 250, unit: 'g' }, { name: 'Eier', quantity: 3 }, { name: 'Salz' }],
      },
      'Rezept',
      false,
    );
    const r = await callsOf(
      'Was muss ich dafür einkaufen?',
      { recipes_get: recipe },
      { kind: 'recipe', id: 'rec_1', tool: 'recipes_create' },
    );
    expect(r?.calls).toEqual([
      { tool: 'recipes_get', args: { id: 'rec_1' } },
      { tool: 'groceries_add', args: { name: 'Mehl', quantity: 250, unit: 'g' } },
      { tool: 'groceries_add', args: { name: 'Eier', quantity: 3 } },
      { tool: 'groceries_add', args: { name: 'Salz' } },
    ]);
    expect(
      (await callsOf('What do I need to buy for it?', { recipes_get: recipe }, { kind: 'recipe', id: 'rec_1', tool: 'recipes_create' }))
        ?.lang,
    ).toBe('en');
  });

  it('after anything else is not this sentence', async () => {
    expect(await callsOf('Was muss ich dafür einkaufen?', {}, { kind: 'event', id: 'evt_1', tool: 'calendar_create' })).toBeUndefined();
  });
});

describe('local intents: a chore ticked by sentence', () => {
  const chart = toolSuccess(
    {
      chores: [
        { id: 'chore_1', title: 'Müll rausbringen' },
        { id: 'chore_2', title: 'Do the dishes' },
      ],
      members: [],
    },
    'Plan',
    false,
  );

  it('ticks the chore the sentence names for the member who says it', async () => {
    const intent = matchLocalIntent('Ich habe den Müll rausgebracht.', { today, speaker: 'Mia' });
    expect(intent?.name).toBe('chores.done');
    const calls: { tool: string; args: Record<string, unknown> }[] = [];
    const outcome = await intent!.run(async (tool, args) => {
      calls.push({ tool, args });
      return tool === 'chores_list' ? chart : toolSuccess({}, '„Müll rausbringen“ erledigt von Mia: 1 Stern.', true);
    });
    expect(calls).toEqual([
      { tool: 'chores_list', args: {} },
      { tool: 'chores_tick', args: { id: 'chore_1', member: 'Mia' } },
    ]);
    expect(outcome.reply).toBe('„Müll rausbringen“ erledigt von Mia: 1 Stern.');
  });

  it('English, and the task templates keep their sentences', async () => {
    const r = await callsOf('done with the dishes', { chores_list: chart });
    expect(r?.calls.at(-1)).toEqual({ tool: 'chores_tick', args: { id: 'chore_2' } });
    expect((await callsOf('Erledigt: Steuererklärung'))?.name).toBe('tasks.complete');
  });

  it('steps aside for the model when no chore has that name, before anything changes', async () => {
    const intent = matchLocalIntent('Ich habe den Zahnarzt angerufen', { today });
    const calls: string[] = [];
    await expect(
      intent!.run(async (tool) => {
        calls.push(tool);
        return chart;
      }),
    ).rejects.toThrow('no chore fits');
    expect(calls).toEqual(['chores_list']);
  });
});
