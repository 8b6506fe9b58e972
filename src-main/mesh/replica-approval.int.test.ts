// A second worker on the LAN that offers a skill the household already activated: it waits as
// a replica proposal and takes no calls until an admin allows it; a moved or re-keyed replica
// asks again. The workers are stand-ins that speak the worker protocol over HTTP on loopback.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_PROTOCOL, type SkillInfo } from '../../src-shared';
import { newTraceId } from '../platform/trace';
import { startDeviceStandIn, type DeviceStandIn } from '../testing/device-stand-in';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { decideSkillProposal, listedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const TOKEN = 'replica-test-enrollment-token-0123456789';
const TOOL = 'skill_mesh_tagged_tag';
const MANIFEST = {
  protocol: 'jarvis.skill.v1',
  id: 'mesh.tagged',
  name: 'Tagged',
  version: '1.0.0',
  runtime: { type: 'process', command: './run' },
  actions: [
    {
      name: 'tag',
      description: 'Says which worker ran it.',
      input_schema: { type: 'object', properties: {}, additionalProperties: false },
    },
  ],
};

let tm: TestMaster;
let lan: URL;
const standIns: DeviceStandIn[] = [];
const cookies = {} as Record<'child' | 'adult', string>;

/** A worker stand-in: answers every invoke with its own tag. */
async function standIn(tag: string, host: string): Promise<DeviceStandIn> {
  const s = await startDeviceStandIn(
    (req, res) => {
      if (req.path !== '/v1/invoke') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, message: tag, mutated: false, data: { tag } }));
    },
    { host },
  );
  standIns.push(s);
  return s;
}

