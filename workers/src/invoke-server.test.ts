import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_PROTOCOL, type WorkerHealth } from '../../src-shared';
import { createInvokeServer } from './invoke-server';
import { scanSkills } from './skill-catalog';

const TOKEN = 'acc_test_token_0123456789';
const health: WorkerHealth = { ok: true, name: 'test', runtime: 'node', enrolled: true, skills: [], errors: [] };
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const catalog = scanSkills(join(import.meta.dirname, '..', '..', 'skills', 'demo-text'), 'node');
  const server = createInvokeServer({
    currentToken: () => TOKEN,
    catalog: () => catalog,
    policy: { allowSystemExec: false, maxTimeoutMs: 5000, maxOutputKb: 64, hostEnv: {} },
    reload: async () => health,
    health: () => health,
    log: () => {},
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(() => close());

const envelope = (over: Record<string, unknown> = {}) => ({
  protocol: INVOKE_PROTOCOL,
  request_id: 'req_1',
  skill_id: 'demo.text',
  action: 'count_words',
  input: { text: 'a b' },
  context: { trace_id: 't1', now: '2026-12-01T09:00:00Z', timezone: 'Europe/Berlin' },
  ...over,
});

async function invoke(body: unknown) {
  const res = await fetch(`${url}/v1/invoke`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { error?: { code: string; path?: string } } };
}

describe('the worker refuses a bad invoke envelope with a clear error', () => {
  it.each([
    ['malformed JSON', '{"protocol":', 'INVALID_JSON', undefined],
    ['the local protocol name', envelope({ protocol: 'jarvis.skill.v1' }), 'INVALID_ENVELOPE', '/protocol'],
    ['a request id over 200 characters', envelope({ request_id: 'r'.repeat(201) }), 'INVALID_ENVELOPE', '/request_id'],
    ['an unknown field', envelope({ extra: true }), 'INVALID_ENVELOPE', undefined],
    [
      'a context without time zone',
      envelope({ context: { trace_id: 't', now: '2026-12-01T09:00:00Z' } }),
      'INVALID_ENVELOPE',
      '/context/timezone',
    ],
    [
      'a date that is no date',
      envelope({ context: { trace_id: 't', now: 'gestern', timezone: 'UTC' } }),
      'INVALID_ENVELOPE',
      '/context/now',
    ],
  ])('%s', async (_name, body, code, path) => {
    const res = await invoke(body);
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe(code);
    if (path) expect(res.json.error?.path).toBe(path);
  });

  it('answers an unknown skill with 404 and a skill it serves with its result', async () => {
    expect((await invoke(envelope({ skill_id: 'nope' }))).status).toBe(404);
    const ok = await invoke(envelope({ request_id: 'r'.repeat(200) }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ protocol: INVOKE_PROTOCOL, success: true, data: { words: 2 } });
  });
});
