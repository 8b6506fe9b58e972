import type { TLSSocket } from 'node:tls';
import WebSocket from 'ws';
import type { ConnectionResult } from '../../src-shared';
import { connectPinned, normalizeFingerprint, PinError } from '../../skills/home/_lib/pinned-https.mjs';

// "Test connection" for the integrations connected from the app: each answers what is
// wrong as a problem code (the UI words it in the household's language), never with the
// token it was given.

const TIMEOUT_MS = 8000;

export function problemOfNetworkError(err: unknown): ConnectionResult {
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return { ok: false, problem: 'timeout' };
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return { ok: false, problem: 'certificate_untrusted', detail: code };
  return { ok: false, problem: 'unreachable', ...(typeof code === 'string' ? { detail: code } : {}) };
}

export function httpAddress(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Home Assistant's WebSocket sign-in (developers.home-assistant.io/docs/api/websocket):
 * auth_required -> {type: auth, access_token} -> auth_ok | auth_invalid. With a fingerprint
 * on https, the certificate is compared before the upgrade request is sent, so a server
 * presenting another certificate never sees the token.
 */
export async function testHomeAssistant(
  urlText: string,
  token: string,
  fingerprint?: string,
  timeoutMs = TIMEOUT_MS,
): Promise<ConnectionResult> {
  const url = httpAddress(urlText);
  if (!url) return { ok: false, problem: 'bad_address' };
  const wsUrl = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}${url.pathname.replace(/\/$/, '')}/api/websocket`;
  let pinned: TLSSocket | undefined;
  if (url.protocol === 'https:' && fingerprint) {
    if (!normalizeFingerprint(fingerprint)) return { ok: false, problem: 'bad_fingerprint' };
    try {
      pinned = await connectPinned(url, fingerprint, timeoutMs);
    } catch (err) {
      if (err instanceof PinError && err.code === 'CERT_FINGERPRINT_CHANGED') return { ok: false, problem: 'certificate_changed' };
      if (err instanceof PinError && err.code === 'TIMEOUT') return { ok: false, problem: 'timeout' };
      return problemOfNetworkError(err);
    }
  }
  const tls = pinned;
  return new Promise((resolve) => {
    let settled = false;
    const socket = new WebSocket(wsUrl, {
      handshakeTimeout: timeoutMs,
      maxPayload: 1 << 20,
      ...(tls ? { createConnection: () => tls } : {}),
    });
    const finish = (result: ConnectionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, problem: 'timeout' }), timeoutMs);
    socket.on('message', (raw) => {
      let message: { type?: unknown };
      try {
        message = JSON.parse(String(raw)) as { type?: unknown };
      } catch {
        finish({ ok: false, problem: 'not_the_service' });
        return;
      }
      if (message.type === 'auth_required') socket.send(JSON.stringify({ type: 'auth', access_token: token }));
      else if (message.type === 'auth_ok') finish({ ok: true });
      else if (message.type === 'auth_invalid') finish({ ok: false, problem: 'token_refused' });
      else finish({ ok: false, problem: 'not_the_service' });
    });
    socket.on('unexpected-response', (_req, res) => finish({ ok: false, problem: 'not_the_service', detail: `HTTP ${res.statusCode}` }));
    socket.on('error', (err) => finish(problemOfNetworkError(err)));
    socket.on('close', () => finish({ ok: false, problem: 'not_the_service' }));
  });
}

/** ntfy (docs.ntfy.sh/publish): a POST of the text to /<topic>; 401/403 for a protected topic without the right token. */
export async function testNtfy(
  urlText: string,
  topic: string,
  token: string | undefined,
  message: string,
  timeoutMs = TIMEOUT_MS,
): Promise<ConnectionResult> {
  const url = httpAddress(urlText);
  if (!url) return { ok: false, problem: 'bad_address' };
  if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) return { ok: false, problem: 'topic_missing' };
  try {
    const res = await fetch(new URL(`${url.pathname.replace(/\/$/, '')}/${topic}`, url), {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: message,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { ok: true };
    if (res.status === 401 || res.status === 403) return { ok: false, problem: 'token_refused' };
    return { ok: false, problem: 'not_the_service', detail: `HTTP ${res.status}` };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { ok: false, problem: 'timeout' };
    return problemOfNetworkError(err);
  }
}
