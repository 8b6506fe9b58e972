// Issue 37: a household create or edit is refused past 64 KB, a mesh enroll or heartbeat past
// 16 KB: a clear 413 before the body is parsed, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_PROTOCOL } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const TOKEN = 'body-limit-enrollment-token-0123456789';
let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0', JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN });
});
afterAll(() => t.close());

const KB = 1024;
const tasks = async () => JSON.stringify((await t.request('/api/tasks')).json);
const members = async () => JSON.stringify((await t.request('/api/members')).json);

async function mesh(path: string, body: unknown, token?: string) {
  const res = await fetch(`${t.meshUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const enroll = (extra: Record<string, unknown> = {}) => ({
  protocol: WORKER_PROTOCOL,
  enrollment_token: TOKEN,
  name: 'limits',
  runtime: 'python',
  endpoint: 'http://127.0.0.1:9',
  ...extra,
});

describe('household create and edit bodies', () => {
  it('a create over 64 KB is a 413 that adds nothing', async () => {
    const before = await tasks();
    const res = await t.request('/api/tasks', { json: { title: 'x'.repeat(65 * KB) } });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('BODY_TOO_LARGE');
    expect(await tasks()).toBe(before);
  });

  it('an edit over 64 KB is a 413 that changes nothing', async () => {
    const made = await t.request('/api/tasks', { json: { title: 'Müll rausbringen' } });
    expect(made.status).toBe(201);
    const id = (made.json.data?.task?.id ?? made.json.data?.id) as string;
    expect(id).toBeTruthy();
    const before = await tasks();
    const res = await t.request(`/api/tasks/${id}`, { method: 'PATCH', json: { title: 'y'.repeat(65 * KB) } });
    expect(res.status).toBe(413);
    expect(await tasks()).toBe(before);
  });

  it('a member create over 64 KB is a 413 that adds no one', async () => {
    const before = await members();
    const res = await t.request('/api/members', { json: { name: 'Anna', note: 'z'.repeat(65 * KB) } });
    expect(res.status).toBe(413);
    expect(await members()).toBe(before);
  });
});

describe('mesh enroll and heartbeat bodies', () => {
  it('an enroll over 16 KB is a 413 that enrolls nobody', async () => {
    const res = await mesh('/api/mesh/enroll', enroll({ padding: 'p'.repeat(17 * KB) }));
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('BODY_TOO_LARGE');
    expect((await t.request('/api/mesh/workers')).json.workers).toEqual([]);
  });

  it('a heartbeat over 16 KB is a 413; an ordinary one still answers', async () => {
    const enrolled = await mesh('/api/mesh/enroll', enroll());
    expect(enrolled.status).toBe(201);
    const { worker_id: id, access_token: token } = enrolled.json;
    const big = await mesh(`/api/mesh/workers/${id}/heartbeat`, { padding: 'p'.repeat(17 * KB) }, token);
    expect(big.status).toBe(413);
    const small = await mesh(`/api/mesh/workers/${id}/heartbeat`, {}, token);
    expect(small.status).toBe(200);
  });
});
