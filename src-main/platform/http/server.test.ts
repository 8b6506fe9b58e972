import { request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, registeredRoutes } from './server';

let app: ReturnType<typeof createHttpServer> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('createHttpServer', () => {
  it('validates bodies with our strict ajv: no coercion, the JSON path in the error', async () => {
    app = createHttpServer({ loopbackOnly: false });
    const schema = { type: 'object', additionalProperties: false, required: ['n'], properties: { n: { type: 'integer' } } } as const;
    app.post('/n', { schema: { body: schema } }, async (req) => req.body);
    const ok = await app.inject({ method: 'POST', url: '/n', payload: { n: 2 } });
    expect(ok.json()).toEqual({ n: 2 });
    const bad = await app.inject({ method: 'POST', url: '/n', payload: { n: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'INVALID_REQUEST', message: 'body/n must be integer', path: '/n' } });
  });

  it('still serializes by a response schema when a route declares one', async () => {
    app = createHttpServer({ loopbackOnly: false });
    const response = { 200: { type: 'object', properties: { shown: { type: 'string' } } } };
    app.get('/r', { schema: { response } }, async () => ({ shown: 'yes', hidden: 'no' }));
    const res = await app.inject({ method: 'GET', url: '/r' });
    expect(res.json()).toEqual({ shown: 'yes' });
  });
});

describe('cross-site requests', () => {
  it('are refused with 403 CROSS_SITE_REQUEST before the body is read, on every listener', async () => {
    for (const loopbackOnly of [true, false]) {
      const server = createHttpServer({ loopbackOnly });
      let ran = 0;
      server.post('/w', async () => ({ ran: ++ran }));
      const res = await server.inject({
        method: 'POST',
        url: '/w',
        headers: { host: '127.0.0.1:8080', origin: 'https://evil.example', 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
      const own = await server.inject({ method: 'POST', url: '/w', headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' } });
      expect(own.json()).toEqual({ ran: 1 });
      await server.close();
    }
  });
});

describe('registeredRoutes', () => {
  it('lists every route once per method, including those of encapsulated plugins, without HEAD twins', async () => {
    app = createHttpServer({ loopbackOnly: false });
    app.get('/a', async () => 'a');
    app.route({ method: ['POST', 'PUT'], url: '/b/:id', handler: async () => 'b' });
    await app.register(async (scoped) => {
      scoped.delete('/c', async () => 'c');
    });
    await app.ready();
    expect(registeredRoutes(app)).toEqual([
      { method: 'GET', url: '/a' },
      { method: 'POST', url: '/b/:id' },
      { method: 'PUT', url: '/b/:id' },
      { method: 'DELETE', url: '/c' },
    ]);
  });
});

describe('a body over the limit', () => {
  /** PUTs `mb` MB in 64 KB pieces, chunked; resolves with the answer's status (or how it ended). */
  function flood(port: number, mb: number): Promise<number | 'dropped'> {
    return new Promise((resolve) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'PUT', path: '/x', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve('dropped'));
      const piece = Buffer.alloc(65_536, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < mb * 1024 * 1024) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
  }

  it('is answered 413 and the rest of it is not read: the connection ends with the answer', async () => {
    app = createHttpServer({ loopbackOnly: false, bodyLimitBytes: 16 * 1024 });
    app.put('/x', async () => ({ ok: true }));
    const sockets: Socket[] = [];
    app.server.on('connection', (s: Socket) => sockets.push(s));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    for (let i = 0; i < 5; i++) {
      const status = await flood(port, 24);
      expect(status).toBe(413);
      const socket = sockets.at(-1)!;
      await new Promise<void>((r) => (socket.destroyed ? r() : socket.once('close', () => r())));
      // One piece past the limit (64 KB read here), not what Node drains before its graceful close
      // (194 KB here, about 2 MB at a 256 KB limit).
      expect(socket.bytesRead, `request ${i}`).toBeLessThan(128 * 1024);
    }
  });
});
