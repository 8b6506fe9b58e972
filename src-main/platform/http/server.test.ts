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
