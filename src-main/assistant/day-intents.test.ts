import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';
import { matchLocalIntent } from './local-intents';

// The day overview and the reminder template against the real household tools.
// Saturday 2026-08-29 10:20 in Berlin: tomorrow is Sunday 08-30, Friday is 09-04.

const today = { year: 2026, month: 8, day: 29 };

async function seededHousehold() {
  const home = createHouseholdFixture({ now: '2026-08-29T08:20:00Z' });
  const rel = (offset_days: number, time?: string) => ({ kind: 'relative' as const, offset_days, ...(time ? { time } : {}) });
  await home.call('calendar_create', { title: 'Turnen', when: rel(0, '17:00') });
  await home.call('calendar_create', { title: 'Zahnarzt', when: rel(1, '15:30'), location: 'Praxis Weber' });
  await home.call('calendar_create', { title: 'Flohmarkt', when: rel(1) });
  await home.call('calendar_create', { title: 'Elternabend', when: { kind: 'weekday', weekday: 'friday', time: '19:00' } });
  await home.call('tasks_create', { title: 'Blumen gießen', due: rel(0) });
  await home.call('tasks_create', { title: 'Fahrrad zur Werkstatt', due: rel(-2) });
  await home.call('tasks_create', { title: 'Steuererklärung abgeben', due: rel(1) });
  await home.call('tasks_create', { title: 'Keller aufräumen' });
  const done = await home.call('tasks_create', { title: 'Rasen mähen', due: rel(1) });
  await home.call('tasks_update', { id: done.data!.id, status: 'done' });
  await home.call('reminders_create', { text: 'Oma anrufen', when: rel(0, '18:00') });
  await home.call('reminders_create', { text: 'Müll rausbringen', when: rel(1, '07:30') });
  await home.call('mealplan_create', { title: 'Linsensuppe', when: rel(1), meal: 'lunch', servings: 2 });
  await home.call('mealplan_create', { title: 'Spaghetti', when: rel(1), meal: 'dinner', servings: 4 });
  await home.call('mealplan_create', { title: 'Pizza', when: { kind: 'weekday', weekday: 'friday' }, meal: 'dinner', servings: 3 });
  return home;
}

async function ask(home: Awaited<ReturnType<typeof seededHousehold>>, sentence: string) {
  const intent = matchLocalIntent(sentence, { today });
  if (!intent) return undefined;
  const tools: string[] = [];
  const outcome = await intent.run((tool, args) => {
    tools.push(tool);
    return home.raw(tool, args, 'assistant');
  });
  return { name: intent.name, lang: intent.lang, tools, reply: outcome.reply };
}

