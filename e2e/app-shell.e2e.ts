import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';

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

describe('the served UI', () => {
  it('shows the app shell connected to the master, under a CSP without eval', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const res = await page.goto(app.url);
    expect(res?.headers()['cache-control']).toBe('no-store');
    expect(res?.headers()['content-security-policy']).not.toContain('unsafe-eval');
    await page.getByTestId('app-shell').waitFor();
    await page.getByText(/verbunden · v/).waitFor();
    // Home, Kalender, Aufgaben, Kanban, Essen, Zuhause, Wissen & System.
    expect(await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('button').count()).toBe(8); // seven areas and Settings
    await page.screenshot({ path: screenshotPath('foundation-app-shell') });
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the app for deep links but JSON 404 for unknown API routes', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${app.url}/kalender`);
    expect(res?.status()).toBe(200);
    await page.getByTestId('app-shell').waitFor();
    const api = await page.request.get(`${app.url}/api/unknown`);
    expect(api.status()).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
    await page.close();
  });

  it('switches to the bottom bar under 850 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(app.url);
    const nav = page.getByRole('navigation', { name: 'Bereiche' });
    await nav.waitFor();
    const box = await nav.boundingBox();
    expect(box!.y).toBeGreaterThan(600);
    await page.screenshot({ path: screenshotPath('foundation-app-shell-narrow') });
    await page.close();
  });
});
