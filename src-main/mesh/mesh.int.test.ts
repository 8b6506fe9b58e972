import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrollProofText, WORKER_PROTOCOL, type MeshWorkersResponse, type SkillProposal } from '../../src-shared';
import { newTraceId } from '../platform/trace';
import { buildWorkerBundle, eventually, freePort, startWorker, type RunningWorker } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { activateRemoteSkills, allowWaitingReplicas, decideSkillProposal, listedSkills } from '../testing/skill-proposals';

const TOKEN = 'mesh-test-enrollment-token-0123456789';
const TOOL = 'skill_mesh_echo_echo';

/** A python skill that tells which worker ran it (env_from) and what context it got. */
function writeEchoSkill(dir: string, id = 'mesh.echo', action = 'echo', version = '1.0.0'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'skill.json'),
    JSON.stringify({
      protocol: 'jarvis.skill.v1',
      id,
      name: `Echo ${id}`,
      version,
      runtime: { type: 'process', command: 'python3', args: ['main.py'], timeout_ms: 10000, env_from: ['WORKER_TAG'] },
      permissions: { system_exec: true },
      actions: [
        {
          name: action,
          description: 'Echoes its input with the worker tag and the trace id.',
          input_schema: {
            type: 'object',
            properties: { text: { type: 'string', maxLength: 200 } },
            required: ['text'],
            additionalProperties: false,
          },
          output_schema: {
            type: 'object',
            properties: {
              text: { type: 'string' },
              tag: { type: 'string' },
              trace_id: { type: 'string' },
              protocol: { type: 'string' },
              jarvis_env: { type: 'array', items: { type: 'string' } },
            },
            required: ['text', 'tag', 'trace_id'],
            additionalProperties: false,
          },
        },
      ],
    }),
  );
  writeFileSync(
    join(dir, 'main.py'),
    [
      'import json, os, sys',
      'e = json.load(sys.stdin)',
      'if e["input"]["text"] == "fail":',
      '    print(json.dumps({"success": False, "error": {"code": "ECHO_REFUSED", "message": "told to fail"}}))',
      '    sys.exit(0)',
      'print(json.dumps({"success": True, "message": "echo", "mutated": False, "data": {',
      '  "text": e["input"]["text"], "tag": os.environ.get("WORKER_TAG", ""), "trace_id": e["context"]["trace_id"],',
      '  "protocol": e["protocol"], "jarvis_env": [k for k in os.environ if k.startswith("JARVIS_")]}}))',
    ].join('\n'),
  );
}

let skillsRoot: string;
let t: TestMaster | undefined;
const workers: RunningWorker[] = [];

beforeAll(async () => {
  await buildWorkerBundle();
  skillsRoot = mkdtempSync(join(tmpdir(), 'jarvis-mesh-skills-'));
  writeEchoSkill(join(skillsRoot, 'shared', 'echo'));
}, 120_000);

afterAll(() => rmSync(skillsRoot, { recursive: true, force: true }));

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop('SIGKILL')));
  await t?.close();
  t = undefined;
});

async function master(env: Record<string, string> = {}, clock?: () => Date, meshPort?: number): Promise<TestMaster> {
  t = await startTestMaster(
    {
      JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
      JARVIS_MESH_LEASE_MS: '10000',
      JARVIS_MESH_HEARTBEAT_MS: '300',
      ...(meshPort ? { JARVIS_MESH_ADDR: `127.0.0.1:${meshPort}` } : {}),
      ...env,
    },
    clock ? { clock } : {},
  );
  return t;
}

async function worker(
  m: { meshUrl?: string },
  name: string,
  skillsDir = join(skillsRoot, 'shared'),
  env: Record<string, string> = {},
): Promise<RunningWorker> {
  const w = await startWorker({
    masterUrl: m.meshUrl!,
    token: TOKEN,
    runtime: 'python',
    name,
    skillsDir,
    env: { WORKER_TAG: name, ...env },
  });
  workers.push(w);
  return w;
}

async function workersOf(m: TestMaster): Promise<MeshWorkersResponse> {
  return (await m.request('/api/mesh/workers')).json as MeshWorkersResponse;
}

