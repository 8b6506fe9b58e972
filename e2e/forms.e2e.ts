// The everyday forms in a real browser against the served master: a refused entry keeps
// what was typed, a delete can be undone, and an entry made offline arrives once.
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
  await callTool(app, 'tasks_create', { title: 'Fahrrad reparieren' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('forms that never surprise', () => {
  it('a title the master refuses stays in the field, marked with the reason', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    const form = page.getByTestId('task-create-form');
    const title = form.getByLabel('Neue Aufgabe');
    expect(await title.getAttribute('maxlength')).toBe('200');
    // An older page without the limit: the master's schema is what refuses.
    await title.evaluate((el) => el.removeAttribute('maxlength'));
    const long = 'Sehr lange Aufgabe '.repeat(12);
    await title.fill(long);
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Höchstens 200 Zeichen.').waitFor();
    expect(await title.inputValue()).toBe(long);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect((await homeState(app)).tasks.some((t) => t.title.startsWith('Sehr lange'))).toBe(false);
    await page.close();
  }, 60_000);

  it('a deleted task comes back with Rückgängig', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    await page.getByLabel('Löschen: Fahrrad reparieren').click();
    const toast = page.getByTestId('undo-toast');
    await toast.getByText('„Fahrrad reparieren“ gelöscht').waitFor();
    await eventually(async () => expect((await homeState(app)).tasks.map((t) => t.title)).not.toContain('Fahrrad reparieren'));
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    await eventually(async () => expect((await homeState(app)).tasks.map((t) => t.title)).toContain('Fahrrad reparieren'));
    await page.getByTestId('card-tasks').getByText('Fahrrad reparieren').waitFor();
    await page.close();
  }, 60_000);

  it('an entry made offline waits and is sent once when the connection returns', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    const form = page.getByTestId('task-create-form');
    await page.context().setOffline(true);
    await form.getByLabel('Neue Aufgabe').fill('Blumen gießen');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByTestId('outbox').getByText('Blumen gießen', { exact: false }).waitFor();
    expect(await form.getByLabel('Neue Aufgabe').inputValue()).toBe('');
    expect((await homeState(app)).tasks.some((t) => t.title === 'Blumen gießen')).toBe(false);

    await page.context().setOffline(false);
    await page.getByTestId('outbox').waitFor({ state: 'detached' });
    await page.getByTestId('card-tasks').getByText('Blumen gießen').waitFor();
    expect((await homeState(app)).tasks.filter((t) => t.title === 'Blumen gießen')).toHaveLength(1);
    await page.close();
  }, 60_000);
});
