import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { alertTexts, settled } from './support/ui';

// A slow answer is a loading state, not an error: the HUD's Wissen & System screen with the
// requests of four cards held back by the browser until the test lets them through, as a busy
// master answers late. Everything else passes, so the admin's cards are on the screen and asking.

let app: ServedApp;
let browser: Browser;
beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Each card's requests; the test waits until every one was asked. */
const HELD = new Set(['/api/skills', '/api/mesh/workers', '/api/docker/skill-services', '/api/voice/status', '/api/rag/documents']);
const CARDS = ['card-skills', 'card-workers', 'card-voice', 'card-documents'] as const;

const cardText = (page: Page, id: string): Promise<string> => page.getByTestId(id).innerText();

describe('Wissen & System (HUD) on a slow master', () => {
  it('shows each card loading while its answer is late, then its content, never an error', async () => {
    // Without the service worker, whose fetches page.route does not see.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => {
      if (!localStorage.getItem('jarvis.ui'))
        localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'system', mode: 'hud', language: 'de' }));
    });
    const asked = new Set<string>();
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let allAsked: (() => void) | undefined;
    const everyCardAsked = new Promise<void>((resolve) => (allAsked = resolve));
    await page.route(/\/api\//, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!HELD.has(path)) return route.continue();
      asked.add(path);
      if (asked.size === HELD.size) allAsked!();
      await released;
      await route.continue().catch(() => {});
    });
    await page.goto(app.url);
    await page.getByTestId('screen-system').waitFor();
    expect(await page.getByTestId('app-shell').getAttribute('class')).toContain('mode-hud');
    // Every card has asked and has no answer: each says it is loading, and nothing is an error.
    await everyCardAsked;
    for (const card of CARDS) await page.getByTestId(card).getByText('Lädt…').first().waitFor({ timeout: 30_000 });
    expect(await alertTexts(page)).toEqual([]);

    release!();
    await settled(page);
    expect(await cardText(page, 'card-skills')).toContain('core.calendar');
    for (const card of CARDS) expect(await cardText(page, card), card).not.toContain('Lädt…');
    expect(await alertTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