describe('day overview: "Was steht morgen an?" answers the whole day without the model', () => {
  it('lists tomorrow’s events, tasks due, reminders and meals in German', async () => {
    const home = await seededHousehold();
    for (const sentence of [
      'Was steht morgen an?',
      'Was steht für morgen an',
      'Was ist morgen los?',
      'Was haben wir morgen?',
      'Wie sieht morgen aus?',
    ]) {
      const r = await ask(home, sentence);
      expect(r, sentence).toMatchObject({ name: 'day.overview', lang: 'de' });
      expect(r!.tools).toEqual(['calendar_list', 'tasks_list', 'reminders_list', 'mealplan_list']);
      expect(r!.reply).toBe(
        [
          'Morgen, Sonntag, 30.8.:',
          'Termine: ganztägig Flohmarkt; 15:30 Zahnarzt (Praxis Weber).',
          'Fällig: Steuererklärung abgeben.',
          'Erinnerungen: 07:30 Müll rausbringen.',
          'Essen: Mittagessen Linsensuppe (2 Portionen); Abendessen Spaghetti (4 Portionen).',
        ].join('\n'),
      );
    }
  });

  it('answers in English for English questions, several phrasings', async () => {
    const home = await seededHousehold();
    for (const sentence of [
      "What's on tomorrow?",
      'What is planned for tomorrow?',
      'What do we have tomorrow',
      'What does tomorrow look like?',
    ]) {
      const r = await ask(home, sentence);
      expect(r, sentence).toMatchObject({ name: 'day.overview', lang: 'en' });
      expect(r!.reply).toBe(
        [
          'Tomorrow, Sunday, Aug 30:',
          'Appointments: all day Flohmarkt; 15:30 Zahnarzt (Praxis Weber).',
          'Due: Steuererklärung abgeben.',
          'Reminders: 07:30 Müll rausbringen.',
          'Meals: lunch Linsensuppe (2 servings); dinner Spaghetti (4 servings).',
        ].join('\n'),
      );
    }
  });

  it('today includes overdue tasks, marked as overdue, and leaves done and undated tasks out', async () => {
    const home = await seededHousehold();
    const de = await ask(home, 'Was steht heute an?');
    expect(de!.reply).toBe(
      [
        'Heute, Samstag, 29.8.:',
        'Termine: 17:00 Turnen.',
        'Fällig: Fahrrad zur Werkstatt (überfällig seit 27.8.), Blumen gießen.',
        'Erinnerungen: 18:00 Oma anrufen.',
      ].join('\n'),
    );
    const en = await ask(home, "What's on today?");
    expect(en!.reply).toContain('Due: Fahrrad zur Werkstatt (overdue since Aug 27), Blumen gießen.');
    expect(en!.reply).not.toMatch(/Keller|Rasen/);
  });

  it('a weekday and the day after tomorrow', async () => {
    const home = await seededHousehold();
    const friday = await ask(home, 'Was ist am Freitag?');
    expect(friday!.reply).toBe(['Am Freitag, 4.9.:', 'Termine: 19:00 Elternabend.', 'Essen: Abendessen Pizza (3 Portionen).'].join('\n'));
    expect((await ask(home, 'What do I have on Friday?'))!.reply).toBe(
      ['On Friday, Sep 4:', 'Appointments: 19:00 Elternabend.', 'Meals: dinner Pizza (3 servings).'].join('\n'),
    );
    expect((await ask(home, 'Was steht übermorgen an?'))!.reply).toBe('Übermorgen, Montag, 31.8.: Es steht nichts an.');
    expect((await ask(home, "What's on the day after tomorrow?"))!.reply).toBe(
      'The day after tomorrow, Monday, Aug 31: nothing is planned.',
    );
  });

  it('leaves other questions to their own templates or the model', async () => {
    const home = await seededHousehold();
    expect((await ask(home, 'Welche Termine habe ich morgen?'))?.name).toBe('calendar.day');
    expect((await ask(home, 'Was gibt es morgen?'))?.name).toBe('meals.what');
    expect((await ask(home, "What's on the shopping list?"))?.name).toBe('groceries.list');
    expect(await ask(home, 'Was ist morgen um 8?')).toBeUndefined();
    expect(await ask(home, 'Was ist das?')).toBeUndefined();
    expect(await ask(home, "What's on your mind?")).toBeUndefined();
  });
});

describe('reminder template: "Erinnere mich morgen um 8 an den Müll."', () => {
  const reminders = async (home: Awaited<ReturnType<typeof seededHousehold>>) =>
    ((await home.call('reminders_list', {})).data!.reminders as Reminder[]).filter((r) => r.source === 'manual');

  it('creates the reminder through reminders_create and confirms it in German', async () => {
    const home = await seededHousehold();
    const r = await ask(home, 'Erinnere mich morgen um 8 an den Müll.');
    expect(r).toMatchObject({ name: 'reminders.add', lang: 'de', tools: ['reminders_create'] });
    expect(r!.reply).toBe('Erinnerung gespeichert: morgen um 08:00 Uhr – Müll.');
    expect(await reminders(home)).toContainEqual(expect.objectContaining({ text: 'Müll', at: '2026-08-30T08:00:00+02:00' }));
  });

  it('understands other German and English phrasings', async () => {
    const home = await seededHousehold();
    const cases: [string, string, string][] = [
      ['Erinnere mich an den Müll morgen um 8', 'Müll', '2026-08-30T08:00:00+02:00'],
      ['Erinner uns am Freitag um 18:30 Uhr an das Geschenk für Oma', 'Geschenk für Oma', '2026-09-04T18:30:00+02:00'],
      ['Erinnere mich übermorgen daran, die Blumen zu gießen', 'Blumen zu gießen', '2026-08-31T09:00:00+02:00'],
      ['Remind me tomorrow at 8 to take out the trash.', 'Take out the trash', '2026-08-30T08:00:00+02:00'],
      ['Remind me to call grandma on Friday at 6 pm', 'Call grandma', '2026-09-04T18:00:00+02:00'],
      ['Please remind us about the dentist tomorrow at 7:45', 'The dentist', '2026-08-30T07:45:00+02:00'],
    ];
    for (const [sentence, text, at] of cases) {
      const r = await ask(home, sentence);
      expect(r?.name, sentence).toBe('reminders.add');
      expect(await reminders(home)).toContainEqual(expect.objectContaining({ text, at }));
    }
    expect((await ask(home, 'Remind me tomorrow at 8 to take out the trash'))!.reply).toBe(
      'Reminder saved: tomorrow at 08:00 – Take out the trash.',
    );
  });

  it('leaves a reminder without a day or a time to the model', async () => {
    const home = await seededHousehold();
    expect(await ask(home, 'Erinnere mich an den Müll')).toBeUndefined();
    expect(await ask(home, 'Remind me to breathe')).toBeUndefined();
  });
});