async function mesh(path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(`${tm.meshUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** Enrolls and publishes the skill as a worker does; answers the worker's id and token. */
async function enroll(name: string, endpoint: string, key?: string, manifest: object = MANIFEST): Promise<{ id: string; token: string }> {
  const e = await mesh('/api/mesh/enroll', {
    protocol: WORKER_PROTOCOL,
    enrollment_token: TOKEN,
    name,
    runtime: 'python',
    endpoint,
    ...(key ? { key } : {}),
  });
  expect(e.status, JSON.stringify(e.json)).toBe(201);
  const put = await mesh(
    `/api/mesh/workers/${e.json.worker_id}/skills`,
    { protocol: WORKER_PROTOCOL, skills: [manifest] },
    e.json.access_token,
    'PUT',
  );
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  return { id: e.json.worker_id, token: e.json.access_token };
}

async function tagged(id = 'mesh.tagged'): Promise<SkillInfo> {
  return (await listedSkills(tm)).find((s) => s.id === id)!;
}

/** Who answered `n` calls of the skill, in order. */
async function tags(n: number, tool = TOOL): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await tm.master.platform.registry.call(
      tool,
      {},
      { traceId: newTraceId(), now: new Date(), timezone: 'Europe/Berlin', actor: 'system' },
    );
    expect(r.success, JSON.stringify(r)).toBe(true);
    out.push((r.data as { tag: string }).tag);
  }
  return out;
}

function decideFromPhone(cookie: string, proposalId: string) {
  return rawRequest(lan, 'POST', `/api/protocol/skill-proposals/${proposalId}/decision`, {
    cookie,
    json: { decision: 'accept' },
    headers: {
      'jarvis-protocol-version': '0.1.0',
      'jarvis-actor-id': 'act_household',
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
    },
  });
}

beforeAll(async () => {
  tm = await startTestMaster({
    JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
    JARVIS_MESH_LEASE_MS: '600000',
    JARVIS_LAN_ADDR: '127.0.0.2:0',
    HOME_AUTOMATION_INTERVAL: '0',
  });
  lan = new URL((await tm.request('/api/devices')).json.lan.url);
  for (const role of ['child', 'adult'] as const) {
    const member = await tm.request('/api/members', { json: { name: role === 'child' ? 'Lena' : 'Opa', role } });
    expect(member.status, member.text).toBe(201);
    cookies[role] = await pairDevice(tm, lan, member.json.id, `${role} phone`);
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await tm?.close();
});

describe('replica approval', () => {
  it('a second worker takes calls only once an admin allows it; a child or adult cannot; a moved worker asks again', async () => {
    const alpha = await standIn('alpha', '127.0.0.1');
    await enroll('alpha', alpha.url);
    const proposed = await tagged();
    expect(proposed.activation?.status).toBe('proposed');
    expect((await decideSkillProposal(tm, proposed.activation!.proposal_id, 'accept')).status).toBe(200);
    // Activating the skill allows the worker it was activated from, in the admin's name.
    expect((await tagged()).replicas).toMatchObject([{ worker: 'alpha', status: 'allowed' }]);
    expect(await tags(2)).toEqual(['alpha', 'alpha']);

    const beta = await standIn('beta', '127.0.0.2');
    const betaWorker = await enroll('beta', beta.url);
    const waiting = (await tagged()).replicas!.find((r) => r.worker === 'beta')!;
    expect(waiting).toMatchObject({ status: 'proposed', endpoint: beta.url.replace(/\/$/, '') });
    expect(await tags(4)).toEqual(['alpha', 'alpha', 'alpha', 'alpha']);
    expect(beta.requests.filter((r) => r.path === '/v1/invoke')).toHaveLength(0);

    for (const role of ['child', 'adult'] as const) {
      const refused = await decideFromPhone(cookies[role], waiting.proposal_id!);
      expect(refused.status, `${role}: ${refused.text}`).toBe(403);
    }
    expect((await tagged()).replicas!.find((r) => r.worker === 'beta')?.status).toBe('proposed');
    expect(await tags(2)).toEqual(['alpha', 'alpha']);

    const recorded = tm.master.capabilities.protocol.service
      .list<{ proposal_id: string; skill_id: string; status: string; decided_by?: string }>('SkillProposal')
      .filter((p) => p.skill_id === 'replica:mesh.tagged');
    expect(recorded.map((p) => p.status)).toEqual(['activated', 'proposed']);
    expect(recorded[0]!.decided_by).toBe('act_household');

    expect((await decideSkillProposal(tm, waiting.proposal_id!, 'accept')).status).toBe(200);
    expect((await tags(4)).sort()).toEqual(['alpha', 'alpha', 'beta', 'beta']);

    // beta moves to another address: it is a new replica and takes no calls until allowed again.
    expect((await mesh(`/api/mesh/workers/${betaWorker.id}`, undefined, betaWorker.token, 'DELETE')).status).toBe(204);
    const moved = await standIn('beta', '127.0.0.2');
    const movedWorker = await enroll('beta', moved.url);
    const again = (await tagged()).replicas!.find((r) => r.worker === 'beta')!;
    expect(again.status).toBe('proposed');
    expect(again.proposal_id).not.toBe(waiting.proposal_id);
    expect(await tags(3)).toEqual(['alpha', 'alpha', 'alpha']);

    // The same address with another key is a new replica too.
    expect((await mesh(`/api/mesh/workers/${movedWorker.id}`, undefined, movedWorker.token, 'DELETE')).status).toBe(204);
    await enroll('beta', beta.url, 'another-key');
    expect((await tagged()).replicas!.find((r) => r.worker === 'beta')?.status).toBe('proposed');
    expect(await tags(2)).toEqual(['alpha', 'alpha']);

    // A refused replica never gets calls.
    const keyed = (await tagged()).replicas!.find((r) => r.worker === 'beta')!;
    expect((await decideSkillProposal(tm, keyed.proposal_id!, 'reject')).status).toBe(200);
    expect((await tagged()).replicas!.find((r) => r.worker === 'beta')?.status).toBe('refused');
    expect(await tags(3)).toEqual(['alpha', 'alpha', 'alpha']);
  }, 60_000);

  it('a skill activated while no worker offered it keeps answering from the first worker that comes back', async () => {
    const later = { ...MANIFEST, id: 'mesh.later', name: 'Later' };
    const gamma = await standIn('gamma', '127.0.0.1');
    const first = await enroll('gamma', gamma.url, undefined, later);
    const proposed = await tagged('mesh.later');
    // The worker leaves before anyone decides; the household activates the skill meanwhile
    // (as a skill activated before replicas needed approval has no replica on record).
    expect((await mesh(`/api/mesh/workers/${first.id}`, undefined, first.token, 'DELETE')).status).toBe(204);
    expect((await decideSkillProposal(tm, proposed.activation!.proposal_id, 'accept')).status).toBe(200);

    await enroll('gamma', gamma.url, undefined, later);
    expect((await tagged('mesh.later')).replicas).toMatchObject([{ worker: 'gamma', status: 'allowed' }]);
    expect(await tags(2, 'skill_mesh_later_tag')).toEqual(['gamma', 'gamma']);

    const delta = await standIn('delta', '127.0.0.2');
    await enroll('delta', delta.url, undefined, later);
    expect((await tagged('mesh.later')).replicas!.find((r) => r.worker === 'delta')?.status).toBe('proposed');
    expect(await tags(3, 'skill_mesh_later_tag')).toEqual(['gamma', 'gamma', 'gamma']);
  }, 60_000);
  it('a worker with the same name and address but another key cannot knock the approved one off', async () => {
    const keyed = { ...MANIFEST, id: 'mesh.keyed', name: 'Keyed' };
    const eps = await standIn('eps', '127.0.0.1');
    const first = await enroll('eps', eps.url, 'key-of-eps', keyed);
    const proposed = await tagged('mesh.keyed');
    expect((await decideSkillProposal(tm, proposed.activation!.proposal_id, 'accept')).status).toBe(200);
    expect(await tags(2, 'skill_mesh_keyed_tag')).toEqual(['eps', 'eps']);

    const impostor = await mesh('/api/mesh/enroll', {
      protocol: WORKER_PROTOCOL,
      enrollment_token: TOKEN,
      name: 'eps',
      runtime: 'python',
      endpoint: eps.url,
      key: 'key-of-someone-else',
    });
    expect(impostor.status).toBe(409);
    expect(impostor.json.error.code).toBe('WORKER_KEY_MISMATCH');
    // The approved worker is still enrolled, still allowed, and still takes the calls.
    expect((await mesh(`/api/mesh/workers/${first.id}/heartbeat`, {}, first.token)).status).toBe(200);
    expect((await tagged('mesh.keyed')).replicas).toMatchObject([{ worker: 'eps', status: 'allowed' }]);
    expect(await tags(2, 'skill_mesh_keyed_tag')).toEqual(['eps', 'eps']);
    // The worker itself (same key) may enroll again, as after a restart.
    await enroll('eps', eps.url, 'key-of-eps', keyed);
    expect((await tagged('mesh.keyed')).replicas).toMatchObject([{ worker: 'eps', status: 'allowed' }]);
  }, 60_000);
});
