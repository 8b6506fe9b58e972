// The Gelernt card in Chromium: a fact JARVIS proposes appears on Wissen & System while the
// screen is open, is accepted in place and forgotten after a second yes; then it is gone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnedListResponse } from '../src-shared';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, openScreen, waitForLive } from './support/ui';

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  app = await startServedApp({ OLLAMA_URL: 'http://127.0.0.1:9' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function learned(): Promise<LearnedListResponse> {
  return (await (await fetch(`${app.url}/api/learned`)).json()) as LearnedListResponse;
}

describe('Gelernt', () => {
  it('shows a proposed fact live, accepts it and forgets it after a second yes', async () => {
    // A retry starts from an empty list like the first try.
    for (const r of (await learned()).records) await fetch(`${app.url}/api/learned/${r.id}`, { method: 'DELETE' });
    const { page, errors } = await openScreen(browser, app, 'system', 'clean');
    const card = page.getByTestId('card-learned');
    await card.getByText('JARVIS hat sich noch nichts gemerkt.').waitFor();
    // The proposal must reach the open screen as an event, not as a load.
    await waitForLive(page);

    const proposed = await callTool(app, 'memory_propose', { fact: 'Oma hat am 3. Mai Geburtstag' });
    expect(proposed.success).toBe(true);
    const item = card.locator('li', { hasText: 'Oma hat am 3. Mai Geburtstag' });
    await item.getByText('wartet auf dein OK', { exact: false }).waitFor({ timeout: 15_000 });

    await item.getByRole('button', { name: 'Annehmen' }).click();
    await item.getByText('angenommen', { exact: false }).waitFor();
    await eventually(async () => expect((await learned()).records[0]).toMatchObject({ state: 'accepted' }));
    await page.screenshot({ path: screenshotPath('clean-learned') });

    await item.getByRole('button', { name: 'Vergessen' }).click();
    await item.getByText('Wirklich vergessen?').waitFor();
    await item.getByRole('button', { name: 'Ja, vergessen' }).click();
    await card.getByText('JARVIS hat sich noch nichts gemerkt.').waitFor();
    expect((await learned()).records).toEqual([]);
    expect(errors).toEqual([]);
  });
});
