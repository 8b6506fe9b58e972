import webpush from 'web-push';
import type { ApprovalPushMessage, PushMessage } from '../../src-shared';
import type { StoredSubscription } from './store';
import type { VapidKeys } from './vapid-keys';

export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** The push services are the browsers' own, on the internet; this long is long enough for one. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a phone that is off (seconds). */
const TTL_SECONDS = 12 * 3600;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Where a browser's push service may be: https anywhere, plain http only on this
 * computer (a push service stand-in while developing or testing).
 */
export function pushEndpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint is not a URL';
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'endpoint must be an https: URL of a push service';
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291): the
 * `web-push` library signs and encrypts; the request itself goes out through fetch, so
 * it has a timeout and reads the answer the same way for every push service.
 */
export class WebPushChannel {
  private readonly keys: () => VapidKeys;

  /** `keys` may be given as a function: the pair is then made or read on the first push. */
  constructor(
    keys: VapidKeys | (() => VapidKeys),
    private readonly subject: string,
  ) {
    this.keys = typeof keys === 'function' ? keys : () => keys;
  }

  async send(sub: StoredSubscription, message: PushMessage | ApprovalPushMessage): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.subject, publicKey: this.keys().publicKey, privateKey: this.keys().privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
    } catch {
      return 'failed';
    }
    await res.body?.cancel();
    // 404 and 410: the browser dropped the subscription (uninstalled, permission taken back).
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'delivered' : 'failed';
  }
}
