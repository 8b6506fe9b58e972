import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Reminder } from '../../src-shared';
import { pushMessageFor } from '../../src-main/notify/reminder-message';
import type { ServedApp } from './served-app';
import { eventually, homeState } from './ui';

/** Waits until the app's service worker is active and controls the page (reloading once, as a second visit would). */
export async function whenServiceWorkerControls(page: Page, origin: string): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims the page once it is active; a reload makes sure every request goes through it.
  await page.reload();
  await page.getByTestId('app-shell').waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
}

/**
 * Chromium's own installability check for the page: what stands in the way of "Install app",
 * apart from the test's throwaway profile (a test context is incognito, which never installs).
 */
export async function installabilityErrors(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
}

/**
 * Delivers `data` as a push message to the origin's real service worker through DevTools
 * (what the browser's push service does on a phone) and resolves with what the worker
 * posted to the page about it.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string): Promise<unknown> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const found = e.registrations.find((r) => r.scopeURL === `${origin}/`);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const pushed = page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        navigator.serviceWorker.addEventListener('message', (e) => (e.data as { type?: string })?.type === 'push' && resolve(e.data)),
      ),
  );
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  return pushed;
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: [string, string][];
  url: string;
}

/** The notifications the service worker shows right now. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(
        (a) => [a.action, a.title] as [string, string],
      ),
      url: (n.data as { url: string }).url,
    })),
  );
}

/**
 * Pushes the reminder to the origin's service worker as the master would and expects the one
 * notification a person then sees: `body`, with "Erledigt", "In 10 Min." and "In 1 Std." (as many
 * of them as the browser shows buttons, in that order), opening the reminder.
 */
export async function expectReminderPushShown(
  context: BrowserContext,
  page: Page,
  origin: string,
  reminder: Reminder,
  body: string,
): Promise<void> {
  const message = pushMessageFor(reminder, 'de');
  expect(await deliverPush(context, page, origin, JSON.stringify(message))).toEqual({ type: 'push', message });
  const shown = await eventually(async () => {
    const list = await shownNotifications(page);
    expect(list).toHaveLength(1);
    return list[0];
  });
  const maxActions = await page.evaluate(() => (Notification as unknown as { maxActions: number }).maxActions);
  const actions: [string, string][] = [
    ['done', 'Erledigt'],
    ['snooze_short', 'In 10 Min.'],
    ['snooze_long', 'In 1 Std.'],
  ];
  expect(shown).toEqual({
    title: 'Erinnerung',
    body,
    tag: `reminder:${reminder.id}`,
    actions: actions.slice(0, maxActions),
    url: `/?reminder=${reminder.id}`,
  });
}

/** On a page that is offline: adds a grocery, which the device keeps and the server does not see yet. */
export async function addGroceryOffline(app: ServedApp, page: Page, name: string): Promise<void> {
  const form = page.getByTestId('grocery-create-form');
  await form.getByLabel('Artikel').fill(name);
  await form.getByRole('button', { name: 'Hinzufügen' }).click();
  await page.getByText('Offline gespeichert').waitFor();
  expect((await homeState(app)).groceries.map((g) => g.name)).not.toContain(name);
}

/** Back online, the grocery kept offline arrives on the server, and only once: a reload sends nothing again. */
export async function expectArrivesOnceOnline(app: ServedApp, context: BrowserContext, page: Page, name: string): Promise<void> {
  const onServer = async () => (await homeState(app)).groceries.filter((g) => g.name === name);
  await context.setOffline(false);
  await eventually(async () => expect(await onServer()).toHaveLength(1), 20_000);
  await page.getByRole('checkbox', { name: `${name} abhaken` }).waitFor();
  await page.reload();
  await page.getByRole('checkbox', { name: `${name} abhaken` }).waitFor();
  expect(await onServer()).toHaveLength(1);
}
