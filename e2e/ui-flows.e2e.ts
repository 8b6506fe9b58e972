import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../src-main/testing/scripted-ollama';
import { launchBrowser, screenshotPath } from './support/browser';
import { repoRoot, startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen } from './support/ui';

let app: ServedApp;
let browser: Browser;
let ollama: ScriptedOllama;

beforeAll(async () => {
  ollama = await startScriptedOllama();
  app = await startServedApp({ OLLAMA_URL: ollama.url, JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await ollama?.close();
});

describe('editing the household through the UI', () => {
  it('creates, edits and deletes a calendar event in its dialog; /api/state follows each step', async () => {
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean');
    await page.getByRole('button', { name: '+ Neuer Termin' }).click();
    const form = page.getByRole('dialog', { name: 'Neuer Termin' });
    await form.getByLabel('Titel').fill('Yoga im Park');
    await form.getByLabel('Beginn Uhrzeit').fill('18:30');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    const created = await eventually(async () => {
      const e = (await homeState(app)).events.find((x) => x.title === 'Yoga im Park');
      expect(e).toBeDefined();
      return e!;
    });
    expect(created.start).toMatch(/T18:30:00[+-]\d\d:\d\d$/);

    await page
      .getByTestId('card-calendar')
      .getByRole('button', { name: /Yoga im Park/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
    await edit.getByLabel('Titel').fill('Yoga am See');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await eventually(async () => expect((await homeState(app)).events.find((x) => x.id === created.id)?.title).toBe('Yoga am See'));
    await page.getByTestId('card-calendar').getByText('Yoga am See').waitFor();

    await page
      .getByTestId('card-calendar')
      .getByRole('button', { name: /Yoga am See/ })
      .click();
    await page.getByRole('dialog', { name: 'Termin bearbeiten' }).getByRole('button', { name: 'Löschen' }).click();
    await eventually(async () => expect((await homeState(app)).events.some((x) => x.id === created.id)).toBe(false));
    await eventually(async () => expect(await page.getByTestId('card-calendar').getByText('Yoga am See').count()).toBe(0));
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('adds a task, completes it, and shows the KPI change', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    const form = page.getByTestId('task-create-form');
    await form.getByLabel('Neue Aufgabe').fill('Keller entrümpeln');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByTestId('card-tasks').getByText('Keller entrümpeln').waitFor();
    // Done tasks leave the "Offen" filter, so the row goes away after the click.
    await page.getByRole('checkbox', { name: '„Keller entrümpeln“ erledigt' }).click();
    await eventually(async () => expect((await homeState(app)).tasks.find((t) => t.title === 'Keller entrümpeln')?.status).toBe('done'));
    await page.getByRole('button', { name: 'Erledigt', exact: true }).click();
    await page.getByTestId('card-tasks').getByText('Keller entrümpeln').waitFor();
    expect(await page.getByTestId('task-kpis').textContent()).toMatch(/1\s*Erledigt/);
    await page.close();
  }, 120_000);

  it('adds a grocery, checks it off, edits a recipe with ✎ and derives groceries with ↻ Aus dem Essensplan', async () => {
    const recipe = await callTool(app, 'recipes_create', {
      title: 'Pfannkuchen',
      servings: 2,
      ingredients: [{ name: 'Mehl', quantity: 200, unit: 'g' }],
    });
    await callTool(app, 'mealplan_create', { recipe_id: recipe.data.id, when: { kind: 'relative', offset_days: 1 }, meal: 'breakfast' });
    const { page } = await openScreen(browser, app, 'food', 'clean');
    const form = page.getByTestId('grocery-create-form');
    await form.getByLabel('Artikel').fill('Kaffee');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByRole('checkbox', { name: 'Kaffee abhaken' }).check();
    await eventually(async () => expect((await homeState(app)).groceries.find((g) => g.name === 'Kaffee')?.checked).toBe(true));

    await page.getByRole('button', { name: '✎ Pfannkuchen bearbeiten' }).click();
    const editor = page.getByTestId('recipe-form');
    await editor.getByLabel(/Zutaten/).fill('250 g Mehl\n3 Eier\n500 ml Milch');
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await eventually(async () => {
      const r = (await homeState(app)).recipes.find((x) => x.id === recipe.data.id)!;
      expect(r.ingredients).toEqual([
        { name: 'Mehl', quantity: 250, unit: 'g' },
        { name: 'Eier', quantity: 3, unit: null },
        { name: 'Milch', quantity: 500, unit: 'ml' },
      ]);
    });
    await page.getByRole('button', { name: 'Aus dem Essensplan', exact: true }).click();
    await eventually(async () =>
      expect((await homeState(app)).groceries.some((g) => g.name === 'Eier' && g.source === 'mealplan')).toBe(true),
    );
    await page.getByText('Eier', { exact: true }).waitFor();
    await page.close();
  }, 120_000);

  it('drags a task’s kanban card to DONE; the move is a manual override', async () => {
    await callTool(app, 'tasks_create', { title: 'Dachrinne reinigen' });
    const card = await eventually(async () => {
      const c = (await homeState(app)).kanban.find((x) => x.title === 'Dachrinne reinigen');
      expect(c?.task_id).toBeTruthy();
      return { data: c! };
    });
    const { page } = await openScreen(browser, app, 'kanban', 'clean');
    // Grab the card by its title, as a person would (not by the column select in its middle).
    await page.getByTestId(`kcard-${card.data.id}`).dragTo(page.getByTestId('kcol-DONE'), { sourcePosition: { x: 20, y: 12 } });
    await eventually(async () => {
      const c = (await homeState(app)).kanban.find((x) => x.id === card.data.id)!;
      expect(c.column).toBe('DONE');
      expect(c.manual_override).toBe(true);
    });
    await page.getByTestId('kcol-DONE').getByText('Dachrinne reinigen').waitFor();
    await page.close();
  }, 120_000);

  it('rolls an optimistic edit back with a visible message when the server refuses', async () => {
    await callTool(app, 'tasks_create', { title: 'Rasen mähen' });
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    await page.route('**/api/tools/tasks_delete', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'CONFLICT', message: 'Aufgabe ist gesperrt' },
          message: 'Aufgabe ist gesperrt',
          mutated: false,
        }),
      }),
    );
    await page.getByRole('button', { name: 'Löschen: Rasen mähen' }).click();
    // A known code speaks the UI's language (the server's own words stay in the trace).
    await page.getByRole('alert').filter({ hasText: 'Das wurde inzwischen geändert' }).waitFor();
    await page.getByText('Rasen mähen', { exact: true }).waitFor();
    expect((await homeState(app)).tasks.some((t) => t.title === 'Rasen mähen')).toBe(true);
    await page.close();
  }, 120_000);

  it('shows what changed elsewhere without a reload (live events)', async () => {
    const { page } = await openScreen(browser, app, 'food', 'clean');
    await callTool(app, 'groceries_add', { name: 'Zitronen', quantity: 3 });
    await page.getByText('Zitronen').waitFor({ timeout: 10_000 });
    await page.close();
  }, 120_000);
});

