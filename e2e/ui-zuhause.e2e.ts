import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUE_IDS, startHueBridge, type HueBridgeStandIn } from '../src-main/testing/hue-bridge';
import { launchBrowser, screenshotPath } from './support/browser';
import { repoRoot, startServedApp, type ServedApp } from './support/served-app';
import { eventually, openScreen, seriousViolations, settled } from './support/ui';

// The Zuhause screen of the served app with the bundled home skills against the stand-in Hue
// bridge (written from Philips' CLIP API v2 documentation, see src-main/testing/hue-bridge.ts).

/** Waits (bounded) until `check` holds. */
function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  return eventually(() => {
    if (!check()) throw new Error(`still waiting for ${what}`);
  }, timeoutMs);
}

let bridge: HueBridgeStandIn;
let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  bridge = await startHueBridge({ lifetimeMs: 600_000 });
  app = await startServedApp({
    JARVIS_SKILLS_DIR: join(repoRoot, 'skills', 'home'),
    HUE_BRIDGE_URL: bridge.url,
    HUE_APPLICATION_KEY: bridge.key,
    HUE_CERT_FINGERPRINT: bridge.fingerprint,
  });
  browser = await launchBrowser();
  await until(() => bridge.streams() > 0, 'the master to follow the bridge', 20_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await bridge?.close();
});

describe('Zuhause with a Hue bridge', () => {
  for (const mode of ['clean', 'hud'] as const) {
    it(`${mode.toUpperCase()}: a room is switched with one tap and a switch on the wall shows at once`, async () => {
      const { page, errors } = await openScreen(browser, app, 'zuhause', mode);
      const room = page.getByTestId('room-Wohnzimmer');
      await room.waitFor();
      await page.getByTestId('card-light').getByText('live').waitFor();
      const roomSwitch = room.getByRole('switch', { name: /^Wohnzimmer (ein|aus)schalten$/ });
      const wasOn = (await roomSwitch.getAttribute('aria-checked')) === 'true';
      bridge.requests.length = 0;
      await roomSwitch.click();
      await until(
        () => bridge.requests.some((r) => r.method === 'PUT' && r.path === `/clip/v2/resource/grouped_light/${HUE_IDS.livingGroup}`),
        'the room PUT',
      );
      expect(bridge.requests.find((r) => r.method === 'PUT')!.body).toEqual({ on: { on: !wasOn } });
      await room.getByRole('switch', { name: `Wohnzimmer ${wasOn ? 'ein' : 'aus'}schalten` }).waitFor();

      // The household presses the wall switch of the kitchen table lamp.
      const table = page.getByTestId('room-Küche').getByRole('switch', { name: /^Esstisch/ });
      const tableOn = (await table.getAttribute('aria-checked')) === 'true';
      bridge.pressWallSwitch(HUE_IDS.table, !tableOn);
      await page
        .getByTestId('room-Küche')
        .getByRole('switch', { name: `Esstisch ${tableOn ? 'ein' : 'aus'}schalten` })
        .waitFor();

      await settled(page);
      await page.screenshot({ path: screenshotPath(`${mode}-zuhause-hue`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }, 120_000);
  }

  it('on a phone the rooms stack in one column', async () => {
    const { page } = await openScreen(browser, app, 'zuhause', 'clean', { width: 390, height: 844 });
    await page.getByTestId('room-Wohnzimmer').waitFor();
    const a = (await page.getByTestId('room-Wohnzimmer').boundingBox())!;
    const b = (await page.getByTestId('room-Küche').boundingBox())!;
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    await settled(page);
    await page.screenshot({ path: screenshotPath('clean-zuhause-phone'), fullPage: true });
    await page.close();
  }, 120_000);
});
