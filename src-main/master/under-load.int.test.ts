import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_PROTOCOL } from '../../src-shared';
import { LOCAL_SECRET_HEADER } from '../access';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The household's own create routes stop at 64 KB before parsing; the generic tool route takes
// bodies up to the server's 1 MB, so the parser's own limits are tried there.
const TOOL_ROUTE = '/api/tools/tasks_create';

// Hostile and heavy requests get a clear refusal, and /api/health is answered while they are
// still being worked on. Only behaviour is asserted (what answers first), never a duration.

const TOKEN = 'under-load-enrollment-token-0123456789';
let t: TestMaster;

beforeAll(async () => {
  t = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN, HOME_AUTOMATION_INTERVAL: '0' });
});
afterAll(async () => t?.close());

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Sends `body` in full; `onSent` runs once the last byte has left this side. */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  onSent?: () => void,
): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path: url.pathname, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      // A master that refused the body may reset the connection while the answer is read.
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('finish', () => onSent?.());
    req.end(body);
  });
}

const desktop = () => ({ 'content-type': 'application/json', [LOCAL_SECRET_HEADER]: t.master.capabilities.access.localSecret });

/** Sends the heavy request; once its last byte is out, asks for health. Which answered first, and both answers. */
async function race(heavy: (onSent: () => void) => Promise<Answer>): Promise<{ first: string; heavy: Answer; health: Answer }> {
  const order: string[] = [];
  let onSent!: () => void;
  const sent = new Promise<void>((resolve) => (onSent = resolve));
  const heavyAnswer = heavy(onSent).then((a) => {
    order.push('heavy');
    return a;
  });
  heavyAnswer.catch(() => onSent());
  await sent;
  const res = await fetch(`${t.url}/api/health`);
  const health = { status: res.status, body: await res.text() };
  order.push('health');
  return { first: order[0]!, heavy: await heavyAnswer, health };
}

describe('hostile JSON bodies', () => {
  it('a body over the limit is 413, one nested too deep or cut short is 400 with a clear error', async () => {
    const over = await send(t.url, 'POST', TOOL_ROUTE, desktop(), Buffer.from(JSON.stringify({ title: 'x'.repeat(1_100_000) })));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).error.code).toBe('BODY_TOO_LARGE');
    const deep = await send(t.url, 'POST', TOOL_ROUTE, desktop(), Buffer.from('['.repeat(500_000)));
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body).error).toMatchObject({ code: 'INVALID_JSON', message: expect.stringContaining('nested deeper than 64') });
    const cut = await send(t.url, 'POST', TOOL_ROUTE, desktop(), Buffer.from(`{"title":"x","tags":[${'"t",'.repeat(100_000)}`));
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.body).error.code).toBe('INVALID_JSON');
  });

  it('health is answered while a large body of many values is still being parsed', async () => {
    // 1 MB of empty arrays: JSON.parse alone would hold the event loop for all of it.
    const body = Buffer.from(`[${Array.from({ length: 300_000 }, () => '[]').join(',')}]`);
    const r = await race((onSent) => send(t.url, 'POST', TOOL_ROUTE, desktop(), body, onSent));
    expect(r.health.status).toBe(200);
    expect(r.heavy.status).toBe(400);
    expect(JSON.parse(r.heavy.body).error.code).toBe('INVALID_REQUEST');
    expect(r.first).toBe('health');
  });

  it('many hostile requests at once all get a refusal, none an error or no answer, and health answers after', async () => {
    const bodies = [
      '{',
      '{"title":',
      '[]',
      '{"__proto__":{"polluted":true}}',
      `[${'['.repeat(100)}]`,
      JSON.stringify({ title: 'y'.repeat(1_100_000) }),
      `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    ];
    const answers = await Promise.all(
      Array.from({ length: 42 }, (_, i) => send(t.url, 'POST', '/api/tasks', desktop(), Buffer.from(bodies[i % bodies.length]!))),
    );
    for (const a of answers) {
      expect(a.status, a.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(a.status, a.body.slice(0, 200)).toBeLessThan(500);
      expect(JSON.parse(a.body).error.message).toBeTruthy();
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

describe('large mesh uploads', () => {
  /** 64 skills of 2 actions, whose schemas differ by `n`: nothing of an earlier upload is reused. */
  function manifests(n: number) {
    const props = Object.fromEntries(
      Array.from({ length: 4 }, (_, p) => [
        `f${n}_${p}`,
        {
          type: 'object',
          properties: { text: { type: 'string', maxLength: 200 + p, pattern: `^[a-z${p}]*$` }, n: { type: 'integer', maximum: 1000 + n } },
          additionalProperties: false,
        },
      ]),
    );
    return {
      protocol: WORKER_PROTOCOL,
      skills: Array.from({ length: 64 }, (_, s) => ({
        protocol: 'jarvis.skill.v1',
        id: `load.s${s}`,
        name: `Load ${s}`,
        version: `1.0.${n}`,
        runtime: { type: 'process', command: './run' },
        actions: ['a', 'b'].map((name) => ({
          name,
          description: 'd',
          input_schema: { type: 'object', properties: props, additionalProperties: false },
        })),
      })),
    };
  }

  it('health is answered while a worker upload of many new manifests is checked; a second upload meanwhile is 429', async () => {
    const enrolled = await fetch(`${t.meshUrl}/api/mesh/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        protocol: WORKER_PROTOCOL,
        enrollment_token: TOKEN,
        name: 'uploader',
        runtime: 'node',
        endpoint: 'http://127.0.0.1:9',
      }),
    });
    expect(enrolled.status).toBe(201);
    const { worker_id: id, access_token: bearer } = (await enrolled.json()) as { worker_id: string; access_token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${bearer}` };
    const path = `/api/mesh/workers/${id}/skills`;

    // The second upload leaves once the first is sent; on a busy machine it can still reach the
    // check first. Whichever is checked answers 200 after health; the other is 429 at once.
    const order: string[] = [];
    const noted = (name: string) => (a: Answer) => (order.push(`${name}:${a.status}`), a);
    let second: Promise<Answer> | undefined;
    const r = await race((onSent) =>
      send(t.meshUrl!, 'PUT', path, headers, Buffer.from(JSON.stringify(manifests(1))), () => {
        second = send(t.meshUrl!, 'PUT', path, headers, Buffer.from(JSON.stringify(manifests(2)))).then(noted('upload'));
        onSent();
      }).then(noted('upload')),
    );
    const other = await second!;
    expect(r.health.status).toBe(200);
    const [checked, busy] = [r.heavy, other].sort((a, b) => a.status - b.status);
    expect(checked!.status, checked!.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(checked!.body)).toEqual({ skills: 64, actions: 128 });
    expect(busy!.status).toBe(429);
    expect(JSON.parse(busy!.body).error.code).toBe('SKILLS_PUT_BUSY');
    // Health did not wait for the check: it answered before the checked upload did.
    if (checked === r.heavy) expect(r.first).toBe('health');
    expect(order.at(-1)).toBe('upload:200');
  });

  it('a mesh upload of many MB is 413 at once and health answers', async () => {
    const big = Buffer.alloc(24 * 1024 * 1024, 0x5b);
    const a = await send(t.meshUrl!, 'PUT', '/api/mesh/workers/wrk_x/skills', { 'content-type': 'application/json' }, big).catch(
      (err: Error) => ({ status: -1, body: err.message }),
    );
    // The master may close the connection once it has refused what it will not read.
    if (a.status !== -1) expect(a.status).toBe(413);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});