async function waitForWorkers(m: TestMaster, names: string[], what = 'workers'): Promise<MeshWorkersResponse> {
  return eventually(
    async () => {
      const view = await workersOf(m);
      const ready = view.workers.filter((w) => names.includes(w.name) && w.skills.length > 0);
      return ready.length === names.length ? view : undefined;
    },
    20_000,
    what,
  );
}

function call(m: TestMaster, tool: string, args: unknown, traceId = newTraceId()) {
  return m.master.platform.registry.call(tool, args, { traceId, now: new Date(), timezone: 'Europe/Berlin', actor: 'system' });
}

async function postMesh(m: TestMaster, path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(`${m.meshUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const enrollBody = (token: string) => ({
  protocol: WORKER_PROTOCOL,
  enrollment_token: token,
  name: 'probe',
  runtime: 'python',
  endpoint: 'http://127.0.0.1:9',
});

describe('mesh enrollment', () => {
  it('refuses a wrong or missing enrollment token with 401 and a malformed request with 400', async () => {
    const m = await master();
    expect((await postMesh(m, '/api/mesh/enroll', enrollBody('wrong-token-wrong-token'))).status).toBe(401);
    expect((await postMesh(m, '/api/mesh/enroll', { protocol: WORKER_PROTOCOL, name: 'x' })).status).toBe(401);
    const bad = await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), endpoint: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.path).toBe('/endpoint');
    expect((await workersOf(m)).workers).toEqual([]);
  });

  it('a declared public key needs a fresh proof by its private half: a copied key, another signer or an old proof is refused (401)', async () => {
    const m = await master();
    const mine = generateKeyPairSync('ed25519');
    const stranger = generateKeyPairSync('ed25519');
    const key = mine.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const signed = (signer: KeyObject, at: Date) => {
      const keyAt = at.toISOString();
      const text = enrollProofText({ name: 'probe', endpoint: 'http://127.0.0.1:9', key_at: keyAt });
      return { key, key_at: keyAt, key_proof: sign(null, Buffer.from(text), signer).toString('base64') };
    };
    const copied = await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), key });
    expect([copied.status, copied.json.error.code]).toEqual([401, 'KEY_PROOF_REFUSED']);
    const other = await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), ...signed(stranger.privateKey, new Date()) });
    expect([other.status, other.json.error.code]).toEqual([401, 'KEY_PROOF_REFUSED']);
    const old = await postMesh(m, '/api/mesh/enroll', {
      ...enrollBody(TOKEN),
      ...signed(mine.privateKey, new Date(Date.now() - 60 * 60_000)),
    });
    expect([old.status, old.json.error.code]).toEqual([401, 'KEY_PROOF_REFUSED']);
    expect((await workersOf(m)).workers).toEqual([]);
    const proven = await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), ...signed(mine.privateKey, new Date()) });
    expect(proven.status).toBe(201);
    expect(m.master.capabilities.mesh.service!.roster.live().find((r) => r.name === 'probe')?.key).toBe(key);
  });

  it('checks every manifest a worker PUTs and rejects a bad one with the reason, changing nothing', async () => {
    const m = await master();
    const enrolled = await postMesh(m, '/api/mesh/enroll', enrollBody(TOKEN));
    expect(enrolled.status).toBe(201);
    const { worker_id: id, access_token: token } = enrolled.json;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const good = {
      protocol: 'jarvis.skill.v1',
      id: 'probe.ok',
      name: 'ok',
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      actions: [{ name: 'go', description: 'd', input_schema: { type: 'object', properties: {}, additionalProperties: false } }],
    };
    const unsafe = {
      ...good,
      id: 'probe.bad',
      actions: [{ ...good.actions[0], input_schema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } } }],
    };
    const refused = await postMesh(
      m,
      `/api/mesh/workers/${id}/skills`,
      { protocol: WORKER_PROTOCOL, skills: [good, unsafe] },
      token,
      'PUT',
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('INVALID_MANIFEST');
    expect(refused.json.error.message).toContain('probe.bad');
    expect(refused.json.error.path).toBe('/skills/1');
    const wrongSchema = await postMesh(
      m,
      `/api/mesh/workers/${id}/skills`,
      {
        protocol: WORKER_PROTOCOL,
        skills: [{ ...good, actions: [{ ...good.actions[0], input_schema: { type: 'object', properties: { a: { type: 'strnig' } } } }] }],
      },
      token,
      'PUT',
    );
    expect(wrongSchema.status).toBe(400);
    expect(m.master.platform.registry.get('skill_probe_ok_go')).toBeUndefined();

    expect(
      (await postMesh(m, `/api/mesh/workers/${id}/skills`, { protocol: WORKER_PROTOCOL, skills: [good] }, 'not-the-token', 'PUT')).status,
    ).toBe(401);
    expect(
      (await postMesh(m, `/api/mesh/workers/${id}/skills`, { protocol: WORKER_PROTOCOL, skills: [good] }, undefined, 'PUT')).status,
    ).toBe(401);
    expect((await postMesh(m, `/api/mesh/workers/wrk_nobody/heartbeat`, {}, token)).status).toBe(404);
    const ok = await postMesh(m, `/api/mesh/workers/${id}/skills`, { protocol: WORKER_PROTOCOL, skills: [good] }, token, 'PUT');
    expect(ok.status).toBe(200);
    // A new remote skill waits for the household like a local one.
    expect(m.master.platform.registry.get('skill_probe_ok_go')).toBeUndefined();
    await activateRemoteSkills(m, ['probe.ok']);
    expect(m.master.platform.registry.get('skill_probe_ok_go')?.provider).toBe('remote');

    // Secrets never reach the trace or the export.
    const trace = JSON.stringify(m.master.platform.tracer.list());
    expect(trace).not.toContain(token);
    expect(trace).not.toContain(TOKEN);
    expect(JSON.stringify((await m.request('/api/config')).json)).not.toContain(TOKEN);

    const del = await fetch(`${m.meshUrl}/api/mesh/workers/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(del.status).toBe(204);
    expect(m.master.platform.registry.get('skill_probe_ok_go')).toBeUndefined();
  });

  it("enrolling with another worker's endpoint is refused and evicts nobody", async () => {
    const m = await master();
    const first = await postMesh(m, '/api/mesh/enroll', enrollBody(TOKEN));
    expect(first.status).toBe(201);
    const thief = await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), name: 'thief' });
    expect(thief.status).toBe(409);
    expect(thief.json.error).toMatchObject({ code: 'ENDPOINT_TAKEN', path: '/endpoint' });
    expect((await workersOf(m)).workers.map((w) => w.id)).toEqual([first.json.worker_id]);
    // The same worker coming back (a restart) replaces its own stale entry.
    const again = await postMesh(m, '/api/mesh/enroll', enrollBody(TOKEN));
    expect((await workersOf(m)).workers.map((w) => w.id)).toEqual([again.json.worker_id]);
  });

  it('bounds what one skills PUT may carry: size, skills and actions', async () => {
    const m = await master();
    const { worker_id: id, access_token: token } = (await postMesh(m, '/api/mesh/enroll', enrollBody(TOKEN))).json;
    const skill = (i: number, actions = 1) => ({
      protocol: 'jarvis.skill.v1',
      id: `probe.s${i}`,
      name: 's',
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      actions: Array.from({ length: actions }, (_, a) => ({
        name: `a${a}`,
        description: 'd',
        input_schema: { type: 'object', properties: {}, additionalProperties: false },
      })),
    });
    const many = await postMesh(
      m,
      `/api/mesh/workers/${id}/skills`,
      { protocol: WORKER_PROTOCOL, skills: Array.from({ length: 65 }, (_, i) => skill(i)) },
      token,
      'PUT',
    );
    expect(many.status).toBe(400);
    expect(many.json.error.code).toBe('TOO_MANY_SKILLS');
    const actions = await postMesh(
      m,
      `/api/mesh/workers/${id}/skills`,
      { protocol: WORKER_PROTOCOL, skills: Array.from({ length: 5 }, (_, i) => skill(i, 30)) },
      token,
      'PUT',
    );
    expect(actions.status).toBe(400);
    expect(actions.json.error.message).toContain('128 actions');
    const big = await postMesh(
      m,
      `/api/mesh/workers/${id}/skills`,
      { protocol: WORKER_PROTOCOL, skills: [{ ...skill(1), description: 'x'.repeat(300 * 1024) }] },
      token,
      'PUT',
    );
    expect(big.status).toBe(413);
    expect(m.master.platform.registry.list().filter((t) => t.provider === 'remote')).toEqual([]);
  });

  it('is off with a clear status while the enrollment token is unset or too short', async () => {
    const m = await master({ JARVIS_MESH_ENROLLMENT_TOKEN: 'short' });
    expect(m.meshUrl).toBeUndefined();
    const health = (await m.request('/api/health')).json;
    expect(health.components.mesh.state).toBe('off');
    expect(health.components.mesh.detail).toContain('shorter than 16');
    expect((await workersOf(m)).enabled).toBe(false);
  });
});

