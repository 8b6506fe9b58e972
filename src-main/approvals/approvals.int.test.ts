// A parent's approval end to end: a child's paired phone asks for something disruptive in the
// home, the admin's phone gets the push (a stand-in push service written from RFC 8030/8291/
// 8292, see src-main/testing/push-service.ts), the admin allows or refuses from there, the
// call runs exactly once, and the protocol shows the Request and the Review with their actors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSuccess, type Request, type Review, type WorkSession } from '../../src-shared';
import type { RegisteredTool, ToolProvider } from '../platform/registry';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { startPushService, type PushServiceStandIn, type ReceivedPush } from '../testing/push-service';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const UNBLOCK = 'skill_home_unifi_network_unblock_client';

/** The home network's disruptive action as the home pack declares it (risk disruptive, one client). */
function homeNetwork(calls: { tool: string; args: unknown; member: string | undefined }[]): ToolProvider {
  const tool: RegisteredTool = {
    name: UNBLOCK,
    description: 'Gibt einen gesperrten Client wieder frei.',
    input_schema: {
      type: 'object',
      additionalProperties: false,
      properties: { client: { type: 'string', minLength: 1 } },
      required: ['client'],
    },
    provider: 'plugin',
    mutates: true,
    requires_confirmation: false,
    risk: 'disruptive',
    source: 'test',
  };
  return {
    kind: 'plugin',
    list: () => [tool],
    async call(name, args, ctx) {
      calls.push({ tool: name, args, member: ctx.member });
      return toolSuccess({ client: args.client }, `${String(args.client)} ist wieder freigegeben.`, true);
    },
  };
}

let tm: TestMaster;
let push: PushServiceStandIn;
let ollama: ScriptedOllama;
let lan: URL;
let now = Date.parse('2026-12-02T16:00:00Z');
const calls: { tool: string; args: unknown; member: string | undefined }[] = [];
const people = {} as Record<'mama' | 'lena', { id: string; cookie: string; endpoint: string }>;

async function person(name: string, role: 'admin' | 'child', key: 'mama' | 'lena'): Promise<void> {
  const member = await tm.request('/api/members', { json: { name, role } });
  expect(member.status, member.text).toBe(201);
  const cookie = await pairDevice(tm, lan, member.json.id, `${name}s Handy`);
  const sub = push.subscribe(`${key}-phone`);
  const subscribed = await rawRequest(lan, 'POST', '/api/push/subscription', { cookie, json: sub.json });
  expect(subscribed.status, subscribed.text).toBe(201);
  people[key] = { id: member.json.id, cookie, endpoint: `${key}-phone` };
}

beforeAll(async () => {
  push = await startPushService();
  ollama = await startScriptedOllama();
  tm = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_APPROVAL_TTL: '30m', OLLAMA_URL: ollama.url, HOME_AUTOMATION_INTERVAL: '0' },
    {
      clock: () => new Date(now),
      extra: [
        (platform) => {
          platform.registry.addProvider(homeNetwork(calls));
          return { name: 'test-home-network' };
        },
      ],
    },
  );
  lan = new URL((await tm.request('/api/devices')).json.lan.url);
  await person('Mama', 'admin', 'mama');
  await person('Lena', 'child', 'lena');
}, 60_000);

afterAll(async () => {
  await tm?.close();
  await push?.close();
  await ollama?.close();
});

/** The next push for one phone after `since` pushes had arrived in all. */
async function nextPushFor(endpoint: string, since: number): Promise<ReceivedPush> {
  for (let count = since + 1; ; count++) {
    const got = await push.waitFor(count);
    const hit = got.slice(since).find((p) => p.subscription === endpoint);
    if (hit) return hit;
  }
}

function sessionOf(id: string) {
  return tm.master.capabilities.protocol.service.session(`ws_approval_${id}`);
}

async function childAsks(client = 'Spielkonsole'): Promise<{ id: string; pushesBefore: number; answer: any }> {
  const pushesBefore = push.received.length;
  const res = await rawRequest(lan, 'POST', `/api/tools/${UNBLOCK}`, { cookie: people.lena.cookie, json: { arguments: { client } } });
  expect(res.status, res.text).toBe(202);
  expect(res.json.error.code).toBe('APPROVAL_REQUIRED');
  return { id: res.json.data.approval.id as string, pushesBefore, answer: res.json };
}

