import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_DOMAINS, HOME_STATE_BASE, HOME_STATE_FIELD, type HomeState } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';

let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' });
  await t.request('/api/tools/tasks_create', { json: { arguments: { title: 'Fahrrad reparieren' } } });
  await t.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch' } } });
  await t.request('/api/tools/kanban_create', { json: { arguments: { title: 'Keller', column: 'TODO' } } });
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/state?domains=', () => {
  it('answers only the named domains, with the fields every screen needs', async () => {
    const whole = (await t.request('/api/state')).json as HomeState;
    const res = await t.request('/api/state?domains=tasks,kanban');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual([...HOME_STATE_BASE, 'kanban', 'tasks'].sort());
    expect(res.json.tasks).toEqual(whole.tasks);
    expect(res.json.kanban).toEqual(whole.kanban);
    expect(res.json.viewer_member).toBe(whole.viewer_member);
    expect(whole.groceries.map((g) => g.name)).toEqual(['Milch']);
  });

  it('takes the parameter more than once, and the chore chart only when asked for', async () => {
    const res = await t.request('/api/state?domains=groceries&domains=chores');
    expect(res.status).toBe(200);
    expect(res.json.groceries.map((g: { name: string }) => g.name)).toEqual(['Milch']);
    expect(res.json.chores).toMatchObject({ chores: [] });
    expect(res.json).not.toHaveProperty('tasks');
    expect((await t.request('/api/state?domains=tasks')).json).not.toHaveProperty('chores');
  });

  it('refuses an unknown domain with 400, its code and the domains it knows', async () => {
    const res = await t.request('/api/state?domains=tasks,weather');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'UNKNOWN_DOMAIN', path: '/domains' });
    expect(res.json.error.message).toContain('"weather"');
    expect(res.json.error.message).toContain('calendar, tasks, reminders');
    const empty = await t.request('/api/state?domains=');
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe('UNKNOWN_DOMAIN');
  });

  it('without the parameter answers the whole state as before', async () => {
    const res = await t.request('/api/state');
    expect(res.status).toBe(200);
    // Every field of HomeState is the base or one domain's (a unit test of the table proves it).
    expect(Object.keys(res.json).sort()).toEqual([...HOME_STATE_BASE, ...HOME_DOMAINS.map((d) => HOME_STATE_FIELD[d])].sort());
  });
});
