import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../platform/binaries';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The controller against a real Docker engine: a private dockerd (vfs, no bridge, no
// iptables) on a socket in a temp folder, an image made offline from busybox-static, and
// labelled and unlabelled containers without network. The test stops its dockerd itself.

const run = promisify(execFile);
const LABEL = 'com.jarvis.skill-service';
const BUSYBOX = ['/usr/bin/busybox', '/bin/busybox'].find((p) => existsSync(p));

let dir = '';
let socket = '';
let dockerd: ChildProcess | undefined;
let skipReason: string | undefined;
const ids: Record<string, string> = {};
let t: TestMaster | undefined;

async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', ['-H', `unix://${socket}`, ...args], { timeout: 60_000 });
  return stdout.trim();
}

async function state(id: string): Promise<string> {
  return docker('inspect', '--format', '{{.State.Status}}', id);
}

async function startDockerd(): Promise<string | undefined> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'dockerd needs root on Linux; this run is not root';
  if (!findBinary('dockerd') || !findBinary('docker')) return 'dockerd or docker is not installed (Debian package docker.io)';
  if (!BUSYBOX) return 'busybox-static is not installed (no /usr/bin/busybox to build the test image from)';
  // Unix socket paths are limited to ~108 bytes: keep the folder short.
  dir = mkdtempSync('/tmp/jd-');
  socket = join(dir, 'docker.sock');
  dockerd = spawn(
    'dockerd',
    [
      '--storage-driver=vfs',
      '--iptables=false',
      '--ip6tables=false',
      '--bridge=none',
      '--host',
      `unix://${socket}`,
      '--data-root',
      join(dir, 'data'),
      '--exec-root',
      join(dir, 'exec'),
      '--pidfile',
      join(dir, 'pid'),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  dockerd.stderr!.on('data', (c) => (log = (log + c).slice(-4000)));
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (dockerd.exitCode !== null) return `dockerd exited with code ${dockerd.exitCode}: ${log.split('\n').slice(-5).join(' | ')}`;
    try {
      await docker('version', '--format', '{{.Server.Version}}');
      return undefined;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return `dockerd did not answer within 90 s: ${log.split('\n').slice(-5).join(' | ')}`;
}

async function makeImage(): Promise<void> {
  const root = join(dir, 'rootfs');
  mkdirSync(join(root, 'bin'), { recursive: true });
  copyFileSync(BUSYBOX!, join(root, 'bin', 'busybox'));
  for (const tool of ['sh', 'sleep']) symlinkSync('busybox', join(root, 'bin', tool));
  await run('tar', ['-C', root, '-cf', join(dir, 'rootfs.tar'), '.']);
  await docker('import', join(dir, 'rootfs.tar'), 'jarvis-test-busybox:1');
}

async function create(name: string, labels: string[]): Promise<string> {
  const labelArgs = labels.flatMap((l) => ['--label', l]);
  // Exits on SIGTERM at once, so stop/restart do not wait out Docker's 10 s grace period.
  return docker(
    'create',
    '--network',
    'none',
    '--name',
    name,
    ...labelArgs,
    'jarvis-test-busybox:1',
    '/bin/sh',
    '-c',
    'trap "exit 0" TERM; while :; do sleep 1; done',
  );
}

beforeAll(async () => {
  skipReason = await startDockerd();
  if (skipReason) {
    process.stdout.write(`\n[docker controller test] SKIPPED: ${skipReason}\n`);
    return;
  }
  await makeImage();
  ids.python = await create('skill-python', [`${LABEL}=true`, 'com.jarvis.skill-runtime=python', 'com.jarvis.worker-name=python-main']);
  ids.node = await create('skill-node', [`${LABEL}=true`, 'com.jarvis.skill-runtime=node']);
  ids.wrongValue = await create('wrong-value', [`${LABEL}=yes`]);
  ids.unlabelled = await create('unlabelled', []);
  t = await startTestMaster({ JARVIS_DOCKER_CONTROLLER_ENABLED: 'true', JARVIS_DOCKER_SOCKET: socket });
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (dockerd && dockerd.exitCode === null) {
    const pid = existsSync(join(dir, 'pid')) ? Number(readFileSync(join(dir, 'pid'), 'utf8')) : dockerd.pid;
    try {
      if (socket) await docker('rm', '-f', ...Object.values(ids)).catch(() => undefined);
    } finally {
      const exited = new Promise((r) => dockerd!.once('exit', r));
      if (pid) process.kill(pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (dockerd.exitCode === null) dockerd.kill('SIGKILL');
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
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
