// A parent's approval with two phones in Chromium: Lena's (a child) and Mama's (an admin), both
// paired over the LAN listener. Lena asks for a Home Assistant script (disruptive); Mama sees
// it on Home and allows it, the script runs once in the Home Assistant stand-in and Lena's phone
// shows the answer. A second request is refused from Mama's notification, as the lock screen's
// button does it: the service worker's notificationclick posts with the phone's own cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApprovalListResponse, ApprovalPushMessage } from '../src-shared';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn } from '../src-main/testing/home-assistant-stand-in';
import { launchBrowser, screenshotPath } from './support/browser';
import { lanUrlOf, PHONE, trustServerCertificate } from './support/lan';
import { startServedApp, type ServedApp } from './support/served-app';
import { eventually } from './support/ui';
import { deliverPush, shownNotifications, whenServiceWorkerControls } from './support/web-app';

const TOKEN = 'ha-token-for-approvals';
let ha: HomeAssistantStandIn;
let app: ServedApp;
let browser: Browser;
let lanUrl: string;

beforeAll(async () => {
  ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN, lifetimeMs: 170_000 });
  app = await startServedApp({ JARVIS_LAN_ADDR: '127.0.0.2:0', HOMEASSISTANT_URL: ha.url, HOMEASSISTANT_TOKEN: TOKEN });
  lanUrl = await lanUrlOf(app);
  browser = await launchBrowser(trustServerCertificate(app));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await ha?.close();
});

async function member(name: string, role: 'admin' | 'child'): Promise<string> {
  const res = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, role }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Pairs a phone-sized page for one person, choosing them on the pairing page as they would. */
async function pairFor(person: string, deviceName: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  await context.grantPermissions(['notifications'], { origin: lanUrl });
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (!localStorage.getItem('jarvis.ui'))
      localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'home', mode: 'clean', language: 'de' }));
  });
  const pairing = (await (await fetch(`${app.url}/api/pairing`, { method: 'POST' })).json()) as { url: string };
  await page.goto(pairing.url);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Wer benutzt dieses Gerät?').selectOption({ label: person });
  await page.getByLabel('Name des Geräts').fill(deviceName);
  await page.getByRole('button', { name: 'Verbinden' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
  return { context, page };
}

/** The child's phone asks for the script the way every path does: a tool call with its own cookie. */
async function askForGoodNight(page: Page): Promise<{ status: number; id: string; message: string }> {
  return page.evaluate(async () => {
    const r = await fetch('/api/tools/homeassistant_script', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: { target: 'Gute Nacht', service: 'turn_on' } }),
    });
    const body = (await r.json()) as { message: string; data: { approval: { id: string } } };
    return { status: r.status, id: body.data.approval.id, message: body.message };
  });
}

async function approvals(): Promise<ApprovalListResponse> {
  return (await (await fetch(`${app.url}/api/approvals`)).json()) as ApprovalListResponse;
}

describe('a parent approves from her phone', () => {
  it('Lena asks, Mama allows on Home, the script runs once; a second request is refused from the notification', async () => {
    await member('Mama', 'admin');
    await member('Lena', 'child');
    await eventually(async () => expect(ha.signIns()).toBeGreaterThan(0), 20_000);
    const lena = await pairFor('Lena', 'Lenas Handy');
    const mama = await pairFor('Mama', 'Mamas Handy');

    const asked = await askForGoodNight(lena.page);
    expect(asked.status).toBe(202);
    expect(asked.message).toBe('Ich habe einen Verwalter um Erlaubnis gefragt: „Gute Nacht“ ausführen. Du bekommst Bescheid.');
    expect(ha.calls.filter((c) => c.domain === 'script')).toEqual([]);

    // Lena's Home says it waits; Mama's Home asks her, in plain words, with the two buttons.
    await lena.page.getByTestId('card-approvals').getByText('Wartet auf einen Verwalter: „Gute Nacht“ ausführen').waitFor();
    expect(await lena.page.getByTestId('card-approvals').getByRole('button').count()).toBe(0);
    const card = mama.page.getByTestId('card-approvals');
    await card.getByText('Lena möchte: „Gute Nacht“ ausführen').waitFor();
    await mama.page.screenshot({ path: screenshotPath('approvals-admin-phone') });
    await card.getByRole('button', { name: 'Erlauben' }).click();

    await eventually(async () => expect(ha.calls.filter((c) => c.domain === 'script')).toHaveLength(1), 20_000);
    expect(ha.calls.find((c) => c.domain === 'script')).toMatchObject({ service: 'turn_on' });
    await lena.page.getByTestId('card-approvals').getByText('Mama hat es erlaubt: „Gute Nacht“ ausführen').waitFor();
    await lena.page.screenshot({ path: screenshotPath('approvals-child-phone') });
    expect((await approvals()).approvals.find((a) => a.id === asked.id)).toMatchObject({ status: 'allowed', reviewer_name: 'Mama' });

    // The lock screen: the push reaches Mama's service worker, she taps "Ablehnen" there.
    const again = await askForGoodNight(lena.page);
    await whenServiceWorkerControls(mama.page, lanUrl);
    const message: ApprovalPushMessage = {
      kind: 'approval',
      title: 'Freigabe gefragt',
      body: 'Lena möchte: „Gute Nacht“ ausführen',
      url: `/?approval=${again.id}`,
      approval: { id: again.id, status: 'waiting' },
      actions: { allow: 'Erlauben', refuse: 'Ablehnen' },
    };
    await deliverPush(mama.context, mama.page, lanUrl, JSON.stringify(message));
    const shown = await eventually(async () => {
      const list = (await shownNotifications(mama.page)).filter((n) => n.tag === `approval:${again.id}`);
      expect(list).toHaveLength(1);
      return list[0]!;
    });
    expect(shown).toMatchObject({ title: 'Freigabe gefragt', body: 'Lena möchte: „Gute Nacht“ ausführen' });
    const [worker] = mama.context.serviceWorkers();
    expect(worker, 'the phone has its service worker').toBeDefined();
    // What the phone does when the button is pressed: a notificationclick with the action.
    await worker!.evaluate(async (tag) => {
      type Scope = {
        registration: { getNotifications(o: { tag: string }): Promise<unknown[]> };
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: unknown; action: string }) => Event;
      };
      const scope = globalThis as unknown as Scope;
      const [n] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n, action: 'refuse' }));
    }, `approval:${again.id}`);
    await eventually(async () => expect((await approvals()).approvals.find((a) => a.id === again.id)?.status).toBe('refused'), 20_000);
    expect(ha.calls.filter((c) => c.domain === 'script')).toHaveLength(1);
    await lena.page.getByTestId('card-approvals').getByText('Mama hat es nicht erlaubt: „Gute Nacht“ ausführen').waitFor();

    await lena.context.close();
    await mama.context.close();
  });
});
