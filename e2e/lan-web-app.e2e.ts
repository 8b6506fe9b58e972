// The installable app on a phone paired over the home network: the LAN listener on
// 127.0.0.2 (HTTPS with JARVIS's own certificate), a phone-sized page paired by code. On
// that origin the manifest is linked and the service worker is active, a grocery added
// offline arrives once after reconnect, and a reminder push for the device reaches its real
// service worker (delivered with DevTools' ServiceWorker.deliverPushMessage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptionResponse, Reminder } from '../src-shared';
import { screenshotPath } from './support/browser';
import { pairPhone, startLanApp, type LanApp } from './support/lan';
import { callTool } from './support/ui';
import {
  addGroceryOffline,
  expectArrivesOnceOnline,
  expectReminderPushShown,
  installabilityErrors,
  whenServiceWorkerControls,
} from './support/web-app';

let lan: LanApp;

beforeAll(async () => {
  lan = await startLanApp();
});

afterAll(async () => {
  await lan?.stop();
});

describe('the installable app on a paired phone', () => {
  it('is installable on the LAN address, keeps a grocery added offline until reconnect, and shows a reminder push', async () => {
    const { app, browser, lanUrl } = lan;
    await callTool(app, 'groceries_add', { name: 'Äpfel' });
    const reminder = (
      await callTool(app, 'reminders_create', { text: 'Zahnarzt anrufen', when: { kind: 'relative', offset_days: 1, time: '09:00' } })
    ).data as Reminder;
    const { context, page, deviceId } = await pairPhone(browser, app, 'Annas Handy', async (context, page) => {
      await context.grantPermissions(['notifications'], { origin: lanUrl });
      await page.addInitScript(() => {
        if (!localStorage.getItem('jarvis.ui'))
          localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'food', mode: 'clean', language: 'de' }));
      });
    });

    // Installable: the manifest is linked and the service worker is active for the LAN origin.
    await whenServiceWorkerControls(page, lanUrl);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json()));
    expect(manifest).toMatchObject({ short_name: 'JARVIS', start_url: '/?screen=home', display: 'standalone' });
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope, state: r?.active?.state };
    });
    expect(registration).toEqual({ scope: `${lanUrl}/`, state: 'activated' });
    expect(await installabilityErrors(context, page)).toEqual([]);

    // Offline: the last list loads; a grocery added waits on the phone and arrives once after reconnect.
    await page.getByRole('checkbox', { name: 'Äpfel abhaken' }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await addGroceryOffline(app, page, 'Hafermilch');
    await page.screenshot({ path: screenshotPath('lan-web-app-offline') });
    await expectArrivesOnceOnline(app, context, page, 'Hafermilch');

    // Push: the device subscribes with its own session, and a reminder push reaches its service worker.
    const subscribed = await page.evaluate(async () => {
      const r = await fetch('/api/push/subscription', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          endpoint: 'https://push.example/annas-handy',
          keys: { p256dh: 'B'.padEnd(87, 'A'), auth: 'A'.repeat(22) },
        }),
      });
      return { status: r.status, body: await r.json() };
    });
    expect(subscribed.status).toBe(201);
    expect((subscribed.body as PushSubscriptionResponse).device_id).toBe(deviceId);
    await expectReminderPushShown(context, page, lanUrl, reminder, 'Zahnarzt anrufen (um 09:00)');
    await context.close();
  });
});
