import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_HEADERS, PROTOCOL_VERSION } from '../../src-shared';
import {
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
  hostileArguments,
  hostileBodies,
  pick,
  seededRandom,
  type RawBody,
} from '../testing/fuzz-inputs';
import { LOCAL_SECRET_HEADER } from '../access';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Every route of both listeners and every tool, with malformed, oversized and hostile
// input: never a 500, a refused request changes nothing, and /api/health answers all along.
// Bounded in count and time; loopback only.

const SEED = 0x17f022;
// A safety valve, far above the ~1 minute the plan takes: the suite always ends by itself.
const DEADLINE_MS = 240_000;
const REQUEST_TIMEOUT_MS = 15_000;
const TOKEN = 'fuzz-enrollment-token-0123456789';
const PROTOCOL = { [PROTOCOL_HEADERS.version]: PROTOCOL_VERSION, [PROTOCOL_HEADERS.actor]: 'household' };
// Streams that stay open by design.
const LONG_LIVED = new Set(['GET /api/events']);

interface Outcome {
  readonly line: string;
  readonly status: number;
  readonly body: string;
}

let t: TestMaster;
const random = seededRandom(SEED);

beforeAll(async () => {
  t = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN, HOME_AUTOMATION_INTERVAL: '0' });
});
afterAll(async () => t?.close());

const desktop = () => ({ [LOCAL_SECRET_HEADER]: t.master.capabilities.access.localSecret });

async function send(base: string, method: string, path: string, raw?: RawBody, headers: Record<string, string> = {}): Promise<Outcome> {
  const line = `${method} ${path.slice(0, 160)}${raw ? ` [${raw.contentType ?? 'no type'}, ${raw.body.length} B]` : ''}`;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      // As the desktop window asks: the fuzz reaches the admin routes' handlers, not only the route table.
      headers: { ...(raw?.contentType ? { 'content-type': raw.contentType } : {}), ...desktop(), ...headers },
      ...(raw && method !== 'GET' && method !== 'HEAD' ? { body: raw.body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    return { line, status: res.status, body: body.slice(0, 300) };
  } catch (err) {
    return { line, status: -1, body: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

/** What the household, the documents, the workers and the audit log hold right now. */
async function digest(): Promise<string> {
  const get = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${t.url}${path}`, { headers: { ...desktop(), ...headers } })).json() as Promise<Record<string, unknown>>;
  const [home, docs, workers, sessions] = await Promise.all([
    get('/api/state'),
    get('/api/rag/documents?limit=1000'),
    get('/api/mesh/workers'),
    get('/api/protocol/sessions?limit=500', PROTOCOL),
  ]);
  const { now: _now, system: _system, ...state } = home;
  // Which documents, not how far their indexing has got: an accepted upload goes on
  // indexing in the background while later requests are refused.
  const documents = (docs.documents as { id: string; name: string; size: number }[]).map((d) => [d.id, d.name, d.size]);
  return JSON.stringify({ state, documents, workers, sessions: sessions.total });
}

function concretePath(url: string): string {
  return url
    .replace(/:[A-Za-z_]+/g, () => pick(random, HOSTILE_SEGMENTS))
    .replace(/\*$/, () => pick(random, ['', '../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', 'index.html%00.js', 'x'.repeat(2000)]));
}

describe('hostile uploads and text', () => {
  it('a malformed multipart upload is 400 and leaves no .incoming file and no document', async () => {
    const boundary = '----cut';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nthe body stops here`;
    for (const [contentType, body] of [
      [`multipart/form-data; boundary=${boundary}`, cut],
      ['multipart/form-data', cut],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, cut],
    ] as const) {
      const res = await send(t.url, 'POST', '/api/rag/documents', { contentType, body });
      expect(res.status, contentType).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('MALFORMED_MULTIPART');
    }
    expect((await t.request('/api/rag/documents')).json.documents).toEqual([]);
    expect(
      readdirSync(t.dataDir, { recursive: true })
        .map(String)
        .filter((f) => f.includes('.incoming-')),
    ).toEqual([]);
  });

  it('a lone UTF-16 surrogate in JSON is refused and never reaches the database', async () => {
    const bodies = [
      ['/api/tools/tasks_create', '{"arguments":{"title":"Einkauf \\ud800"}}'],
      ['/api/tasks', '{"title":"x","tags":["\\udfff"]}'],
      [
        '/api/calendar/import',
        '{"ics":"BEGIN:VCALENDAR\\r\\nBEGIN:VEVENT\\r\\nUID:s\\r\\nSUMMARY:\\ud800\\r\\nDTSTART:20300101T100000Z\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR"}',
      ],
      ['/api/groceries', '{"\\ud800":1,"name":"Milch"}'],
    ] as const;
    for (const [path, body] of bodies) {
      const res = await send(t.url, 'POST', path, { contentType: 'application/json', body });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('INVALID_TEXT');
    }
    const db = t.master.platform.db;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const table of ['household_tasks', 'household_events', 'household_groceries']) {
      // Read back as bytes: reading as text would hide invalid UTF-8 behind U+FFFD.
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => `CAST(${c.name} AS BLOB)`);
      const rows = db
        .prepare(`SELECT ${columns.join(', ')} FROM ${table}`)
        .raw()
        .all() as unknown[][];
      for (const row of rows) for (const cell of row) if (Buffer.isBuffer(cell)) expect(() => decoder.decode(cell)).not.toThrow();
    }
  });
});

