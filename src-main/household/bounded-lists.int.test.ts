import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_HEADERS, PROTOCOL_VERSION, STATE_LIST_LIMIT, type HomeState, type Task } from '../../src-shared';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../platform/paging';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A household far larger than any screen: 50,000 tasks (a tenth of them done) and 3,000
// groceries, written straight into the database as years of use would leave them.
const TASKS = 50_000;
const GROCERIES = 3_000;

let t: TestMaster;
beforeAll(async () => {
  t = await startTestMaster();
  const db = t.master.platform.db;
  const task = db.prepare(
    "INSERT INTO household_tasks (id, title, priority, status, created_ms, updated_ms) VALUES (?, ?, 'normal', ?, ?, ?)",
  );
  const grocery = db.prepare("INSERT INTO household_groceries (id, name, source, created_ms, updated_ms) VALUES (?, ?, 'manual', ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < TASKS; i++) task.run(`task_${i}`, `Aufgabe ${i}`, i % 10 === 0 ? 'done' : 'open', i, i);
    for (let i = 0; i < GROCERIES; i++) grocery.run(`groc_${i}`, `Artikel ${i}`, i, i);
  })();
}, 60_000);
afterAll(async () => t?.close());

describe('a large household', () => {
  it('/api/state carries at most a screenful per list, open tasks first, and the full counts', async () => {
    const res = await t.request('/api/state');
    expect(res.status).toBe(200);
    const state = res.json as HomeState;
    for (const list of ['events', 'tasks', 'reminders', 'groceries', 'recipes', 'meals', 'kanban'] as const) {
      expect(state[list].length, list).toBeLessThanOrEqual(STATE_LIST_LIMIT);
    }
    expect(state.tasks).toHaveLength(STATE_LIST_LIMIT);
    expect(state.tasks.every((x) => x.status !== 'done')).toBe(true);
    expect(state.groceries).toHaveLength(STATE_LIST_LIMIT);
    expect(state.totals).toEqual({ tasks: TASKS, groceries: GROCERIES });
    // 500 tasks and 500 groceries of a few hundred bytes each, not 50,000.
    expect(res.text.length).toBeLessThan(1_000_000);
  });

  it('a small household gets its whole state and no totals', async () => {
    const small = await startTestMaster();
    try {
      await small.request('/api/tools/tasks_create', { json: { arguments: { title: 'Eine' } } });
      const state = (await small.request('/api/state')).json as HomeState;
      expect(state.tasks).toHaveLength(1);
      expect(state.totals).toBeUndefined();
    } finally {
      await small.close();
    }
  });

  it('GET /api/tasks pages through every task with limit, offset and next', async () => {
    const first = await t.request('/api/tasks?status=all');
    expect(first.status).toBe(200);
    expect(first.json.success).toBe(true);
    expect(first.json.data.tasks).toHaveLength(PAGE_LIMIT_DEFAULT);
    expect(first.json.data.total).toBe(TASKS);
    expect(first.json.data.next).toBe(PAGE_LIMIT_DEFAULT);

    const seen = new Set<string>();
    let offset: number | undefined = TASKS - 2 * PAGE_LIMIT_MAX;
    let pages = 0;
    while (offset !== undefined) {
      const page = await t.request(`/api/tasks?status=all&limit=${PAGE_LIMIT_MAX}&offset=${offset}`);
      for (const task of page.json.data.tasks as Task[]) seen.add(task.id);
      offset = page.json.data.next;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen.size).toBe(2 * PAGE_LIMIT_MAX);
  });

  it('refuses a limit that is not a number or above the maximum, with the parameter named', async () => {
    for (const query of ['limit=0', `limit=${PAGE_LIMIT_MAX + 1}`, 'limit=abc', 'offset=-1', 'limit=1e3']) {
      const res = await t.request(`/api/groceries?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code).toBe('INVALID_REQUEST');
      expect(res.json.error.message).toMatch(/querystring\/(limit|offset)/);
    }
  });

  it('pages the documents and the protocol sessions the same way', async () => {
    const docs = await t.request('/api/rag/documents?limit=5');
    expect(docs.status).toBe(200);
    expect(docs.json).toEqual({ documents: [], total: 0 });
    const headers = { [PROTOCOL_HEADERS.version]: PROTOCOL_VERSION, [PROTOCOL_HEADERS.actor]: 'act_household' };
    const sessions = await t.request('/api/protocol/sessions?limit=3', { headers });
    expect(sessions.status).toBe(200);
    expect(sessions.json).toEqual({ sessions: [], total: 0 });
    const tooMany = await t.request('/api/protocol/sessions?limit=501', { headers });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.message).toBe('querystring/limit must be between 1 and 500');
  });
});
