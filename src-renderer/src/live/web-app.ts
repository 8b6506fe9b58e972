// The installable app in the browser: its service worker (offline shell, Web Push) and
// this device's push subscription.
import { request } from '../api';
import type { ScreenId } from '../store/ui-slice';
import { screenFromAddress } from '../store/ui-slice';

interface Api {
  getState(): { loadHome(): Promise<void>; setScreen(screen: ScreenId): void };
}

/**
 * The desktop app's window (its preload bridge is `window.jarvis`): it has native
 * notifications and a master on the same computer, so no offline shell and no Web Push.
 */
export function isDesktopApp(): boolean {
  return 'jarvis' in globalThis;
}

/** Service workers (and so installing and push) need a secure page: HTTPS, or this computer. */
export function canInstall(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && globalThis.isSecureContext === true && !isDesktopApp();
}

/**
 * Listens to the service worker: a tapped notification opens its item here, and the
 * notification's buttons changed the household, so Home reloads. From the start, so a
 * message the worker sends while the page loads is not lost.
 */
export function startWebApp(store: Api): void {
  if (!canInstall()) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const data = e.data as { type?: string; url?: string } | null;
    if (data?.type === 'open' && typeof data.url === 'string') {
      const screen = screenFromAddress(new URL(data.url, location.origin).search);
      if (screen) store.getState().setScreen(screen);
    }
    if (data?.type === 'handled' || data?.type === 'push') void store.getState().loadHome();
  });
}

/**
 * Registers the service worker. Its first install downloads every built file, so the app
 * asks for it once the first screen is up, not while that screen loads.
 */
export function registerServiceWorker(): void {
  if (!canInstall()) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No service worker (a development server, a locked-down browser): the app works online as before.
  });
}

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return canInstall() && 'PushManager' in globalThis && 'Notification' in globalThis;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/** Asks the household member for permission, subscribes with the master's key and tells the master. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await request('GET /api/push/vapid-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await request('POST /api/push/subscription', { body: { endpoint: json.endpoint, keys: json.keys } });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await request('DELETE /api/push/subscription', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}
