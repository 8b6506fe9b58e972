// The household's members in a real browser against the served master: a task for a person,
// the "Meine / Alle / Paul" filter, and the members card (add, then remove after a question).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen } from './support/ui';

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  const res = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Paul' }),
  });
  expect(res.status).toBe(201);
  const desktop = (await homeState(app)).members[0]!;
  await callTool(app, 'tasks_create', { title: 'Steuer', assignee: desktop.id });
  await callTool(app, 'tasks_create', { title: 'Rasen mähen', assignee: 'Paul' });
  await callTool(app, 'tasks_create', { title: 'Einkaufen' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('members', () => {
  it("the task list shows mine, everyone's or Paul's tasks", async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    const card = page.getByTestId('card-tasks');
    const titles = async () => (await card.locator('.task-title').allTextContents()).map((t) => t.replace(/^\S\s*/u, '').trim());
    await card.getByText('Einkaufen').waitFor();
    const filter = card.getByTestId('assignee-filter');
    await filter.getByRole('button', { name: 'Meine' }).click();
    await eventually(async () => expect(await titles()).toEqual(['Steuer']));
    await filter.getByRole('button', { name: 'Paul' }).click();
    await eventually(async () => expect(await titles()).toEqual(['Rasen mähen']));
    await filter.getByRole('button', { name: 'Alle' }).click();
    await eventually(async () => expect((await titles()).length).toBe(3));
    await page.close();
  }, 60_000);

  it('the members card adds a person and removes them only after asking', async () => {
    const { page } = await openScreen(browser, app, 'system', 'clean');
    const card = page.getByTestId('card-members');
    const form = card.getByTestId('member-create-form');
    await form.getByLabel('Neues Mitglied').fill('Mia');
    await form.getByRole('button', { name: 'Mitglied hinzufügen' }).click();
    await eventually(async () => expect((await homeState(app)).members.map((m) => m.name)).toContain('Mia'));
    await card.getByRole('button', { name: 'Entfernen: Mia' }).click();
    const dialog = page.getByTestId('confirm-remove-member');
    await dialog.getByText('Mia wird aus dem Haushalt entfernt.').waitFor();
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await eventually(async () => expect((await homeState(app)).members.map((m) => m.name)).not.toContain('Mia'));
    await page.close();
  }, 60_000);
});
