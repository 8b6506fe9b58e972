// The wall display (/?wall) on an always-on screen: the day in large type, the week in
// everyone's colours, meals, shopping list and what is due, no control that changes
// anything; it survives a restart of the master without a touch and says since when it has
// been without a connection.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, seriousViolations } from './support/ui';

let browser: Browser;
let app: ServedApp | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'jarvis-wall-'));
let port = 0;

/** A free loopback port: the restarted master must come back where the wall display looks. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

const start = () =>
  startServedApp({
    JARVIS_TIMEZONE: 'Europe/Berlin',
    KANBAN_AI_INTERVAL: '0',
    JARVIS_ADDR: `127.0.0.1:${port}`,
    JARVIS_DATA: join(dataDir, 'jarvis.db'),
    JARVIS_SKILLS_DIR: join(dataDir, 'skills'),
  });

beforeAll(async () => {
  port = await freePort();
  app = await start();
  browser = await launchBrowser();
  const mia = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mia' }),
  });
  expect(mia.status).toBe(201);
  for (const [tool, args] of [
    ['calendar_create', { title: 'Schwimmkurs', when: { kind: 'relative', offset_days: 0, time: '23:00' }, assignees: ['me', 'Mia'] }],
    ['calendar_create', { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 2, time: '15:30' }, assignee: 'Mia' }],
    ['mealplan_create', { when: { kind: 'relative', offset_days: 0 }, meal: 'dinner', title: 'Linsensuppe' }],
    ['groceries_add', { name: 'Milch', quantity: 2, unit: 'l' }],
    ['tasks_create', { title: 'Müll rausbringen', due: { kind: 'relative', offset_days: 0 }, assignee: 'Mia' }],
  ] as const) {
    const r = await callTool(app, tool, args);
    expect(r.success, r.message).toBe(true);
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openWall(language: 'de' | 'en', viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  await page.addInitScript(
    (l) => localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'home', mode: 'clean', language: l })),
    language,
  );
  await page.goto(`${app!.url}/?wall`);
  await page.getByTestId('wall-today').waitFor();
  return page;
}

describe('the wall display', () => {
  it("is a page of its own: the app's entry and screens never download", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${app!.url}/?wall`);
    await page.getByTestId('wall-today').getByText('Schwimmkurs').waitFor();
    const appEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(await (await fetch(`${app!.url}/`)).text())?.[1];
    expect(appEntry).toMatch(/^\/assets\/index-.+\.js$/);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(appEntry);
    expect(scripts.filter((s) => /Screen-/.test(s))).toEqual([]);
    await context.close();
  });

  for (const [language, words] of [
    ['de', { today: 'Heute', meals: 'Essen heute', shopping: 'Einkaufsliste', due: 'Heute zu erledigen' }],
    ['en', { today: 'Today', meals: "Today's meals", shopping: 'Shopping list', due: 'Due today' }],
  ] as const)
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ])
      it(`${language}, ${viewport.width} wide: the day, the week, meals, shopping and what is due; nothing to press`, async () => {
        const page = await openWall(language, viewport);
        await page.getByTestId('wall-today').getByText('Schwimmkurs').waitFor();
        expect(await page.getByTestId('wall-today').getByRole('heading').innerText()).toBe(words.today);
        expect(await page.getByTestId('wall-week').innerText()).toContain('Zahnarzt');
        expect(await page.getByTestId('wall-meals').innerText()).toContain('Linsensuppe');
        expect(await page.getByTestId('wall-shopping').innerText()).toContain('Milch');
        expect(await page.getByTestId('wall-due').innerText()).toContain('Müll rausbringen');
        for (const name of [words.meals, words.shopping, words.due]) await page.getByRole('heading', { name }).waitFor();
        // Read-only: no navigation, no assistant, no button or field at all.
        expect(await page.locator('button, input, select, textarea, nav').count()).toBe(0);
        // Both people's colours on the shared event.
        const stripe = await page
          .getByTestId('wall-today')
          .locator('.day-big-event', { hasText: 'Schwimmkurs' })
          .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--stripe'));
        expect(stripe.match(/#[0-9a-f]{6}/g)?.length).toBe(2);
        await page.screenshot({ path: screenshotPath(`wall-${viewport.width}-${language}`), fullPage: viewport.width < 900 });
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

  it('survives a restart of the master without a touch: "no connection since", then the new state live', async () => {
    const page = await openWall('de');
    await page.getByTestId('wall-today').getByText('Schwimmkurs').waitFor();
    await app!.stop();
    app = undefined;
    await page.getByTestId('wall-offline').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('wall-offline').innerText()).toMatch(/^Keine Verbindung seit \d\d:\d\d/);
    // The last state stays on the screen meanwhile.
    expect(await page.getByTestId('wall-today').innerText()).toContain('Schwimmkurs');
    await page.screenshot({ path: screenshotPath('wall-offline-1280-de') });

    app = await start();
    await page.getByTestId('wall-offline').waitFor({ state: 'detached', timeout: 30_000 });
    // A change after the restart arrives over the reopened event stream.
    expect((await callTool(app, 'groceries_add', { name: 'Haferflocken' })).success).toBe(true);
    await page.getByTestId('wall-shopping').getByText('Haferflocken').waitFor({ timeout: 30_000 });
    await page.close();
  });
});
