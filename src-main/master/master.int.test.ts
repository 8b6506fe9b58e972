import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import type { Capability } from '../platform/capability';

/** A route that echoes a validated body and one that fails, to test the shared server contract. */
const probe = (): Capability => ({
  name: 'probe',
  routeRules: Object.fromEntries(
    ['POST /api/probe', 'GET /api/probe/boom', 'GET /api/probe/refuse'].map((r) => [r, { access: 'member', listeners: ['loopback'] }]),
  ),
  routes(app) {
    app.post(
      '/api/probe',
      { schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } } },
      async (req) => ({ got: req.body }),
    );
    app.get('/api/probe/boom', async () => {
      throw new Error('secret internals /etc/passwd');
    });
    app.get('/api/probe/refuse', async () => {
      throw new Refusal('conflict', 'CONFLICT', 'already there');
    });
  },
});

function rawGet(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let t: TestMaster | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the master', () => {
  it('answers /api/health with ok and the version', async () => {
    t = await startTestMaster();
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, version: APP_VERSION });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    t = await startTestMaster();
    const res = await t.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nothing-here' } });
  });

  it('refuses a Host header that is not loopback (DNS rebinding)', async () => {
    t = await startTestMaster();
    const res = await rawGet(`${t.url}/api/health`, 'attacker.example:8080');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('HOST_NOT_ALLOWED');
    expect((await rawGet(`${t.url}/api/health`, 'localhost')).status).toBe(200);
  });

  it('turns malformed JSON, schema violations and crashes into JSON errors without stack traces', async () => {
    t = await startTestMaster({}, { extra: [probe] });
    const malformed = await t.request('/api/probe', { method: 'POST', body: '{"n": 1', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('INVALID_JSON');

    const invalid = await t.request('/api/probe', { json: { n: 'one' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({ code: 'INVALID_REQUEST', path: '/n' });

    const extra = await t.request('/api/probe', { json: { n: 1, drop: true } });
    expect(extra.status).toBe(400);

    expect((await t.request('/api/probe', { json: { n: 1 } })).json).toEqual({ got: { n: 1 } });

    const boom = await t.request('/api/probe/boom');
    expect(boom.status).toBe(500);
    expect(boom.text).not.toContain('passwd');
    expect(boom.text).not.toMatch(/at .*\.ts/);

    const refuse = await t.request('/api/probe/refuse');
    expect(refuse.status).toBe(409);
    expect(refuse.json).toEqual({ error: { code: 'CONFLICT', message: 'already there' } });
  });

  it('does not coerce types on API input', async () => {
    t = await startTestMaster({}, { extra: [probe] });
    expect((await t.request('/api/probe', { json: { n: '1' } })).status).toBe(400);
  });

  it('starts the mesh listener only with a usable enrollment token', async () => {
    t = await startTestMaster();
    expect(t.meshUrl).toBeUndefined();
    await t.close();
    t = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: 'a-long-enough-token' });
    expect(t.meshUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The mesh listener serves nothing of the household API.
    const res = await fetch(`${t.meshUrl}/api/health`);
    expect(res.status).toBe(404);
  });

  it('stops idempotently and closes its listeners', async () => {
    t = await startTestMaster();
    const url = t.url;
    await Promise.all([t.master.stop(), t.master.stop()]);
    await t.master.stop();
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(t.master.platform.db.open).toBe(false);
  });
});
