import { createServer as createHttpServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { SelfSignedCert } from './self-signed-cert';

export interface StandInRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type StandInHandler = (req: StandInRequest, res: ServerResponse) => unknown;

export interface DeviceStandIn {
  readonly url: string;
  /** Every request that reached the handler, in order. */
  readonly requests: StandInRequest[];
  /** Connections opened (a refused pin opens one and sends nothing). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A home device's HTTP(S) API on loopback for tests: the handler is written from the
 * vendor's published API. Bounded: it closes itself after `lifetimeMs` whatever the test does.
 */
export async function startDeviceStandIn(
  handler: StandInHandler,
  options: { tls?: SelfSignedCert; host?: string; lifetimeMs?: number } = {},
): Promise<DeviceStandIn> {
  const requests: StandInRequest[] = [];
  let connections = 0;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1_000_000) chunks.push(c);
    });
    req.on('end', () => {
      const entry = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(entry);
      Promise.resolve(handler(entry, res)).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  server.on(options.tls ? 'secureConnection' : 'connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const timer = setTimeout(() => void close(), options.lifetimeMs ?? 300_000);
  timer.unref();
  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  }
  return {
    url: `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    connections: () => connections,
    close,
  };
}

/** A JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown, statusMessage?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, statusMessage ?? '', {
    'content-type': 'application/json;charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
