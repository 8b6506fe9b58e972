import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoreChart, HomeState } from '../../../../src-shared';
import { pairDevice, rawRequest } from '../../../testing/lan-devices';
import { startTestMaster, type TestMaster } from '../../../testing/test-master';

// The chore chart over HTTP against the real master: a parent sets it up on the desktop, a
// child's paired phone ticks but cannot change the chart (neither by route nor by tool nor by
// sentence), a parent's phone takes a tick back and pays out a reward.

let t: TestMaster;
let lan: URL;
const phone = {} as Record<'child' | 'adult', { cookie: string; id: string }>;

beforeAll(async () => {
  t = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_TIMEZONE: 'Europe/Berlin' });
  lan = new URL((await t.request('/api/devices')).json.lan.url);
  for (const [role, name] of [
    ['child', 'Mia'],
    ['adult', 'Papa'],
  ] as const) {
    const member = await t.request('/api/members', { json: { name, role } });
    expect(member.status, member.text).toBe(201);
    phone[role] = { id: member.json.id, cookie: await pairDevice(t, lan, member.json.id, `Handy ${name}`) };
  }
  expect((await t.request('/api/members', { json: { name: 'Leon', role: 'child' } })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const on = (who: 'child' | 'adult', method: string, path: string, json?: unknown) =>
  rawRequest(lan, method, path, { cookie: phone[who].cookie, ...(json !== undefined ? { json } : {}) });
const chart = async (): Promise<ChoreChart> => ((await t.request('/api/state')).json as HomeState).chores!;
const mine = async (id: string) => (await chart()).members.find((m) => m.member_id === id);

describe('the chore chart over HTTP', () => {
  let choreId: string;
  let tickId: string;

  it('a parent sets up a rotating chore on the desktop; it is in the state and on GET /api/chores', async () => {
    const created = await t.request('/api/chores', {
      json: { title: 'Müll rausbringen', members: ['Mia', 'Leon'], rotate: true, every: 'weekly', stars: 5 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.message).toBe('Hausarbeit „Müll rausbringen“ angelegt: Mia und Leon im Wechsel, wöchentlich.');
    choreId = created.json.data.id;
    expect((await mine(phone.child.id))?.week).toMatchObject([{ chore_id: choreId, title: 'Müll rausbringen', tick_id: null }]);
    const listed = await on('child', 'GET', '/api/chores');
    expect(listed.status).toBe(200);
    expect(listed.json.data.chores).toHaveLength(1);
  });

  it('a child may not change the chart: not by route, not by the tool, not by a sentence; nothing changes', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/chores', { title: 'Fernsehen', members: ['Mia'], every: 'daily' }],
      ['PATCH', `/api/chores/${choreId}`, { stars: 100 }],
      ['DELETE', `/api/chores/${choreId}`, undefined],
      ['POST', '/api/chores/rewards', { member: 'Mia', title: 'Eis', stars: 1 }],
    ] as const) {
      const answer = await on('child', method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(403);
      expect(answer.json.error.code).toBe('ADULTS_ONLY');
    }
    const byTool = await on('child', 'POST', '/api/tools/chores_update', { arguments: { id: choreId, stars: 100 } });
    expect(byTool.status, byTool.text).toBe(403);
    expect(byTool.json.error.code).toBe('POLICY_DENIED');
    const bySentence = await on('child', 'POST', '/api/agent/chat', { message: 'Fernsehen: Mia, täglich, 50 Sterne' });
    expect(bySentence.status, bySentence.text).toBe(200);
    expect(bySentence.json.reply).toBe('Hausarbeiten legen die Eltern an; abhaken kannst du sie selbst.');
    const now = await chart();
    expect(now.chores).toMatchObject([{ id: choreId, stars: 5 }]);
  });

  it('a child ticks their chore on the phone without approval and gets the stars; Leon is next', async () => {
    const ticked = await on('child', 'POST', `/api/chores/${choreId}/tick`, {});
    expect(ticked.status, ticked.text).toBe(201);
    expect(ticked.json.message).toBe('„Müll rausbringen“ erledigt von Mia: 5 Sterne. Als Nächstes ist Leon dran.');
    tickId = ticked.json.data.id;
    expect(await mine(phone.child.id)).toMatchObject({ stars_week: 5, week: [{ tick_id: tickId }] });
    const again = await on('child', 'POST', `/api/chores/${choreId}/tick`, {});
    expect(again.status).toBe(409);
  });

  it('a child may not take a tick back; a parent may, and the stars go with it', async () => {
    const byChild = await on('child', 'POST', `/api/chores/ticks/${tickId}/undo`, {});
    expect(byChild.status).toBe(403);
    const byParent = await on('adult', 'POST', `/api/chores/ticks/${tickId}/undo`, {});
    expect(byParent.status, byParent.text).toBe(200);
    expect(await mine(phone.child.id)).toMatchObject({ stars_week: 0, week: [{ tick_id: null }] });
  });

  it('a parent turns the week’s stars into a reward, and not more stars than there are', async () => {
    await on('child', 'POST', `/api/chores/${choreId}/tick`, {});
    const tooMuch = await on('adult', 'POST', '/api/chores/rewards', { member: 'Mia', title: 'Kino', stars: 20 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.error.message).toBe('Mia hat diese Woche 5 Sterne, für die Belohnung braucht es 20 Sterne.');
    const reward = await on('adult', 'POST', '/api/chores/rewards', { member: 'Mia', title: 'Eis', stars: 5 });
    expect(reward.status, reward.text).toBe(201);
    expect(await mine(phone.child.id)).toMatchObject({ stars_left: 0, rewards: [{ title: 'Eis', stars: 5 }] });
  });

  it('a parent sets up a chore by sentence without the model; bad input is a sentence at its field', async () => {
    const said = await t.request('/api/agent/chat', { json: { message: 'Zimmer aufräumen: Mia und Leon, täglich, 2 Sterne' } });
    expect(said.status, said.text).toBe(200);
    expect(said.json.reply).toBe('Hausarbeit „Zimmer aufräumen“ angelegt: Mia und Leon, täglich.');
    expect((await chart()).chores.map((c) => c.title)).toEqual(['Müll rausbringen', 'Zimmer aufräumen']);
    const bad = await t.request('/api/chores', { json: { title: 'Bad putzen', members: ['Opa'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ path: '/members/0', message: '„Opa“ gehört nicht zum Haushalt.' });
    const unknown = await t.request('/api/chores', { json: { title: 'Bad putzen', members: ['Mia'], colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect((await chart()).chores).toHaveLength(2);
  });

  it('a child says "Ich habe mein Zimmer aufgeräumt" on the phone: their tick, through the same gate, without the model', async () => {
    const said = await on('child', 'POST', '/api/agent/chat', { message: 'Ich habe mein Zimmer aufgeräumt.' });
    expect(said.status, said.text).toBe(200);
    expect(said.json.reply).toBe('„Zimmer aufräumen“ erledigt von Mia: 2 Sterne.');
    const room = (await mine(phone.child.id))?.today.find((c) => c.title === 'Zimmer aufräumen');
    expect(room?.tick_id).toBeTruthy();
    const leon = (await chart()).members.find((m) => m.member_id !== phone.child.id && m.today.length > 0);
    expect(leon?.today.find((c) => c.title === 'Zimmer aufräumen')?.tick_id).toBeNull();
    const again = await on('child', 'POST', '/api/agent/chat', { message: 'Zimmer erledigt' });
    expect(again.json.reply).toBe('„Zimmer aufräumen“ hat Mia schon erledigt.');
  });
});
