import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// POST /api/agent/chat on the real master with Ollama down (OLLAMA_URL points nowhere):
// the household's day comes from local data, anything else gets one human sentence.

describe('the assistant without Ollama', () => {
  let tm: TestMaster;

  beforeAll(async () => {
    tm = await startTestMaster();
    const tomorrow = (time?: string) => ({ kind: 'relative', offset_days: 1, ...(time ? { time } : {}) });
    for (const [tool, args] of [
      ['calendar_create', { title: 'Zahnarzt', when: tomorrow('15:30'), location: 'Praxis Weber' }],
      ['tasks_create', { title: 'Steuererklärung abgeben', due: tomorrow() }],
      ['reminders_create', { text: 'Müll rausbringen', when: tomorrow('07:30') }],
      ['mealplan_create', { title: 'Spaghetti', when: tomorrow(), meal: 'dinner', servings: 4 }],
    ] as const) {
      const res = await tm.request(`/api/tools/${tool}`, { json: { arguments: args } });
      expect(res.status, tool).toBe(200);
    }
  });
  afterAll(() => tm.close());

  const chat = (json: Record<string, unknown>) => tm.request('/api/agent/chat', { json });

  it('"What\'s on tomorrow?" answers the whole day from local data', async () => {
    const res = await chat({ message: "What's on tomorrow?" });
    expect(res.status).toBe(200);
    expect(res.json.source).toBe('local-intent');
    expect(res.json.tool_calls.map((c: { tool: string }) => c.tool)).toEqual([
      'calendar_list',
      'tasks_list',
      'reminders_list',
      'mealplan_list',
    ]);
    const reply: string = res.json.reply;
    expect(reply).toMatch(/^Tomorrow, /);
    expect(reply).toContain('Appointments: 15:30 Zahnarzt (Praxis Weber).');
    expect(reply).toContain('Due: Steuererklärung abgeben.');
    expect(reply).toContain('Reminders: 07:30 Müll rausbringen.');
    expect(reply).toContain('Meals: dinner Spaghetti (4 servings).');
  });

  it('"Erinnere mich morgen um 8 an den Müll." saves the reminder without the model', async () => {
    const res = await chat({ message: 'Erinnere mich morgen um 8 an den Müll.' });
    expect(res.json).toMatchObject({ source: 'local-intent', reply: 'Erinnerung gespeichert: morgen um 08:00 Uhr – Müll.' });
    const state = await tm.request('/api/state');
    expect(state.json.reminders).toContainEqual(
      expect.objectContaining({ text: 'Müll', at: expect.stringMatching(/T08:00:00[+-]\d\d:\d\d$/) }),
    );
  });

  it('"Schreib mir ein Gedicht" says in one German sentence that the model is not reachable', async () => {
    const res = await chat({ message: 'Schreib mir ein Gedicht' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ source: 'error', tool_calls: [] });
    expect(res.json.reply).toBe(
      'Dafür brauche ich das Sprachmodell, und das ist gerade nicht erreichbar – Haushaltsbefehle wie „Was steht morgen an?“ funktionieren trotzdem.',
    );
  });

  it('the UI language decides when the words do not, and the request’s own language wins', async () => {
    const en = await chat({ message: '???', language: 'en' });
    expect(en.json.reply).toBe(
      'For that I need the language model, and it cannot be reached right now – household commands like “What’s on tomorrow?” still work.',
    );
    const de = await chat({ message: 'Was steht morgen an?', language: 'en' });
    expect(de.json.reply).toMatch(/^Morgen, .*\nTermine: 15:30 Zahnarzt/);
    const bad = await chat({ message: 'hi', language: 'fr' });
    expect(bad.status).toBe(400);
  });
});
