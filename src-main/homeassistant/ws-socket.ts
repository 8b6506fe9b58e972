import { ERR_CANNOT_CONNECT, ERR_INVALID_AUTH, type ConnectionOptions, type HaWebSocket } from 'home-assistant-js-websocket';
import WebSocket from 'ws';
import { connectPinned } from '../../skills/home/_lib/pinned-https.mjs';

// home-assistant-js-websocket opens its socket with the global WebSocket, which Node 20
// does not have. Its `createSocket` option lets us hand it a `ws` socket instead; this is
// that factory: the same auth phase as the library's own (auth_required -> auth ->
// auth_ok | auth_invalid), rejecting with the library's error codes so its reconnect
// logic treats a wrong token as final and anything else as worth retrying.

export interface WsSocketOptions {
  /** A socket that neither opens nor closes is given up after this long. */
  readonly connectTimeoutMs: number;
  /** The largest message accepted from Home Assistant (a big installation's get_states is a few MB). */
  readonly maxPayloadBytes: number;
  /**
   * HOMEASSISTANT_CERT_FINGERPRINT: on https, a self-signed certificate is accepted exactly
   * when its SHA-256 fingerprint is this one (the same pinning as the Hue bridge's).
   */
  readonly fingerprint?: string;
}

/** Why the last attempt failed, in words without the token (for the status board). */
export interface SocketFailure {
  reason?: string;
}

export function wsSocketFactory(options: WsSocketOptions, failure: SocketFailure): (o: ConnectionOptions) => Promise<HaWebSocket> {
  return (connection) =>
    new Promise<HaWebSocket>((resolve, reject) => {
      const auth = connection.auth;
      if (!auth) {
        reject(ERR_CANNOT_CONNECT);
        return;
      }
      void openSocket(auth.wsUrl, options).then(
        (socket) => signIn(socket, auth.accessToken),
        (err: unknown) => {
          failure.reason = `cannot reach Home Assistant (${err instanceof Error ? err.message.slice(0, 300) : String(err)})`;
          reject(ERR_CANNOT_CONNECT);
        },
      );
      const signIn = (socket: WebSocket, accessToken: string) => {
        let settled = false;
        const finish = (outcome: { ok: true; version: string } | { ok: false; code: number; reason: string }) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.off('message', onMessage);
          if (outcome.ok) {
            const ha = socket as unknown as HaWebSocket;
            ha.haVersion = outcome.version;
            resolve(ha);
            return;
          }
          failure.reason = outcome.reason;
          socket.removeAllListeners('close');
          socket.on('error', () => undefined);
          socket.terminate();
          reject(outcome.code);
        };
        const timer = setTimeout(
          () => finish({ ok: false, code: ERR_CANNOT_CONNECT, reason: 'Home Assistant did not answer in time' }),
          options.connectTimeoutMs,
        );
        const onMessage = (raw: WebSocket.RawData) => {
          let message: { type?: unknown; ha_version?: unknown; message?: unknown };
          try {
            message = JSON.parse(String(raw)) as typeof message;
          } catch {
            finish({ ok: false, code: ERR_CANNOT_CONNECT, reason: 'Home Assistant sent something that is not JSON' });
            return;
          }
          if (message.type === 'auth_required') socket.send(JSON.stringify({ type: 'auth', access_token: accessToken }));
          else if (message.type === 'auth_ok')
            finish({ ok: true, version: typeof message.ha_version === 'string' ? message.ha_version : '' });
          else if (message.type === 'auth_invalid') {
            const said = typeof message.message === 'string' ? `: ${message.message.slice(0, 200)}` : '';
            finish({ ok: false, code: ERR_INVALID_AUTH, reason: `Home Assistant refused the access token${said}` });
          }
        };
        socket.on('message', onMessage);
        socket.on('error', (err) =>
          finish({ ok: false, code: ERR_CANNOT_CONNECT, reason: `cannot reach Home Assistant (${errorWords(err)})` }),
        );
        socket.on('close', () =>
          finish({ ok: false, code: ERR_CANNOT_CONNECT, reason: 'Home Assistant closed the connection during sign-in' }),
        );
      };
    });
}

/** The WebSocket, over a pinned TLS connection when a fingerprint is set and the address is wss. */
async function openSocket(wsUrl: string, options: WsSocketOptions): Promise<WebSocket> {
  const base = { maxPayload: options.maxPayloadBytes, handshakeTimeout: options.connectTimeoutMs };
  if (!options.fingerprint || !wsUrl.startsWith('wss:')) return new WebSocket(wsUrl, base);
  const url = new URL(wsUrl.replace(/^wss:/, 'https:'));
  const tls = await connectPinned(url, options.fingerprint, options.connectTimeoutMs);
  return new WebSocket(wsUrl, { ...base, createConnection: () => tls });
}

function errorWords(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code ?? err.message.slice(0, 200);
}