describe('the fuzz suite', () => {
  it('every route and every tool: no 500, refusals change nothing, health answers throughout', async () => {
    const { api, mesh } = t.master.routes();
    expect(api.length).toBeGreaterThan(50);
    expect(mesh.length).toBeGreaterThan(0);

    const toolList = (await (await fetch(`${t.url}/api/agent/tools`)).json()) as {
      tools: { function: { name: string; parameters?: { properties?: Record<string, unknown> } } }[];
    };
    const tools = toolList.tools.map((x) => x.function);
    expect(tools.length).toBeGreaterThan(20);

    // Health is polled beside the fuzz the whole time.
    const health: number[] = [];
    let fuzzing = true;
    const poller = (async () => {
      while (fuzzing) {
        const res = await send(t.url, 'GET', '/api/health');
        health.push(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const plan: (() => Promise<Outcome>)[] = [];
    for (const route of [...api.map((r) => ({ ...r, base: t.url })), ...mesh.map((r) => ({ ...r, base: t.meshUrl! }))]) {
      if (LONG_LIVED.has(`${route.method} ${route.url}`)) continue;
      const headers = route.url.startsWith('/api/protocol') ? PROTOCOL : {};
      for (const query of HOSTILE_QUERIES)
        plan.push(() => send(route.base, route.method, concretePath(route.url) + query, undefined, headers));
      if (route.method !== 'GET')
        for (const body of hostileBodies(random)) plan.push(() => send(route.base, route.method, concretePath(route.url), body, headers));
    }
    for (const tool of tools) {
      for (let i = 0; i < 25; i++) {
        const args = hostileArguments(random, tool.parameters);
        plan.push(() =>
          send(t.url, 'POST', `/api/tools/${encodeURIComponent(tool.name)}`, {
            contentType: 'application/json',
            body: JSON.stringify({ arguments: args }),
          }),
        );
      }
    }
    expect(plan.length).toBeGreaterThan(2000);

    const errors: Outcome[] = [];
    const changedByRefusal: { outcome: Outcome; before: string; after: string }[] = [];
    const started = Date.now();
    let sent = 0;
    let before = await digest();
    for (const next of plan) {
      if (Date.now() - started > DEADLINE_MS) break;
      const outcome = await next();
      sent++;
      if (outcome.status === 500 || outcome.status === -1) errors.push(outcome);
      const after = await digest();
      if (outcome.status >= 400 && outcome.status < 500 && after !== before) changedByRefusal.push({ outcome, before, after });
      before = after;
    }
    fuzzing = false;
    await poller;

    expect(errors.map((e) => `${e.status} ${e.line}: ${e.body}`)).toEqual([]);
    expect(changedByRefusal.map((c) => `${c.outcome.status} ${c.outcome.line}: ${c.outcome.body}`)).toEqual([]);
    expect(sent).toBe(plan.length);
    expect(health.length).toBeGreaterThan(0);
    expect(health.filter((s) => s !== 200)).toEqual([]);
    // A refused upload leaves nothing behind.
    const filesDir = join(t.dataDir);
    expect(
      readdirSync(filesDir, { recursive: true })
        .map(String)
        .filter((f) => f.includes('.incoming-')),
    ).toEqual([]);
  }, 320_000);
});