describe('the assistant in the UI', () => {
  it('a local intent answers without the model and the list updates live', async () => {
    const { page } = await openScreen(browser, app, 'food', 'clean');
    await page.getByLabel('Nachricht an JARVIS').fill('Setz Hafermilch auf die Einkaufsliste');
    await page.getByRole('button', { name: 'Senden' }).click();
    await page.getByTestId('card-groceries').getByText('Hafermilch').waitFor({ timeout: 15_000 });
    await page.getByTestId('assistant').locator('.tool-chip', { hasText: 'Einkaufsliste: hinzugefügt' }).waitFor();
    await page.close();
  }, 120_000);

  it('asks before deleting, and Ja sends exactly "ja" and runs the held tool', async () => {
    const event = await callTool(app, 'calendar_create', { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } });
    ollama.reply({ tool_calls: [{ name: 'calendar_delete', arguments: { id: event.data.id } }] });
    const { page } = await openScreen(browser, app, 'calendar', 'clean');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/agent/chat')) sent.push((JSON.parse(r.postData() ?? '{}') as { message: string }).message);
    });
    await page.getByLabel('Nachricht an JARVIS').fill('Lösch bitte den Zahnarzttermin morgen');
    await page.getByRole('button', { name: 'Senden' }).click();
    const yes = page.getByTestId('assistant').getByRole('button', { name: 'Ja' });
    await yes.waitFor({ timeout: 20_000 });
    expect((await homeState(app)).events.some((e) => e.id === event.data.id)).toBe(true);
    await page.screenshot({ path: screenshotPath('clean-assistant-confirmation') });
    await yes.click();
    await eventually(async () => expect((await homeState(app)).events.some((e) => e.id === event.data.id)).toBe(false), 20_000);
    expect(sent).toEqual(['Lösch bitte den Zahnarzttermin morgen', 'ja']);
    await page.getByTestId('assistant').locator('.tool-chip', { hasText: 'Kalender: Termin gelöscht' }).waitFor();
    expect(await yes.count()).toBe(0);
    await page.close();
  }, 120_000);
});

