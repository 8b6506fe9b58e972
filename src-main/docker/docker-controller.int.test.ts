import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateDockerd, type PrivateDockerd } from '../testing/private-dockerd';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The controller against a real Docker engine: a private dockerd (vfs, no bridge, no
// iptables) on a socket in a temp folder, an image made offline from busybox-static, and
// labelled and unlabelled containers without network. The test stops its dockerd itself.

const LABEL = 'com.jarvis.skill-service';

let dockerd: PrivateDockerd | undefined;
let skipReason: string | undefined;
const ids: Record<string, string> = {};
let t: TestMaster | undefined;

const state = (id: string) => dockerd!.state(id);

beforeAll(async () => {
  const started = await startPrivateDockerd();
  if (typeof started === 'string') {
    skipReason = started;
    process.stdout.write(`\n[docker controller test] SKIPPED: ${skipReason}\n`);
    return;
  }
  dockerd = started;
  ids.python = await dockerd.create('skill-python', [
    `${LABEL}=true`,
    'com.jarvis.skill-runtime=python',
    'com.jarvis.worker-name=python-main',
  ]);
  ids.node = await dockerd.create('skill-node', [`${LABEL}=true`, 'com.jarvis.skill-runtime=node']);
  ids.wrongValue = await dockerd.create('wrong-value', [`${LABEL}=yes`]);
  ids.unlabelled = await dockerd.create('unlabelled', []);
  t = await startTestMaster({ JARVIS_DOCKER_CONTROLLER_ENABLED: 'true', JARVIS_DOCKER_SOCKET: dockerd.socket });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await dockerd?.stop();
}, 120_000);

describe('docker controller against a real dockerd', () => {
  it('lists only containers carrying the label with the exact value, by full id', async (ctx) => {
    if (skipReason) return ctx.skip();
    const res = await t!.request('/api/docker/skill-services');
    expect(res.status).toBe(200);
    expect(res.json.enabled).toBe(true);
    const listed = res.json.services as { id: string; name: string; runtime?: string; worker_name?: string; state: string }[];
    expect(listed.map((s) => s.name)).toEqual(['skill-node', 'skill-python']);
    expect(listed.find((s) => s.name === 'skill-python')).toMatchObject({
      id: ids.python,
      runtime: 'python',
      worker_name: 'python-main',
      state: 'created',
    });
    expect(listed.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
    const health = (await t!.request('/api/health')).json;
    expect(health.components.docker.state).toBe('ok');
  });

  it('starts, stops and restarts a labelled container', async (ctx) => {
    if (skipReason) return ctx.skip();
    const start = await t!.request(`/api/docker/skill-services/${ids.python}/start`, { method: 'POST' });
    expect(start.status).toBe(200);
    expect(start.json.service.state).toBe('running');
    expect(await state(ids.python!)).toBe('running');
    const restart = await t!.request(`/api/docker/skill-services/${ids.python}/restart`, { method: 'POST' });
    expect(restart.status).toBe(200);
    expect(await state(ids.python!)).toBe('running');
    const stop = await t!.request(`/api/docker/skill-services/${ids.python}/stop`, { method: 'POST' });
    expect(stop.status).toBe(200);
    expect(await state(ids.python!)).toBe('exited');
    // Stopping a stopped container is not an error: the wanted state holds.
    expect((await t!.request(`/api/docker/skill-services/${ids.python}/stop`, { method: 'POST' })).status).toBe(200);
  });

  it('refuses short ids, names, unlabelled and wrongly labelled containers and other operations, changing nothing', async (ctx) => {
    if (skipReason) return ctx.skip();
    const refusals: [string, number, string][] = [
      [`${ids.node!.slice(0, 12)}/start`, 400, 'INVALID_CONTAINER_ID'],
      ['skill-node/start', 400, 'INVALID_CONTAINER_ID'],
      [`${ids.node!.toUpperCase()}/start`, 400, 'INVALID_CONTAINER_ID'],
      [`${ids.unlabelled}/start`, 404, 'NOT_A_SKILL_SERVICE'],
      [`${ids.wrongValue}/start`, 404, 'NOT_A_SKILL_SERVICE'],
      [`${'0'.repeat(64)}/restart`, 404, 'NOT_A_SKILL_SERVICE'],
      [`${ids.node}/remove`, 400, 'INVALID_REQUEST'],
      [`${ids.node}/exec`, 400, 'INVALID_REQUEST'],
    ];
    for (const [path, status, code] of refusals) {
      const res = await t!.request(`/api/docker/skill-services/${path}`, { method: 'POST' });
      expect(res.status, path).toBe(status);
      expect(res.json.error.code, path).toBe(code);
    }
    expect((await t!.request(`/api/docker/skill-services/${ids.node}`, { method: 'DELETE' })).status).toBe(404);
    expect(await state(ids.node!)).toBe('created');
    expect(await state(ids.unlabelled!)).toBe('created');
    expect(await state(ids.wrongValue!)).toBe('created');
  });
});

describe('docker controller without a usable socket', () => {
  it('says so in the status and the listing when the socket is missing', async () => {
    const m = await startTestMaster({ JARVIS_DOCKER_CONTROLLER_ENABLED: 'true', JARVIS_DOCKER_SOCKET: '/tmp/jarvis-no-such-docker.sock' });
    try {
      const health = (await m.request('/api/health')).json;
      expect(health.components.docker).toEqual({
        state: 'error',
        detail: expect.stringContaining('no Docker socket at /tmp/jarvis-no-such-docker.sock'),
        code: 'docker.unreachable',
      });
      const list = await m.request('/api/docker/skill-services');
      expect(list.json).toMatchObject({ enabled: true, services: [], reason: expect.stringContaining('no Docker socket') });
      const id = 'a'.repeat(64);
      expect((await m.request(`/api/docker/skill-services/${id}/start`, { method: 'POST' })).status).toBe(503);
    } finally {
      await m.close();
    }
  });

  it('is off unless enabled, and refuses every mutation', async () => {
    const m = await startTestMaster();
    try {
      expect((await m.request('/api/health')).json.components.docker.state).toBe('off');
      expect((await m.request('/api/docker/skill-services')).json).toMatchObject({ enabled: false, services: [] });
      expect((await m.request(`/api/docker/skill-services/${'a'.repeat(64)}/start`, { method: 'POST' })).status).toBe(409);
    } finally {
      await m.close();
    }
  });
});
