import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { SCREENS, alertTexts, callTool, openScreen, seriousViolations, settled } from './support/ui';

let app: ServedApp;
let browser: Browser;

/** A household with something on every screen, written through the same tools the UI uses. */
async function seed(): Promise<void> {
  const state = await fetch(`${app.url}/api/state`);
  if (!state.ok) return;
  await callTool(app, 'calendar_create', {
    title: 'Zahnarzt',
    when: { kind: 'relative', offset_days: 0, time: '23:00' },
    location: 'Praxis Weber',
  });
  await callTool(app, 'calendar_create', { title: 'Elternabend', when: { kind: 'relative', offset_days: 2, time: '19:00' } });
  await callTool(app, 'tasks_create', { title: 'Steuererklärung abgeben', priority: 'high', due: { kind: 'relative', offset_days: -1 } });
  await callTool(app, 'tasks_create', { title: 'Fahrrad reparieren' });
  await callTool(app, 'groceries_add', { name: 'Milch', quantity: 1, unit: 'l' });
  const recipe = await callTool(app, 'recipes_create', {
    title: 'Spaghetti Bolognese',
    servings: 4,
    ingredients: [
      { name: 'Spaghetti', quantity: 500, unit: 'g' },
      { name: 'Hackfleisch', quantity: 400, unit: 'g' },
    ],
    steps: ['Sauce kochen', 'Nudeln kochen'],
  });
  if (recipe.success)
    await callTool(app, 'mealplan_create', { recipe_id: recipe.data.id, when: { kind: 'relative', offset_days: 1 }, meal: 'dinner' });
  await callTool(app, 'reminders_create', { text: 'Müll rausbringen', when: { kind: 'relative', offset_days: 1, time: '07:00' } });
  await callTool(app, 'kanban_create', { title: 'Keller aufräumen', column: 'BACKLOG' });
}

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  await seed();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('every screen in both designs', () => {
  for (const mode of ['clean', 'hud'] as const) {
    for (const screen of SCREENS) {
      it(`${mode.toUpperCase()} ${screen}: opens without errors or serious accessibility violations`, async () => {
        const { page, errors } = await openScreen(browser, app, screen, mode);
        await settled(page);
        await page.screenshot({ path: screenshotPath(`${mode}-${screen}`), fullPage: true });
        expect(await alertTexts(page), `${mode}/${screen} shows an error boundary`).toEqual([]);
        expect(await seriousViolations(page), `${mode}/${screen}`).toEqual([]);
        expect(errors, `${mode}/${screen}`).toEqual([]);
        await page.close();
      }, 120_000);
    }
  }

  it('shows the bottom bar under 850 px in both designs', async () => {
    for (const mode of ['clean', 'hud'] as const) {
      const { page } = await openScreen(browser, app, 'home', mode, { width: 390, height: 844 });
      const nav = page.getByRole('navigation', { name: 'Bereiche' });
      const box = (await nav.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(800);
      expect(box.width).toBeGreaterThan(380);
      await settled(page);
      await page.screenshot({ path: screenshotPath(`${mode}-home-narrow`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('remembers the design mode and the last screen across a restart', async () => {
    const { page } = await openScreen(browser, app, 'home', 'clean');
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('button', { name: 'Kanban' }).click();
    await page.getByRole('button', { name: 'JARVIS' }).click();
    await page.reload();
    await page.getByTestId('screen-kanban').waitFor();
    expect(await page.getByTestId('app-shell').getAttribute('class')).toContain('mode-hud');
    expect(await page.getByRole('button', { name: 'JARVIS' }).getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('switches to English and back', async () => {
    const { page } = await openScreen(browser, app, 'calendar', 'clean');
    await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'DE' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
    await page.close();
  });

  it('moves between screens with the keyboard alone', async () => {
    const { page } = await openScreen(browser, app, 'home', 'clean');
    await page.keyboard.press('Alt+5');
    await page.getByTestId('screen-food').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the skip link
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.close();
  });

  it('shows a screen whose code does not download as an error in its place; the others still open', async () => {
    // Without the service worker, which keeps every screen's code once installed (and whose
    // fetches page.route does not see): a browser that has none yet.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route(/\/assets\/KanbanScreen-[^/]+\.js$/, (route) => route.abort());
    await page.goto(app.url);
    await page.getByTestId('screen-home').waitFor();
    const nav = page.getByRole('navigation', { name: 'Bereiche' });
    await nav.getByRole('button', { name: 'Kanban' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Kanban: konnte nicht angezeigt werden');
    expect(await alert.getByRole('button', { name: 'Neu laden' }).count()).toBe(1);
    await nav.getByRole('button', { name: 'Aufgaben' }).click();
    await page.getByTestId('screen-tasks').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('says before recording that speech recognition is not installed', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    const status = (await (await fetch(`${app.url}/api/voice/status`)).json()) as { stt: { state: string } };
    const mic = page.getByRole('button', { name: 'Aufgabe sprechen' });
    if (status.stt.state === 'LOCAL') {
      expect(await mic.isEnabled()).toBe(true);
    } else {
      await page.getByText('Spracherkennung ist nicht installiert', { exact: false }).first().waitFor();
      expect(await mic.isDisabled()).toBe(true);
    }
    await page.close();
  });

  it('turns a missing microphone into an actionable message', async () => {
    const { page } = await openScreen(browser, app, 'tasks', 'clean');
    // Speech recognition counts as installed here: the microphone is what is missing.
    await page.route('**/api/voice/status', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { stt: Record<string, unknown> };
      await route.fulfill({ response: res, json: { ...body, stt: { ...body.stt, state: 'LOCAL' } } });
    });
    await page.reload();
    await page.getByTestId('screen-tasks').waitFor();
    await page.getByRole('button', { name: 'Aufgabe sprechen' }).click();
    const error = page.getByTestId('voice-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Mikrofon|aufnehmen/);
    await page.close();
  });
});