describe('a child asks, an admin allows', () => {
  it('holds the call, tells every admin in plain words, and runs exactly the stored call once on Allow', async () => {
    calls.length = 0;
    const { id, pushesBefore, answer } = await childAsks();
    expect(calls).toEqual([]);
    expect(answer.message).toBe('Ich habe einen Verwalter um Erlaubnis gefragt: WLAN für Spielkonsole freigeben. Du bekommst Bescheid.');

    const toMama = await nextPushFor(people.mama.endpoint, pushesBefore);
    expect(toMama.message).toEqual({
      kind: 'approval',
      title: 'Freigabe gefragt',
      body: 'Lena möchte: WLAN für Spielkonsole freigeben',
      url: `/?approval=${id}`,
      approval: { id, status: 'waiting' },
      actions: { allow: 'Erlauben', refuse: 'Ablehnen' },
    });
    // The child is not asked to approve her own request.
    expect(push.received.slice(pushesBefore).some((p) => p.subscription === people.lena.endpoint)).toBe(false);

    // Lena sees her own request waiting and cannot allow it herself.
    const hers = await rawRequest(lan, 'GET', '/api/approvals', { cookie: people.lena.cookie });
    expect(hers.json.may_review).toBe(false);
    expect(hers.json.approvals).toEqual([expect.objectContaining({ id, status: 'waiting', asker_name: 'Lena' })]);
    const self = await rawRequest(lan, 'POST', `/api/approvals/${id}/allow`, { cookie: people.lena.cookie, json: {} });
    expect(self.status).toBe(403);
    expect(self.json.error.code).toBe('ADMIN_ONLY');
    expect(calls).toEqual([]);

    // Mama's lock-screen button posts with her phone's cookie.
    const beforeAllow = push.received.length;
    const allowed = await rawRequest(lan, 'POST', `/api/approvals/${id}/allow`, { cookie: people.mama.cookie, json: {} });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.json).toMatchObject({
      changed: true,
      approval: { status: 'allowed', reviewer_name: 'Mama', outcome: { success: true, message: 'Spielkonsole ist wieder freigegeben.' } },
    });
    expect(calls).toEqual([{ tool: UNBLOCK, args: { client: 'Spielkonsole' }, member: people.lena.id }]);

    // A second Allow (the desktop's card, a double tap) runs nothing.
    const again = await tm.request(`/api/approvals/${id}/allow`, { method: 'POST', json: {} });
    expect(again.json).toMatchObject({ changed: false, approval: { status: 'allowed' } });
    expect(calls).toHaveLength(1);

    const toLena = await nextPushFor(people.lena.endpoint, beforeAllow);
    expect(toLena.message).toMatchObject({ kind: 'approval', title: 'Erlaubt', approval: { id, status: 'allowed' } });
    expect((toLena.message as { actions?: unknown }).actions).toBeUndefined();

    const records = sessionOf(id)!.records;
    const request = records.Request![0] as Request;
    const review = records.Review![0] as Review;
    expect(request.summary).toBe('Lena (Kind) bittet um die Freigabe eines Verwalters: WLAN für Spielkonsole freigeben');
    expect(request.status).toBe('resolved');
    expect(review).toMatchObject({ verdict: 'approve', reviewer_actor_id: `act_member_${people.mama.id}` });
    // The session is Lena's: she asked; JARVIS recorded the decision; Mama reviewed.
    expect((sessionOf(id)!.session as WorkSession).owner_actor_id).toBe(`act_member_${people.lena.id}`);
    expect(records.PolicyDecision).toEqual([expect.objectContaining({ outcome: 'require_review', risk: 'disruptive' })]);
    expect(records.Contribution).toEqual([
      expect.objectContaining({ kind: 'tool_result', summary: 'Spielkonsole ist wieder freigegeben.' }),
    ]);
  });

  it('the assistant path holds the same way: a child says it, the model calls the tool, nothing runs until an admin allows', async () => {
    calls.length = 0;
    ollama.reply({ tool_calls: [{ name: UNBLOCK, arguments: { client: 'Spielkonsole' } }] }, { content: 'Ich habe Mama gefragt.' });
    const said = await rawRequest(lan, 'POST', '/api/agent/chat', {
      cookie: people.lena.cookie,
      json: { message: 'Mach das WLAN für die Spielkonsole an' },
    });
    expect(said.status, said.text).toBe(200);
    const call = said.json.tool_calls.find((c: { tool: string }) => c.tool === UNBLOCK);
    expect(call.result.error.code).toBe('APPROVAL_REQUIRED');
    expect(calls).toEqual([]);
    const id = call.result.data.approval.id as string;
    const waiting = await tm.request('/api/approvals');
    expect(waiting.json.approvals.find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'waiting', asker_name: 'Lena' });
    await tm.request(`/api/approvals/${id}/allow`, { method: 'POST', json: {} });
    expect(calls).toEqual([{ tool: UNBLOCK, args: { client: 'Spielkonsole' }, member: people.lena.id }]);
  });
});

