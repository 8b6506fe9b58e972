// The installable app's service worker (scope /): keeps the app shell and the last known
// household state for offline use, shows Web Push reminders, and answers their buttons
// ("Erledigt", "In 10 Min.", "In 1 Std.") with the device's own credentials; a parent's
// approval ("Erlauben", "Ablehnen") is answered the same way from the lock screen.
import {
  mergeHomeParts,
  PHONE_SNOOZE_MINUTES,
  type ApprovalPushMessage,
  type HomeDomain,
  type HomeState,
  type HomeStatePart,
  type PhoneSnoozeAction,
  type PushMessage,
} from '../../src-shared';
import { cacheRuleFor, STATE_PATH, stateDomainsOf } from './shell-cache';

declare const self: ServiceWorkerGlobalScope;
/** Set by the build: a new build is a new worker, which renews the shell. */
declare const __SHELL_VERSION__: string;
/** Set by the build: the page and every built file (each screen's code, the manifest, the icons). */
declare const __SHELL_FILES__: readonly string[];

const CACHE = `jarvis-shell-${__SHELL_VERSION__}`;
/** Answers served from the cache carry this header, so the app knows it shows the last known state. */
const OFFLINE_HEADER = 'x-jarvis-offline';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(__SHELL_FILES__.map((path) => new Request(path, { cache: 'no-store' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('jarvis-shell-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function fromCache(request: Request | string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(request);
}

async function networkFirst(request: Request, key: Request | string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await fromCache(key);
    if (!cached) throw err;
    const headers = new Headers(cached.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await fromCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

let stateWrites: Promise<void> = Promise.resolve();

/** A partial state answer keeps the kept whole state current: its parts are merged in, one answer after another. */
async function mergeIntoState(request: Request, domains: readonly HomeDomain[]): Promise<Response> {
  const response = await fetch(request);
  if (!response.ok) return response;
  const part = response.clone();
  stateWrites = stateWrites
    .then(async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(STATE_PATH);
      if (!kept) return;
      const merged = mergeHomeParts((await kept.json()) as HomeState, (await part.json()) as HomeStatePart, domains, true);
      await cache.put(STATE_PATH, new Response(JSON.stringify(merged), { headers: { 'content-type': 'application/json' } }));
    })
    .catch(() => undefined);
  await stateWrites;
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const navigate = request.mode === 'navigate';
  const rule = cacheRuleFor(request.method, url, self.location.origin, navigate);
  if (rule === 'network-only') return;
  if (rule === 'merge-state') {
    event.respondWith(mergeIntoState(request, stateDomainsOf(url) ?? []));
    return;
  }
  // Every page of the app is index.html (the app routes itself); the state has one key.
  const key = navigate ? '/' : url.pathname === STATE_PATH ? STATE_PATH : request;
  event.respondWith(rule === 'cache-first' ? cacheFirst(request) : networkFirst(request, key));
});

function isPushMessage(value: unknown): value is PushMessage {
  const m = value as Partial<PushMessage> | null;
  return m?.kind === 'reminder' && typeof m.title === 'string' && typeof m.reminder?.id === 'string';
}

function isApprovalMessage(value: unknown): value is ApprovalPushMessage {
  const m = value as Partial<ApprovalPushMessage> | null;
  return m?.kind === 'approval' && typeof m.title === 'string' && typeof m.approval?.id === 'string';
}

async function showApproval(message: ApprovalPushMessage): Promise<void> {
  await self.registration.showNotification(message.title, {
    body: message.body,
    tag: `approval:${message.approval.id}`,
    icon: '/icons/icon-192.png',
    badge: '/icons/maskable-192.png',
    data: message,
    requireInteraction: message.actions !== undefined,
    ...(message.actions
      ? ({
          actions: [
            { action: 'allow', title: message.actions.allow },
            { action: 'refuse', title: message.actions.refuse },
          ],
        } as object)
      : {}),
  });
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'push', message });
}

/** Allow or Refuse pressed on the notification: the device's credential cookie says which admin answers. */
async function answerApproval(message: ApprovalPushMessage, action: string): Promise<void> {
  if (action === 'allow' || action === 'refuse') {
    const res = await fetch(`/api/approvals/${encodeURIComponent(message.approval.id)}/${action}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    for (const client of await self.clients.matchAll({ type: 'window' }))
      client.postMessage({ type: 'handled', action, id: message.approval.id, ok: res?.ok ?? false });
    if (res?.ok) return;
  }
  await openItem(message.url);
}

self.addEventListener('push', (event) => {
  let message: unknown;
  try {
    message = event.data?.json();
  } catch {
    message = undefined;
  }
  if (isApprovalMessage(message)) {
    event.waitUntil(showApproval(message));
    return;
  }
  if (!isPushMessage(message)) return;
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: `reminder:${message.reminder.id}`,
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        data: message,
        requireInteraction: true,
        // The action buttons are Chromium's and Android's; iOS shows the notification without
        // them. A browser that shows fewer buttons drops the last: tapping still opens the item.
        ...({
          actions: [
            { action: 'done', title: message.actions.done },
            { action: 'snooze_short', title: message.actions.snooze_short },
            { action: 'snooze_long', title: message.actions.snooze_long },
          ],
        } as object),
      });
      // An open page shows it in place too (and the e2e test watches for it).
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'push', message });
    })(),
  );
});

async function openItem(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    await open.focus();
    open.postMessage({ type: 'open', url });
    return;
  }
  await self.clients.openWindow(url);
}

function isSnoozeAction(action: string): action is PhoneSnoozeAction {
  return Object.prototype.hasOwnProperty.call(PHONE_SNOOZE_MINUTES, action);
}

self.addEventListener('notificationclick', (event) => {
  const data: unknown = event.notification.data;
  event.notification.close();
  if (isApprovalMessage(data)) {
    event.waitUntil(answerApproval(data, event.action));
    return;
  }
  if (!isPushMessage(data)) return;
  const id = encodeURIComponent(data.reminder.id);
  event.waitUntil(
    (async () => {
      const snooze = isSnoozeAction(event.action) ? PHONE_SNOOZE_MINUTES[event.action] : undefined;
      if (event.action === 'done' || snooze !== undefined) {
        // The device's credential cookie goes along: the master knows whose phone this is.
        const res = await fetch(`/api/notify/reminders/${id}/${snooze === undefined ? 'done' : 'snooze'}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(snooze === undefined ? {} : { minutes: snooze }),
        }).catch(() => undefined);
        for (const client of await self.clients.matchAll({ type: 'window' }))
          client.postMessage({ type: 'handled', action: event.action, id: data.reminder.id, ok: res?.ok ?? false });
        if (res?.ok) return;
      }
      await openItem(data.url);
    })(),
  );
});
