// The installable app in Chromium: manifest and service worker make it installable, the
// shell and the last lists load offline, a grocery added offline arrives once after the
// connection returns, and a reminder push reaches the real service worker (delivered with
// DevTools' ServiceWorker.deliverPushMessage) and becomes a notification with its buttons.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reminder } from '../src-shared';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool } from './support/ui';
import {
  addGroceryOffline,
  expectArrivesOnceOnline,
  expectReminderPushShown,
  installabilityErrors,
  whenServiceWorkerControls,
} from './support/web-app';

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  app = await startServedApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A phone-sized page on Food whose service worker is active and controls it. */
async function installedPage(screen: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript((s) => {
    if (!localStorage.getItem('jarvis.ui')) localStorage.setItem('jarvis.ui', JSON.stringify({ screen: s, mode: 'clean', language: 'de' }));
  }, screen);
  await page.goto(app.url);
  await page.getByTestId('app-shell').waitFor();
  await whenServiceWorkerControls(page, app.url);
  return { context, page };
}

describe('the installable app', () => {
  it('links a manifest that opens Home standalone, with maskable icons, and has an active service worker for /', async () => {
    const { context, page } = await installedPage('home');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(`${app.url}${href}`)).json();
    expect(manifest).toMatchObject({
      name: 'JARVIS Home Command',
      short_name: 'JARVIS',
      start_url: '/?screen=home',
      display: 'standalone',
    });
    expect(manifest.icons.filter((i: { purpose: string }) => i.purpose === 'maskable').map((i: { sizes: string }) => i.sizes)).toEqual([
      '192x192',
      '512x512',
    ]);
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const res = await page.request.get(`${app.url}${icon.src}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain(icon.type);
    }
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${app.url}/`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');
    expect(await installabilityErrors(context, page)).toEqual([]);
    // The start URL opens Home.
    await page.goto(`${app.url}/?screen=home`);
    await page.getByTestId('screen-home').waitFor();
    await context.close();
  });

  it('offline: the shell and the last lists load, marked offline; a grocery added then arrives once after reconnect', async () => {
    await callTool(app, 'groceries_add', { name: 'Äpfel' });
    const { context, page } = await installedPage('food');
    await page.getByRole('checkbox', { name: 'Äpfel abhaken' }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('checkbox', { name: 'Äpfel abhaken' }).waitFor();
    // Read-only: what is on the list cannot be ticked while offline.
    expect(await page.getByRole('checkbox', { name: 'Äpfel abhaken' }).evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await page.screenshot({ path: screenshotPath('web-app-offline') });

    await addGroceryOffline(app, page, 'Hafermilch');
    await expectArrivesOnceOnline(app, context, page, 'Hafermilch');
    expect(await page.evaluate(() => localStorage.getItem('jarvis.outbox'))).toBeNull();
    await context.close();
  });

  it('a reminder push reaches the service worker and shows a notification with "Erledigt" and the snooze buttons', async () => {
    const created = await callTool(app, 'reminders_create', {
      text: 'Zahnarzt anrufen',
      when: { kind: 'relative', offset_days: 1, time: '09:00' },
    });
    const reminder = created.data as Reminder;
    const { context, page } = await installedPage('home');
    await context.grantPermissions(['notifications'], { origin: app.url });
    await expectReminderPushShown(context, page, app.url, reminder, 'Zahnarzt anrufen (um 09:00)');
    await context.close();
  });
});
