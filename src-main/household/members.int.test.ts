// Members and assignees over HTTP with the real master. LAN requests are stood in for by a
// test capability that sets the viewer as the LAN listener's authentication does.
import { afterEach, describe, expect, it } from 'vitest';
import type { Capability } from '../platform/capability';
import { setViewer } from '../platform/viewer';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let t: TestMaster | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const clockNow = new Date('2026-11-30T09:00:00Z');

/** `x-test-member: <id>` makes a request a paired device's of that member. */
const lanViewer = (): Capability => ({
  name: 'test-lan-viewer',
  routes(app) {
    app.addHook('onRequest', async (req) => {
      const member = req.headers['x-test-member'];
      if (typeof member === 'string') setViewer(req, { via: 'lan', deviceId: 'dev_test', memberId: member });
    });
  },
});

async function start(): Promise<TestMaster> {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' }, { clock: () => clockNow, extra: [lanViewer] });
  return t;
}

function snapshot(m: TestMaster): string {
  const db = m.master.platform.db;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'household_%' ORDER BY name").all() as {
    name: string;
  }[];
  return JSON.stringify(tables.map((x) => [x.name, db.prepare(`SELECT * FROM ${x.name} ORDER BY rowid`).all()]));
}

describe('members API', () => {
  it('lists the desktop member from the first run, and the household adds, renames and removes members', async () => {
    const m = await start();
    const first = await m.request('/api/members');
    expect(first.status).toBe(200);
    expect(first.json.members).toHaveLength(1);
    const desktop = first.json.members[0];
    expect(desktop).toMatchObject({ is_desktop: true, is_admin: true });
    expect(desktop.id).toMatch(/^mem_/);

    const paul = await m.request('/api/members', { json: { name: 'Paul', language: 'en' } });
    expect(paul.status).toBe(201);
    expect(paul.json).toMatchObject({ name: 'Paul', initial: 'P', language: 'en', is_admin: false });

    const renamed = await m.request(`/api/members/${paul.json.id}`, { method: 'PATCH', json: { name: 'Pauli', color: '#123456' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Pauli', color: '#123456' });

    const state = await m.request('/api/state');
    expect(state.json.members.map((x: { name: string }) => x.name)).toEqual([desktop.name, 'Pauli']);
    expect(state.json.viewer_member).toBe(desktop.id);

    const removed = await m.request(`/api/members/${paul.json.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await m.request('/api/members')).json.members).toHaveLength(1);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const m = await start();
    await m.request('/api/members', { json: { name: 'Paul' } });
    const before = snapshot(m);
    for (const body of [
      {},
      { name: 'paul' },
      { name: 'Mia', color: 'blue' },
      { name: 'Mia', role: 'x' },
      { name: 'Mia', language: 'fr' },
    ]) {
      const res = await m.request('/api/members', { json: body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.error.message).toBeTruthy();
    }
    expect((await m.request('/api/members/mem_nobody', { method: 'PATCH', json: { name: 'X' } })).status).toBe(404);
    expect((await m.request('/api/members/mem_nobody', { method: 'DELETE' })).status).toBe(404);
    expect(snapshot(m)).toBe(before);
  });

  it('a paired device of a member who is no admin reads the members but may not change them; an admin may', async () => {
    const m = await start();
    const paul = (await m.request('/api/members', { json: { name: 'Paul' } })).json;
    const mia = (await m.request('/api/members', { json: { name: 'Mia', is_admin: true } })).json;
    const asPaul = { 'x-test-member': paul.id };
    expect((await m.request('/api/members', { headers: asPaul })).status).toBe(200);
    const before = snapshot(m);
    const refused = await m.request('/api/members', { json: { name: 'Lena' }, headers: asPaul });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('ADMIN_ONLY');
    expect((await m.request(`/api/members/${paul.id}`, { method: 'PATCH', json: { is_admin: true }, headers: asPaul })).status).toBe(403);
    expect((await m.request(`/api/members/${mia.id}`, { method: 'DELETE', headers: asPaul })).status).toBe(403);
    expect(snapshot(m)).toBe(before);
    const byAdmin = await m.request('/api/members', { json: { name: 'Lena' }, headers: { 'x-test-member': mia.id } });
    expect(byAdmin.status).toBe(201);
    const state = await m.request('/api/state', { headers: asPaul });
    expect(state.json.viewer_member).toBe(paul.id);
  });
});

describe('assignees over HTTP', () => {
  it('list routes filter by ?assignee=mine|everyone|<id>; "mine" is the asking device\'s member or the desktop member', async () => {
    const m = await start();
    const desktop = (await m.request('/api/members')).json.members[0];
    const paul = (await m.request('/api/members', { json: { name: 'Paul' } })).json;
    const asPaul = { 'x-test-member': paul.id };
    const created = await m.request('/api/tasks', { json: { title: 'Rasen mähen', assignee: 'Paul' } });
    expect(created.status).toBe(201);
    expect(created.json.data.assignee).toBe(paul.id);
    await m.request('/api/tasks', { json: { title: 'Steuer', assignee: desktop.id } });
    await m.request('/api/tasks', { json: { title: 'Einkaufen' } });
    await m.request('/api/calendar', {
      json: { title: 'Training', when: { kind: 'relative', offset_days: 1, time: '17:00' }, assignee: paul.id },
    });
    await m.request('/api/reminders', {
      json: { text: 'Geschenk', when: { kind: 'relative', offset_days: 1 }, assignee: 'me' },
      headers: asPaul,
    });

    const titles = async (path: string, key: string, headers: Record<string, string> = {}) =>
      (await m.request(path, { headers })).json.data[key].map((x: { title?: string; text?: string }) => x.title ?? x.text);
    expect(await titles('/api/tasks?assignee=mine', 'tasks')).toEqual(['Steuer']);
    expect(await titles('/api/tasks?assignee=mine', 'tasks', asPaul)).toEqual(['Rasen mähen']);
    expect(await titles(`/api/tasks?assignee=${paul.id}`, 'tasks')).toEqual(['Rasen mähen']);
    expect(await titles('/api/tasks?assignee=everyone', 'tasks')).toEqual(['Rasen mähen', 'Steuer', 'Einkaufen']);
    expect(await titles('/api/kanban?assignee=mine', 'cards', asPaul)).toEqual(['Rasen mähen']);
    expect(await titles('/api/calendar?assignee=mine&days=7', 'events', asPaul)).toEqual(['Training']);
    expect(await titles('/api/calendar?assignee=mine&days=7', 'events')).toEqual([]);
    expect(await titles('/api/reminders?assignee=mine', 'reminders', asPaul)).toEqual(['Geschenk', 'Training']);

    const state = (await m.request('/api/state')).json;
    expect(state.tasks.find((t: { title: string }) => t.title === 'Rasen mähen').assignee).toBe(paul.id);
    expect(state.events[0].assignee).toBe(paul.id);
  });

  it('an unknown assignee is a clear 400 and changes nothing', async () => {
    const m = await start();
    const task = (await m.request('/api/tasks', { json: { title: 'Rasen mähen' } })).json.data;
    const before = snapshot(m);
    const created = await m.request('/api/tasks', { json: { title: 'X', assignee: 'Lena' } });
    expect(created.status).toBe(400);
    expect(created.json.error).toMatchObject({ code: 'INVALID_INPUT', path: '/assignee' });
    expect((await m.request(`/api/tasks/${task.id}`, { method: 'PATCH', json: { assignee: 'mem_nobody' } })).status).toBe(400);
    expect((await m.request('/api/tasks?assignee=Lena')).status).toBe(400);
    expect(snapshot(m)).toBe(before);
  });
});
