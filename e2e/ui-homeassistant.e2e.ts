import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn } from '../src-main/testing/home-assistant-stand-in';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { eventually, seriousViolations } from './support/ui';

// The built app against a stand-in speaking Home Assistant's WebSocket API (written from
// Home Assistant's published WebSocket API documentation; see the stand-in's header).

const TOKEN = 'e2e-long-lived-token-0123456789';

let ha: HomeAssistantStandIn;
let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN, lifetimeMs: 170_000 });
  app = await startServedApp({ HOMEASSISTANT_URL: ha.url, HOMEASSISTANT_TOKEN: TOKEN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await ha?.close();
});

async function openZuhause(
  mode: 'clean' | 'hud' = 'clean',
  viewport = { width: 1440, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((m) => localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'zuhause', mode: m, language: 'de' })), mode);
  await page.goto(app.url);
  await page.getByTestId('screen-zuhause').waitFor();
  return { page, errors };
}

describe('Zuhause: Home Assistant in the browser', () => {
  it('shows the rooms live, switches a lamp with one tap, follows a switch on the wall, keeps the lock closed', async () => {
    const { page, errors } = await openZuhause();
    const card = page.getByTestId('card-homeassistant');
    const room = card.getByRole('region', { name: 'Wohnzimmer' });
    await room.getByText('Stehlampe').waitFor();

    await room.getByRole('button', { name: 'Stehlampe: An' }).click();
    await eventually(() =>
      expect(ha.calls).toContainEqual({
        domain: 'light',
        service: 'turn_on',
        service_data: {},
        target: { entity_id: ['light.stehlampe'] },
      }),
    );
    const lamp = room.getByRole('listitem').filter({ hasText: 'Stehlampe' });
    await eventually(async () => expect(await lamp.locator('.chip').textContent()).toBe('an'));

    // Someone presses the switch on the wall: Home Assistant reports it, the screen follows.
    ha.setState('light.stehlampe', 'off');
    await eventually(async () => expect(await lamp.locator('.chip').textContent()).toBe('aus'));

    const door = card.getByRole('region', { name: 'Flur' });
    expect(await door.getByRole('button', { name: 'Haustür: Aufschließen' }).isDisabled()).toBe(true);
    expect(ha.calls.some((c) => c.domain === 'lock')).toBe(false);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('zuhause-homeassistant'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('HUD on a phone: the rooms stack, a tap works, nothing overflows', async () => {
    const { page, errors } = await openZuhause('hud', { width: 390, height: 844 });
    const room = page.getByTestId('card-homeassistant').getByRole('region', { name: 'Büro' });
    await room.getByText('Rollladen links').waitFor();
    await room.getByRole('button', { name: 'Rollladen links: Schließen' }).click();
    await eventually(() => expect(ha.calls.some((c) => c.domain === 'cover' && c.service === 'close_cover')).toBe(true));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('zuhause-homeassistant-hud-phone'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
