import { afterEach, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:csrf-1@test',
  'DTSTART:20300101T100000Z',
  'DTEND:20300101T110000Z',
  'SUMMARY:Planted',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
const TOKEN = 'enrollment-token-of-the-test';

let t: TestMaster | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const calendar = async (m: TestMaster) =>
  (await m.request('/api/tools/calendar_list', { json: { arguments: { from: { kind: 'absolute', date: '2030-01-01' }, days: 3 } } })).json
    .data.events as unknown[];

describe('cross-site requests', () => {
  it('a page of another site cannot import a calendar, create or delete a task; nothing changes', async () => {
    t = await startTestMaster();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'http://127.0.0.2:' + new URL(t.url).port },
    ];
    for (const headers of foreign) {
      const imported = await t.request('/api/calendar/import', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: ICS,
      });
      expect(imported.status).toBe(403);
      expect(imported.json.error.code).toBe('CROSS_SITE_REQUEST');
      expect(imported.json.error.message).toMatch(/another web site/);
      const task = await t.request('/api/tools/tasks_create', { headers, json: { arguments: { title: 'planted' } } });
      expect(task.status).toBe(403);
      const removed = await t.request('/api/tasks/nope', { method: 'DELETE', headers });
      expect(removed.status).toBe(403);
    }
    expect(await calendar(t)).toEqual([]);
    expect((await t.request('/api/state')).json.tasks).toEqual([]);
  });

  it('the UI of the listener itself, and programs without an Origin, still write', async () => {
    t = await startTestMaster();
    const own = { origin: t.url, 'sec-fetch-site': 'same-origin' };
    expect((await t.request('/api/tools/tasks_create', { headers: own, json: { arguments: { title: 'from the UI' } } })).status).toBe(200);
    expect(
      (await t.request('/api/calendar/import', { method: 'POST', headers: { 'content-type': 'text/calendar' }, body: ICS })).status,
    ).toBe(200);
    expect((await t.request('/api/state')).json.tasks.map((x: { title: string }) => x.title)).toEqual(['from the UI']);
    expect(await calendar(t)).toHaveLength(1);
  });

  it('the mesh listener refuses a browser-made enrollment (workers send no Origin)', async () => {
    t = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN });
    const body = JSON.stringify({
      protocol: 'jarvis.skill.worker.v1',
      enrollment_token: TOKEN,
      name: 'w',
      runtime: 'node',
      endpoint: 'http://127.0.0.1:9',
      version: '1',
    });
    const enroll = (headers: Record<string, string>) =>
      fetch(`${t!.meshUrl}/api/mesh/enroll`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const browser = await enroll({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(browser.status).toBe(403);
    expect(((await browser.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE_REQUEST');
    expect((await t.request('/api/mesh/workers')).json.workers).toEqual([]);
    expect((await enroll({})).status).toBe(201);
  });
});