describe('a child asks, an admin refuses or nobody answers', () => {
  it('Refuse runs nothing and tells the child', async () => {
    calls.length = 0;
    const { id } = await childAsks('Tablet');
    const before = push.received.length;
    const refused = await rawRequest(lan, 'POST', `/api/approvals/${id}/refuse`, { cookie: people.mama.cookie, json: {} });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json).toMatchObject({ changed: true, approval: { status: 'refused', reviewer_name: 'Mama', outcome: null } });
    const toLena = await nextPushFor(people.lena.endpoint, before);
    expect(toLena.message).toMatchObject({ title: 'Nicht erlaubt', body: 'Mama hat es nicht erlaubt: WLAN für Tablet freigeben.' });
    // Allowing a refused request afterwards does nothing.
    const late = await rawRequest(lan, 'POST', `/api/approvals/${id}/allow`, { cookie: people.mama.cookie, json: {} });
    expect(late.json).toMatchObject({ changed: false, approval: { status: 'refused' } });
    expect(calls).toEqual([]);
    expect(sessionOf(id)!.records.Review).toEqual([
      expect.objectContaining({ verdict: 'reject', reviewer_actor_id: `act_member_${people.mama.id}` }),
    ]);
  });

  it('a request expires after its time, the child is told, and a late Allow runs nothing', async () => {
    calls.length = 0;
    const { id } = await childAsks('Fernseher');
    const before = push.received.length;
    now += 31 * 60_000;
    const listed = await tm.request('/api/approvals');
    expect(listed.json.approvals.find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'expired', reviewer_id: null });
    const toLena = await nextPushFor(people.lena.endpoint, before);
    expect(toLena.message).toMatchObject({ title: 'Keine Antwort', approval: { id, status: 'expired' } });
    const late = await tm.request(`/api/approvals/${id}/allow`, { method: 'POST', json: {} });
    expect(late.json).toMatchObject({ changed: false, approval: { status: 'expired' } });
    expect(calls).toEqual([]);
    expect(sessionOf(id)!.records.Review).toEqual([
      expect.objectContaining({ verdict: 'reject', comment: expect.stringContaining('Abgelaufen') }),
    ]);
  });

  it('an unknown request is a clear 404 and changes nothing', async () => {
    const res = await rawRequest(lan, 'POST', '/api/approvals/apr_nope/allow', { cookie: people.mama.cookie, json: {} });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('APPROVAL_NOT_FOUND');
  });

  it('an invalid call is refused before it waits: nothing is stored', async () => {
    const before = (await tm.request('/api/approvals')).json.approvals.length;
    const res = await rawRequest(lan, 'POST', `/api/tools/${UNBLOCK}`, { cookie: people.lena.cookie, json: { arguments: { client: '' } } });
    expect(res.status).toBe(400);
    expect((await tm.request('/api/approvals')).json.approvals).toHaveLength(before);
  });
});
