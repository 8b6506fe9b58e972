import http from 'node:http';
import https from 'node:https';
import { connectPinned, normalizeFingerprint, probeFingerprint } from '../../skills/home/_lib/pinned-https.mjs';

// Pairing with a Hue bridge: POST /api {devicetype, generateclientkey: true} after the link
// button was pressed. The bridge answers an array: [{success: {username, clientkey}}] (the
// username is the application key of CLIP v2) or [{error: {type: 101, description: "link
// button not pressed"}}]. The certificate seen at pairing is the one pinned from then on.

export class HuePairingError extends Error {
  constructor(
    readonly code: 'LINK_BUTTON_NOT_PRESSED' | 'FINGERPRINT_MISMATCH' | 'BRIDGE_ERROR' | 'BAD_URL',
    message: string,
  ) {
    super(message);
    this.name = 'HuePairingError';
  }
}

export interface HuePairing {
  readonly applicationKey: string;
  /** 64 hex digits; empty for an http:// stand-in. */
  readonly fingerprint: string;
}

function bridgeUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HuePairingError('BAD_URL', `"${text}" is not an address (e.g. https://192.168.1.20).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new HuePairingError('BAD_URL', 'The bridge address starts with https://.');
  return url;
}

/** Step one of trust on first use: the certificate the bridge presents, to show before pairing. */
export async function bridgeFingerprint(urlText: string): Promise<string | undefined> {
  const url = bridgeUrl(urlText);
  return url.protocol === 'https:' ? probeFingerprint(url) : undefined;
}

function post(url: URL, body: string, fingerprint: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const handle = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    };
    const send = (req: http.ClientRequest) => {
      req.setTimeout(8000, () => req.destroy(new Error(`${url.host} did not answer within 8000 ms.`)));
      req.on('error', reject);
      req.end(body);
    };
    if (url.protocol === 'http:') send(http.request(url, { method: 'POST', headers }, handle));
    else
      connectPinned(url, fingerprint!, 8000).then(
        (socket) => send(https.request(url, { method: 'POST', headers, createConnection: () => socket }, handle)),
        reject,
      );
  });
}

/**
 * One pairing attempt. `expectedFingerprint` is what the household saw and accepted; a bridge
 * that presents another certificate is refused before anything is sent.
 */
export async function pairHueBridge(
  urlText: string,
  options: { expectedFingerprint?: string; deviceType?: string } = {},
): Promise<HuePairing> {
  const url = bridgeUrl(urlText);
  let fingerprint = '';
  if (url.protocol === 'https:') {
    const seen = await probeFingerprint(url);
    const expected = options.expectedFingerprint ? normalizeFingerprint(options.expectedFingerprint) : seen;
    if (expected !== seen)
      throw new HuePairingError(
        'FINGERPRINT_MISMATCH',
        `The bridge presents ${seen}, not the fingerprint you accepted (${expected ?? 'invalid'}).`,
      );
    fingerprint = seen;
  }
  const body = JSON.stringify({ devicetype: (options.deviceType ?? 'jarvis#home').slice(0, 40), generateclientkey: true });
  const res = await post(new URL('/api', url), body, fingerprint || undefined);
  let answer: unknown;
  try {
    answer = JSON.parse(res.body);
  } catch {
    throw new HuePairingError('BRIDGE_ERROR', `The bridge answered ${res.status} without JSON.`);
  }
  const first = Array.isArray(answer)
    ? (answer[0] as { success?: { username?: unknown }; error?: { type?: unknown; description?: unknown } })
    : undefined;
  if (typeof first?.success?.username === 'string') return { applicationKey: first.success.username, fingerprint };
  if (first?.error?.type === 101)
    throw new HuePairingError('LINK_BUTTON_NOT_PRESSED', 'Press the round link button on the bridge, then try again within 30 seconds.');
  throw new HuePairingError('BRIDGE_ERROR', `The bridge refused: ${String(first?.error?.description ?? `HTTP ${res.status}`)}.`);
}
