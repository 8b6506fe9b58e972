// A phone sends what it queued offline again when the connection returns, perhaps twice:
// a write with an Idempotency-Key has one effect, and the same key answers as the first time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytes } from '../testing/stored-bytes';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' });
});
afterAll(() => t.close());

const groceries = async () => ((await t.request('/api/groceries')).json.data.items as { name: string }[]).map((g) => g.name);

describe('Idempotency-Key on writes', () => {
  it('POST /api/tools/{name} twice with one key adds one grocery and repeats the first answer', async () => {
    const send = () =>
      t.request('/api/tools/groceries_add', {
        json: { arguments: { name: 'Hafermilch' } },
        headers: { 'idempotency-key': 'ui-offline-1' },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    // Adding a grocery that is on the list already would count it up: the item is as the first add left it.
    const items = (await t.request('/api/groceries')).json.data.items as { name: string }[];
    expect(items.filter((g) => g.name === 'Hafermilch')).toEqual([first.json.data]);
  });

  it('the REST write routes honour it too, also when both copies arrive at once', async () => {
    const send = () => t.request('/api/tasks', { json: { title: 'Fahrrad flicken' }, headers: { 'idempotency-key': 'ui-offline-2' } });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json).toEqual(a.json);
    const tasks = (await t.request('/api/tasks')).json.data.tasks as { title: string }[];
    expect(tasks.filter((x) => x.title === 'Fahrrad flicken')).toHaveLength(1);
  });

  it('the same key with another request is refused and writes nothing', async () => {
    await t.request('/api/groceries', { json: { name: 'Brot' }, headers: { 'idempotency-key': 'ui-offline-3' } });
    const other = await t.request('/api/groceries', { json: { name: 'Butter' }, headers: { 'idempotency-key': 'ui-offline-3' } });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await groceries()).not.toContain('Butter');
  });

  it('a malformed key is a clear 400; writes without a key behave as always', async () => {
    const bad = await t.request('/api/groceries', { json: { name: 'Salz' }, headers: { 'idempotency-key': 'x'.repeat(200) } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('INVALID_IDEMPOTENCY_KEY');
    await t.request('/api/groceries', { json: { name: 'Reis' } });
    await t.request('/api/groceries', { json: { name: 'Reis' } });
    expect(await groceries()).not.toContain('Salz');
  });
});

describe('Idempotency-Key on answers that carry a secret', () => {
  const stored = () => storedBytes(t.dataDir);

  it('an MCP token is handed out once and never stored; a replay gets the record without it', async () => {
    const send = () => t.request('/api/mcp/tokens', { json: { name: 'Laptop-Agent' }, headers: { 'idempotency-key': 'mint-1' } });
    const first = await send();
    expect(first.status).toBe(201);
    const token = first.json.token as string;
    expect(token.length).toBeGreaterThan(20);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.json).toEqual({ info: first.json.info });
    expect(stored()).not.toContain(token);
    // One token made, not two.
    const tokens = (await t.request('/api/mcp/tokens')).json.tokens as { name: string }[];
    expect(tokens.filter((x) => x.name === 'Laptop-Agent')).toHaveLength(1);
  });
});