describe('the protocol in Wissen & System (spec/004)', () => {
  it('shows a request as a timeline and lets the household decide what JARVIS remembers', async () => {
    ollama.reply(
      { tool_calls: [{ name: 'memory_propose', arguments: { fact: 'Lena spielt dienstags Handball' } }] },
      { content: 'Ich merke es mir, sobald ihr es bestätigt.' },
    );
    const { page, errors } = await openScreen(browser, app, 'system', 'clean');
    await page.getByLabel('Nachricht an JARVIS').fill('Merk dir bitte, dass Lena dienstags Handball spielt');
    await page.getByRole('button', { name: 'Senden' }).click();
    const card = page.getByTestId('card-protocol');
    const remember = card.getByRole('button', { name: 'Merken: Lena spielt dienstags Handball' });
    await remember.waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: /Merk dir bitte, dass Lena/ }).click();
    const timeline = card.getByTestId('protocol-timeline');
    await timeline.getByText('Prüfung: Zum Merken vorgeschlagen').waitFor();
    await timeline.getByText(/^Merken vorgeschlagen/).waitFor();
    await remember.click();
    await card.getByText('Gemerkt', { exact: true }).waitFor();
    await eventually(async () => expect(await remember.count()).toBe(0));
    // The session waited for this decision; now it is sealed, and the timeline says so.
    await timeline.getByText('Versiegelt', { exact: true }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('clean-protocol-timeline'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a skill copied in while JARVIS runs waits until the household activates it in the skill card', async () => {
    const dir = join(app.dataDir, 'skills', 'demo-copy');
    cpSync(join(repoRoot, 'skills', 'demo-text'), dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'skill.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'skill.json'), JSON.stringify({ ...manifest, id: 'demo.copy', name: 'Demo Kopie' }));
    const { page, errors } = await openScreen(browser, app, 'system', 'clean');
    const skills = page.getByTestId('card-skills');
    await skills.getByRole('button', { name: 'SKILLS NEU LADEN' }).click();
    await skills.getByText('wartet auf Freigabe').waitFor({ timeout: 15_000 });
    expect((await callTool(app, 'skill_demo_copy_reverse', { text: 'abc' })).success).toBe(false);
    await page.screenshot({ path: screenshotPath('clean-skill-proposal') });
    await skills.getByRole('button', { name: 'Aktivieren: Demo Kopie' }).click();
    await eventually(async () => expect(await skills.getByText('wartet auf Freigabe').count()).toBe(0));
    await eventually(async () =>
      expect(await callTool(app, 'skill_demo_copy_reverse', { text: 'abc' })).toMatchObject({ success: true, data: { text: 'cba' } }),
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