describe('mesh with real workers', () => {
  it('serves worker skills as remote tools, round-robin across replicas, with the trace id in the envelope', async () => {
    const m = await master();
    await worker(m, 'alpha');
    await worker(m, 'beta');
    const view = await waitForWorkers(m, ['alpha', 'beta']);
    expect(view.workers.map((w) => w.skills[0]?.id)).toEqual(['mesh.echo', 'mesh.echo']);
    await activateRemoteSkills(m, ['mesh.echo']);
    const tool = m.master.platform.registry.get(TOOL);
    expect(tool?.provider).toBe('remote');
    // Enrolled workers are Worker and Actor records of the protocol.
    const protocol = m.master.capabilities.protocol.service!;
    expect(protocol.get('Worker', 'wrk_mesh_alpha')).toMatchObject({ kind: 'runtime_worker', name: 'alpha' });
    expect(protocol.get('Actor', 'act_wrk_mesh_beta')).toMatchObject({ role: 'runtime_worker', authority: [] });
    expect(m.master.platform.registry.list().filter((x) => x.name === TOOL)).toHaveLength(1);

    const traceId = newTraceId();
    const first = await call(m, TOOL, { text: 'hallo' }, traceId);
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ text: 'hallo', trace_id: traceId, protocol: 'jarvis.skill.invoke.v1', jarvis_env: [] });
    const tags = [(first.data as { tag: string }).tag];
    for (let i = 0; i < 3; i++) tags.push(((await call(m, TOOL, { text: 'x' })).data as { tag: string }).tag);
    expect(tags.slice().sort()).toEqual(['alpha', 'alpha', 'beta', 'beta']);
    expect(tags[0]).not.toBe(tags[1]);
    expect(tags[2]).toBe(tags[0]);

    // Input is validated before any worker is called; a skill error is not failed over.
    const invalid = await call(m, TOOL, { text: 5 });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const failed = await call(m, TOOL, { text: 'fail' });
    expect(failed).toMatchObject({ success: false, error: { code: 'ECHO_REFUSED' } });
    const callsAfter = (await workersOf(m)).workers.reduce((n, w) => n + w.calls, 0);
    expect(callsAfter).toBe(5);

    const traced = m.master.platform.tracer.list({ traceId });
    expect(traced.map((e) => e.stage)).toEqual(['invoke', 'result']);
  });

  it('fails over to the next replica when one is killed, and a worker refuses calls without its token', async () => {
    // A long lease: the killed worker must still be listed when the calls reach it.
    const m = await master({ JARVIS_MESH_LEASE_MS: '120000' });
    const a = await worker(m, 'alpha');
    await worker(m, 'beta');
    await waitForWorkers(m, ['alpha', 'beta']);
    await activateRemoteSkills(m, ['mesh.echo']);

    for (const path of ['/v1/invoke', '/v1/reload']) {
      const res = await fetch(`${a.url}${path}`, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(401);
    }
    expect((await fetch(`${a.url}/v1/health`)).status).toBe(401);
    expect((await fetch(`${a.url}/v1/health`, { headers: { authorization: 'Bearer guessed' } })).status).toBe(401);

    await a.stop('SIGKILL');
    const tags: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call(m, TOOL, { text: 'x' });
      expect(r.success).toBe(true);
      tags.push((r.data as { tag: string }).tag);
    }
    expect(tags).toEqual(['beta', 'beta', 'beta', 'beta']);
    const alpha = (await workersOf(m)).workers.find((w) => w.name === 'alpha');
    expect(alpha?.last_error, JSON.stringify((await workersOf(m)).workers)).toMatch(/^transport: /);
  });

  it('a lease that runs out removes the worker and its actions; the worker then enrolls again', async () => {
    let offset = 0;
    const m = await master({ JARVIS_MESH_HEARTBEAT_MS: '60000' }, () => new Date(Date.now() + offset));
    const w = await worker(m, 'alpha');
    await waitForWorkers(m, ['alpha']);
    await activateRemoteSkills(m, ['mesh.echo']);
    expect(m.master.platform.registry.get(TOOL)).toBeDefined();
    offset += 10_001;
    expect(m.master.platform.registry.get(TOOL)).toBeUndefined();
    expect((await workersOf(m)).workers).toEqual([]);
    const health = (await m.request('/api/health')).json;
    expect(health.components.mesh.detail).toContain('0 worker(s)');
    // The worker's next heartbeat (interval 60 s here) is not awaited: POST /reload is
    // refused for an unknown worker, and a late heartbeat with the old id gets 404.
    expect((await m.request('/api/mesh/workers/wrk_unknown/reload', { method: 'POST' })).status).toBe(404);
    await w.stop('SIGKILL');
  });

  it('a worker makes its Ed25519 key (worker-key.pem, 0600) on first start, declares it, and keeps it after a restart', async () => {
    const m = await master();
    const dataDir = mkdtempSync(join(tmpdir(), 'mesh-worker-key-'));
    try {
      const keyOf = () => m.master.capabilities.mesh.service!.roster.live().find((r) => r.name === 'keyed')?.key;
      const first = await worker(m, 'keyed', join(skillsRoot, 'shared'), { JARVIS_WORKER_DATA_DIR: dataDir });
      await waitForWorkers(m, ['keyed']);
      const file = join(dataDir, 'worker-key.pem');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const declared = createPublicKey(readFileSync(file, 'utf8')).export({ type: 'spki', format: 'der' }).toString('base64');
      expect(keyOf()).toBe(declared);
      await first.stop('SIGTERM');
      await worker(m, 'keyed', join(skillsRoot, 'shared'), { JARVIS_WORKER_DATA_DIR: dataDir });
      await waitForWorkers(m, ['keyed']);
      expect(keyOf()).toBe(declared);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a late heartbeat gets 404 and the worker enrolls again', async () => {
    let offset = 0;
    const m = await master({ JARVIS_MESH_LEASE_MS: '10000', JARVIS_MESH_HEARTBEAT_MS: '400' }, () => new Date(Date.now() + offset));
    const w = await worker(m, 'alpha');
    const before = (await waitForWorkers(m, ['alpha'])).workers[0]!.id;
    await activateRemoteSkills(m, ['mesh.echo']);
    offset += 60_000;
    m.master.capabilities.mesh.service!.roster.sweep();
    await w.waitFor(/no longer knows this worker; enrolling again/);
    const after = await eventually(
      async () => (await workersOf(m)).workers.find((x) => x.name === 'alpha' && x.id !== before && x.skills.length > 0),
      15_000,
      're-enrollment',
    );
    expect(after.id).not.toBe(before);
    expect((await call(m, TOOL, { text: 'back' })).success).toBe(true);
  });

  it('workers come back after a master restart', async () => {
    const meshPort = await freePort();
    let m = await master({}, undefined, meshPort);
    await worker(m, 'alpha');
    await worker(m, 'beta');
    await waitForWorkers(m, ['alpha', 'beta']);
    await m.close();
    t = undefined;
    m = await master({}, undefined, meshPort);
    await waitForWorkers(m, ['alpha', 'beta'], 'workers after restart');
    // A test master starts on a fresh database; a real one remembers the activation.
    await activateRemoteSkills(m, ['mesh.echo']);
    expect((await call(m, TOOL, { text: 'again' })).success).toBe(true);
  });

  it('reload picks up a new skill folder, and SIGTERM takes the worker out at once', async () => {
    const m = await master();
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-mesh-reload-'));
    try {
      cpSync(join(skillsRoot, 'shared'), dir, { recursive: true });
      const w = await worker(m, 'alpha', dir);
      const view = await waitForWorkers(m, ['alpha']);
      await activateRemoteSkills(m, ['mesh.echo']);
      expect(m.master.platform.registry.get('skill_mesh_second_hello')).toBeUndefined();
      writeEchoSkill(join(dir, 'second'), 'mesh.second', 'hello');
      const reload = await m.request(`/api/mesh/workers/${view.workers[0]!.id}/reload`, { method: 'POST' });
      expect(reload.status).toBe(200);
      expect(reload.json.skills.sort()).toEqual(['mesh.echo', 'mesh.second']);
      expect(m.master.platform.registry.get('skill_mesh_second_hello')).toBeUndefined();
      await activateRemoteSkills(m, ['mesh.second']);
      expect(m.master.platform.registry.get('skill_mesh_second_hello')?.provider).toBe('remote');
      expect((await call(m, 'skill_mesh_second_hello', { text: 'neu' })).data).toMatchObject({ text: 'neu', tag: 'alpha' });

      await w.stop('SIGTERM');
      expect((await workersOf(m)).workers).toEqual([]);
      expect(m.master.platform.registry.get(TOOL)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reloading a worker after its skill changed', () => {
  it('SKILLS NEU LADEN (the reload route) proposes the changed skill again; it serves only once the household accepts it', async () => {
    const m = await master();
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-mesh-changed-skill-'));
    try {
      writeEchoSkill(join(dir, 'echo'));
      await worker(m, 'alpha', dir);
      const view = await waitForWorkers(m, ['alpha']);
      await activateRemoteSkills(m, ['mesh.echo']);
      expect((await call(m, TOOL, { text: 'x' })).success).toBe(true);

      // The skill is changed on the worker: a new version under the same id.
      writeEchoSkill(join(dir, 'echo'), 'mesh.echo', 'echo', '2.0.0');
      const reload = await m.request(`/api/mesh/workers/${view.workers[0]!.id}/reload`, { method: 'POST' });
      expect(reload.status).toBe(200);
      const proposals = m.master.capabilities.protocol
        .service!.list<SkillProposal>('SkillProposal')
        .filter((p) => p.skill_id === 'mesh.echo')
        .map((p) => [p.version, p.change, p.status]);
      expect(proposals).toEqual([
        ['1.0.0', 'added', 'activated'],
        ['2.0.0', 'changed', 'proposed'],
      ]);
      const listed = (await listedSkills(m)).filter((s) => s.id === 'mesh.echo');
      expect(listed.map((s) => [s.version, s.enabled, s.activation?.status])).toContainEqual(['2.0.0', false, 'proposed']);
      // The changed manifest does not run before the household decides.
      expect((await call(m, TOOL, { text: 'x' })).success).toBe(false);

      await activateRemoteSkills(m, ['mesh.echo']);
      expect((await call(m, TOOL, { text: 'neu' })).data).toMatchObject({ text: 'neu', tag: 'alpha' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote skills and the household', () => {
  const proposalsOf = (m: TestMaster, id: string) =>
    m.master.capabilities.protocol.service!.list<SkillProposal>('SkillProposal').filter((p) => p.skill_id === id);
  const tagsOf = async (m: TestMaster, n: number) => {
    const tags: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await call(m, TOOL, { text: 'x' });
      expect(r.success, JSON.stringify(r)).toBe(true);
      tags.push((r.data as { tag: string }).tag);
    }
    return [...new Set(tags)].sort();
  };

  it("a worker's skill waits for AKTIVIEREN, a replica waits until it is allowed, another manifest under the id is a new proposal", async () => {
    const m = await master();
    await worker(m, 'alpha');
    await waitForWorkers(m, ['alpha']);
    const waiting = await eventually(
      async () => (await listedSkills(m)).find((s) => s.id === 'mesh.echo' && s.activation),
      10_000,
      'the proposal',
    );
    expect(waiting).toMatchObject({ provider: 'remote', enabled: false, source: 'worker:alpha', activation: { status: 'proposed' } });
    expect(m.master.platform.registry.get(TOOL)).toBeUndefined();
    expect((await call(m, TOOL, { text: 'x' })).error?.code).toBe('UNKNOWN_TOOL');

    // The household decides as the skill card does; it takes effect at once.
    expect((await decideSkillProposal(m, waiting.activation!.proposal_id, 'accept')).status).toBe(200);
    expect(await tagsOf(m, 1)).toEqual(['alpha']);

    await worker(m, 'beta');
    await waitForWorkers(m, ['alpha', 'beta']);
    expect(proposalsOf(m, 'mesh.echo')).toHaveLength(1);
    // beta is a replica proposal: no calls until the household allows it.
    expect(await tagsOf(m, 4)).toEqual(['alpha']);
    expect(await allowWaitingReplicas(m, ['mesh.echo'])).toBe(1);
    expect(await tagsOf(m, 4)).toEqual(['alpha', 'beta']);

    const changed = mkdtempSync(join(tmpdir(), 'jarvis-mesh-changed-'));
    try {
      writeEchoSkill(join(changed, 'echo'), 'mesh.echo', 'echo', '2.0.0');
      await worker(m, 'gamma', changed);
      await waitForWorkers(m, ['alpha', 'beta', 'gamma']);
      expect(proposalsOf(m, 'mesh.echo').map((p) => [p.version, p.change, p.status])).toEqual([
        ['1.0.0', 'added', 'activated'],
        ['2.0.0', 'changed', 'proposed'],
      ]);
      // gamma is no silent co-owner of the calls while its manifest waits.
      expect(await tagsOf(m, 6)).toEqual(['alpha', 'beta']);
      const listed = (await listedSkills(m)).filter((s) => s.id === 'mesh.echo');
      expect(listed.map((s) => [s.version, s.source, s.enabled, s.activation?.status])).toEqual([
        ['1.0.0', 'worker:alpha, worker:beta', true, 'activated'],
        ['2.0.0', 'worker:gamma', false, 'proposed'],
      ]);

      // Activated, the newer version serves alone; the older one stands by.
      await activateRemoteSkills(m, ['mesh.echo']);
      expect(await tagsOf(m, 4)).toEqual(['gamma']);
    } finally {
      rmSync(changed, { recursive: true, force: true });
    }
  }, 90_000);

  it('a rejected manifest is never callable, from any worker, and is listed as rejected', async () => {
    const m = await master();
    const manifest = {
      protocol: 'jarvis.skill.v1',
      id: 'probe.no',
      name: 'no',
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      actions: [{ name: 'go', description: 'd', input_schema: { type: 'object', properties: {}, additionalProperties: false } }],
    };
    const put = async (name: string, endpoint: string) => {
      const { worker_id: id, access_token: token } = (await postMesh(m, '/api/mesh/enroll', { ...enrollBody(TOKEN), name, endpoint })).json;
      expect(
        (await postMesh(m, `/api/mesh/workers/${id}/skills`, { protocol: WORKER_PROTOCOL, skills: [manifest] }, token, 'PUT')).status,
      ).toBe(200);
    };
    await put('one', 'http://127.0.0.1:9');
    const proposal = (await listedSkills(m)).find((s) => s.id === 'probe.no')!.activation!;
    expect((await decideSkillProposal(m, proposal.proposal_id, 'reject')).status).toBe(200);
    await put('two', 'http://127.0.0.1:10');
    await put('one', 'http://127.0.0.1:9');
    expect(m.master.platform.registry.get('skill_probe_no_go')).toBeUndefined();
    expect(proposalsOf(m, 'probe.no')).toHaveLength(1);
    const listed = (await listedSkills(m)).filter((s) => s.id === 'probe.no');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ enabled: false, activation: { status: 'rejected' } });
    // A decided proposal cannot be decided again.
    expect((await decideSkillProposal(m, proposal.proposal_id, 'accept')).status).toBe(409);
  });
});
