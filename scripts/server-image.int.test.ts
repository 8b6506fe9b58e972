import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeRunArgs, composeService } from './compose-run';
// @ts-expect-error a plain .mjs script without types
import { makeOfflineNodeImages, tagNodeStandIn } from './offline-node-images.mjs';

// deploy/Dockerfile built and run on a private Docker engine: the base images are made
// offline (Debian's mirror for the build tools, this machine's Node), npm ci reaches the
// npm registry through the host network. The container must answer its health check,
// keep its data across a restart and a re-create, and stop on SIGTERM before Docker's
// grace period runs out (exit code 0, not the 137 of a kill).
//
// Then the compose setup with the skill-workers profile, each container started with its
// service's settings from deploy/compose.yaml and workers/compose.yaml (this machine has no
// compose plugin): the master and the Node runtime worker, built from
// workers/docker/Dockerfile.node on the offline base. The worker enrolls with its key, an
// admin activates its skill over the API, the master calls it, the voice diagnostics say
// what the container has and lacks, and after a restart of both the household's lists, the
// worker and the household's approval are all still there.
//
// JARVIS_IMAGE_TEST_DOCKER_HOST=unix:///path/docker.sock uses a running engine instead of a
// private one (while developing: its images and build cache survive between runs).

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const IMAGE = 'jarvis-home-command:ci';
const WORKER_IMAGE = 'jarvis-skill-worker:node-ci';
const PORT = 18_380 + (process.pid % 500);
// The compose setup's listeners: API, mesh, the Node worker.
const API = PORT + 1;
const MESH = PORT + 2;
const WORKER_PORT = PORT + 3;
const TOKEN = `image-test-enrollment-${randomUUID()}`;
const MASTER = 'jarvis-ci-master';
const WORKER = 'jarvis-ci-worker';
const SKILL = 'example.node.text';
const TOOL = 'skill_example_node_text_word_count';
const BUILD_TIMES: string[] = [];

let dir = '';
let host = '';
let dockerd: ChildProcess | undefined;
let skipReason: string | undefined;
const sharedEngine = process.env.JARVIS_IMAGE_TEST_DOCKER_HOST;

async function docker(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('docker', ['-H', host, ...args], { timeout: 20 * 60_000, maxBuffer: 64 << 20 });
    return stdout.trim();
  } catch (err) {
    // A failed build says why on stdout (the step's own output), not in the error message.
    const out = (err as { stdout?: string }).stdout ?? '';
    throw new Error(`docker ${args[0]} failed: ${(err as Error).message}\n${out.slice(-3000)}`);
  }
}

function onPath(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => existsSync(join(d, cmd)));
}

async function startDockerd(): Promise<string | undefined> {
  if (sharedEngine) {
    host = sharedEngine;
    return undefined;
  }
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'dockerd needs root on Linux; this run is not root';
  for (const cmd of ['dockerd', 'docker', 'debootstrap', 'busybox']) if (!onPath(cmd)) return `${cmd} is not installed`;
  dir = mkdtempSync('/tmp/ji-');
  host = `unix://${join(dir, 'docker.sock')}`;
  // overlay2 where the kernel allows it (a layer is not a full copy); vfs otherwise.
  for (const driver of ['overlay2', 'vfs']) {
    const data = join(dir, `data-${driver}`);
    dockerd = spawn(
      'dockerd',
      [
        `--storage-driver=${driver}`,
        '--iptables=false',
        '--ip6tables=false',
        '--bridge=none',
        '--host',
        host,
        '--data-root',
        data,
        // Its own exec root and pid file: another test's dockerd may be running.
        '--exec-root',
        join(dir, `exec-${driver}`),
        '--pidfile',
        join(dir, `pid-${driver}`),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env } },
    );
    dockerd.stderr!.resume();
    const started = Date.now();
    while (Date.now() - started < 60_000 && dockerd.exitCode === null) {
      try {
        await run('docker', ['-H', host, 'version', '--format', '{{.Server.Version}}'], { timeout: 5000 });
        return undefined;
      } catch {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await stopDockerd();
  }
  return 'dockerd did not start with overlay2 or vfs';
}

async function stopDockerd(): Promise<void> {
  if (dockerd && dockerd.exitCode === null) {
    const exited = new Promise((r) => dockerd!.once('exit', r));
    dockerd.kill('SIGTERM');
    await exited;
  }
  dockerd = undefined;
}

async function waitHealthy(port = PORT, container = 'jarvis-ci'): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`JARVIS in the container did not answer /api/health: ${await logs(container)}`);
}

/** A container's output (stdout and stderr), for failure messages and log checks. */
async function logs(container: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('docker', ['-H', host, 'logs', container], { maxBuffer: 16 << 20 });
    return `${stdout}${stderr}`;
  } catch (err) {
    return `(no logs: ${String(err)})`;
  }
}

async function build(label: string, ...args: string[]): Promise<void> {
  const started = Date.now();
  await docker('build', '--network', 'host', ...args, root);
  BUILD_TIMES.push(`${label} ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function runContainer(): Promise<void> {
  await docker(
    'run',
    '-d',
    '--name',
    'jarvis-ci',
    '--network',
    'host',
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--cap-drop',
    'ALL',
    '-e',
    `JARVIS_ADDR=127.0.0.1:${PORT}`,
    '-e',
    'JARVIS_MESH_ADDR=127.0.0.1:0',
    '-e',
    'OLLAMA_URL=http://127.0.0.1:9',
    '-v',
    'jarvis-ci-data:/data',
    IMAGE,
  );
  await waitHealthy();
}

async function groceries(): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/groceries`);
  const body = (await res.json()) as { data: { items: { name: string }[] } };
  return body.data.items.map((i) => i.name);
}

beforeAll(async () => {
  skipReason = await startDockerd();
  if (skipReason) {
    process.stdout.write(`\n[server image test] SKIPPED: ${skipReason}\n`);
    return;
  }
  const addon = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  const started = Date.now();
  makeOfflineNodeImages(host, { betterSqliteAddon: existsSync(addon) ? addon : undefined });
  BUILD_TIMES.push(`offline bases ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await build(
    'master image',
    '-f',
    join(root, 'deploy/Dockerfile'),
    '--build-arg',
    'NODE_IMAGE=jarvis-offline/node-build:20',
    '--build-arg',
    'RUNTIME_IMAGE=jarvis-offline/node-runtime:20',
    // The offline base has no package source; it carries this machine's ffmpeg and
    // espeak-ng instead, where the package step would have put them.
    '--build-arg',
    'VOICE_PACKAGES=',
    '-t',
    IMAGE,
  );
  // The worker image's base is Node from the registry; here the offline build base (this
  // machine's Node, Debian's toolchain) stands in under that name.
  tagNodeStandIn(host, 'node:22-bookworm-slim');
  await build('worker image', '-f', join(root, 'workers/docker/Dockerfile.node'), '-t', WORKER_IMAGE);
  process.stdout.write(`\n[server image test] built: ${BUILD_TIMES.join(', ')}\n`);
}, 30 * 60_000);

afterAll(async () => {
  if (host && !skipReason) {
    await docker('rm', '-f', 'jarvis-ci', MASTER, WORKER).catch(() => undefined);
    if (sharedEngine) {
      await docker('volume', 'rm', ...['jarvis-ci-data', ...VOLUMES.map((v) => `${VOLUME_PREFIX}${v}`)]).catch(() => undefined);
    }
  }
  await stopDockerd();
  if (dir) removeFolder(dir);
}, 180_000);

const VOLUME_PREFIX = 'jarvis-ci-compose_';
const VOLUMES = ['jarvis-data', 'jarvis-skills', 'voice-models', 'skill-node-key'];

/** The master as deploy/compose.yaml runs it, on the test's own ports and token. */
async function startMaster(): Promise<void> {
  const args = composeRunArgs(composeService(join(root, 'deploy/compose.yaml'), 'jarvis'), {
    name: MASTER,
    image: IMAGE,
    volumePrefix: VOLUME_PREFIX,
    env: {
      JARVIS_ADDR: `127.0.0.1:${API}`,
      JARVIS_MESH_ADDR: `127.0.0.1:${MESH}`,
      JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
      // Workers notice a restarted master at their next heartbeat: 2 s, not the default 10 s.
      JARVIS_MESH_HEARTBEAT_MS: '2000',
      OLLAMA_URL: 'http://127.0.0.1:9',
    },
  });
  await docker(...args);
  await waitHealthy(API, MASTER);
}

/** The Node runtime worker as workers/compose.yaml (profile skill-workers) runs it. */
async function startWorker(): Promise<void> {
  const args = composeRunArgs(composeService(join(root, 'workers/compose.yaml'), 'skill-node'), {
    name: WORKER,
    image: WORKER_IMAGE,
    volumePrefix: VOLUME_PREFIX,
    variables: { JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN, JARVIS_MASTER_URL: `http://127.0.0.1:${MESH}` },
    // Both on the host's network here (the engine has no bridge): the worker listens where
    // it says it does, instead of behind its published port.
    network: 'host',
    env: {
      JARVIS_WORKER_HOST: '127.0.0.1',
      JARVIS_WORKER_PORT: String(WORKER_PORT),
      JARVIS_WORKER_ENDPOINT: `http://127.0.0.1:${WORKER_PORT}`,
    },
  });
  await docker(...args);
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** The admin's browser session: the cookie of the sign-in link the master printed at its start. */
let adminCookie = '';

/**
 * Signs in as the household on a home server does: opens the one-time link that `serve`
 * printed (`docker compose logs jarvis`), the newest one after a restart.
 */
async function signIn(): Promise<void> {
  const link = await until('the sign-in link in the master log', async () => {
    const all = [...(await logs(MASTER)).matchAll(/Open JARVIS in your browser: (\S+)/g)];
    const last = all.at(-1)?.[1];
    return last && last !== usedLink ? last : undefined;
  });
  usedLink = link;
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  adminCookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(adminCookie).toMatch(/^jarvis_local=/);
}
let usedLink = '';

async function api(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${API}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(adminCookie ? { cookie: adminCookie } : {}),
      ...init.headers,
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (audio, plain text)
  }
  return { status: res.status, json };
}

interface ListedSkill {
  id: string;
  provider: string;
  source: string;
  activation?: { proposal_id: string; status: string };
  replicas?: { worker: string; endpoint: string; status: string; proposal_id?: string }[];
}

async function listedSkill(): Promise<ListedSkill | undefined> {
  return ((await api('/api/skills')).json.skills as ListedSkill[]).find((s) => s.id === SKILL);
}

/** Polls until `probe` gives a value; the error names what never came, with both containers' logs. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `timed out waiting for ${what}\n--- master:\n${(await logs(MASTER)).slice(-3000)}\n--- worker:\n${(await logs(WORKER)).slice(-3000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The worker enrolled with its skill (the worker's id changes with each enrollment). */
function enrolledWorker(): Promise<{ id: string; name: string; skills: { id: string }[] }> {
  return until('the worker to enroll with its skill', async () => {
    const view = (await api('/api/mesh/workers')).json as { workers: { id: string; name: string; skills: { id: string }[] }[] };
    return view.workers.find((w) => w.name === 'node-main' && w.skills.some((s) => s.id === SKILL));
  });
}

function decide(proposalId: string) {
  return api(`/api/protocol/skill-proposals/${proposalId}/decision`, {
    json: { decision: 'accept' },
    headers: {
      'jarvis-protocol-version': '0.1.0',
      'jarvis-actor-id': 'act_household',
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
    },
  });
}

function wordCount(text: string) {
  return api(`/api/tools/${TOOL}`, { json: { arguments: { text } } });
}

/** dockerd may leave a mount (its network namespace file) behind: unmount, then remove. */
function removeFolder(folder: string): void {
  for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
    const target = line.split(' ')[1];
    if (target?.startsWith(`${folder}/`)) spawnSync('umount', ['-l', target]);
  }
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch (err) {
    process.stdout.write(`\n[server image test] could not remove ${folder}: ${String(err)}\n`);
  }
}

describe('the home-server image', () => {
  it(
    'runs as an unprivileged user on a read-only root, answers health, keeps data across restart and re-create, stops on SIGTERM',
    async (ctx) => {
      if (skipReason) return ctx.skip();
      const config = JSON.parse(await docker('image', 'inspect', '--format', '{{json .Config}}', IMAGE)) as {
        User: string;
        Healthcheck?: { Test: string[] };
        Volumes: Record<string, unknown>;
      };
      expect(config.User).toBe('1000:1000');
      // The household's data, the skills it adds without a rebuild, the voice tools and models.
      expect(Object.keys(config.Volumes).sort()).toEqual(['/data', '/skills', '/voice']);
      expect(config.Healthcheck?.Test.join(' ')).toContain('/api/health');
      const size = Number(await docker('image', 'inspect', '--format', '{{.Size}}', IMAGE));
      const base = Number(await docker('image', 'inspect', '--format', '{{.Size}}', 'jarvis-offline/node-runtime:20'));
      process.stdout.write(
        `\n[server image test] image ${(size / 1e6).toFixed(0)} MB, of which JARVIS ${((size - base) / 1e6).toFixed(0)} MB\n`,
      );

      await runContainer();
      const added = await fetch(`http://127.0.0.1:${PORT}/api/tools/groceries_add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ arguments: { name: 'Hafermilch' } }),
      });
      expect(added.status).toBeLessThan(300);

      await docker('restart', '-t', '20', 'jarvis-ci');
      await waitHealthy();
      expect(await groceries()).toContain('Hafermilch');

      await docker('stop', '-t', '20', 'jarvis-ci');
      expect(await docker('inspect', '--format', '{{.State.ExitCode}}', 'jarvis-ci')).toBe('0');
      expect(await docker('logs', 'jarvis-ci')).toContain('SIGTERM');
      await docker('rm', 'jarvis-ci');

      await runContainer();
      expect(await groceries()).toContain('Hafermilch');
      const health = (await (await fetch(`http://127.0.0.1:${PORT}/api/health`)).json()) as { ok: boolean };
      expect(health.ok).toBe(true);
    },
    5 * 60_000,
  );
});

describe('the compose setup with the skill-workers profile', () => {
  it(
    'enrolls the worker, runs its skill once an admin activated it, diagnoses voice, and loses nothing in a restart',
    async (ctx) => {
      if (skipReason) return ctx.skip();
      const started = Date.now();
      // The first test's container is done; two masters would only share the two cores.
      await docker('rm', '-f', 'jarvis-ci');
      await startMaster();
      // Without signing in, a program on the server is an adult: it may not see the workers.
      expect((await api('/api/mesh/workers')).json).toMatchObject({ error: { code: 'ADMIN_ONLY' } });
      await signIn();
      const mesh = (await api('/api/mesh/workers')).json as { enabled: boolean; workers: unknown[] };
      expect(mesh).toMatchObject({ enabled: true, workers: [] });

      // The worker enrolls by itself (token, Ed25519 key proof) and offers its skill, which
      // waits for the household: nothing runs before an admin says yes.
      await startWorker();
      const first = await enrolledWorker();
      const proposed = await until('the skill to wait for the household', async () => {
        const s = await listedSkill();
        return s?.activation?.status === 'proposed' ? s : undefined;
      });
      expect(proposed).toMatchObject({ provider: 'remote' });
      const early = await wordCount('zu früh');
      expect(early.status, JSON.stringify(early.json)).toBeGreaterThanOrEqual(400);

      // An admin activates it over the API (as AKTIVIEREN does); that allows this worker.
      const decided = await decide(proposed.activation!.proposal_id);
      expect(decided.status, JSON.stringify(decided.json)).toBe(200);
      const active = (await listedSkill())!;
      expect(active.activation?.status).toBe('activated');
      expect(active.replicas).toMatchObject([{ worker: 'node-main', status: 'allowed' }]);

      // A remote skill call through the master: the worker runs it with Node and signs the answer.
      const counted = await wordCount('eins zwei  drei');
      expect(counted.status, JSON.stringify(counted.json)).toBe(200);
      expect(counted.json).toMatchObject({ success: true, data: { words: 3, runtime: 'node' } });
      const calls = ((await api('/api/mesh/workers')).json.workers as { id: string; calls: number }[]).find((w) => w.id === first.id);
      expect(calls?.calls).toBe(1);

      // The household's lists.
      expect((await api('/api/groceries', { json: { name: 'Hafermilch' } })).status).toBeLessThan(300);
      expect((await api('/api/tasks', { json: { title: 'Fahrrad flicken' } })).status).toBeLessThan(300);

      // Voice: ffmpeg and espeak-ng are in the image; whisper-cli, its model and Piper are
      // not (`jarvis voice setup` fetches them into /voice), and both the route and the CLI
      // inside the container say so.
      const voice = (await api('/api/voice/status')).json as {
        stt: { state: string; ffmpeg?: string; bin?: string; errors: string[] };
        tts: { engine: string; bin?: string };
      };
      expect(voice.stt.state).toBe('BIN');
      expect(voice.stt.bin).toBeUndefined();
      expect(voice.stt.ffmpeg).toBe('/usr/bin/ffmpeg');
      expect(voice.stt.errors.join(' ')).toMatch(/whisper/i);
      expect(voice.tts).toMatchObject({ engine: 'espeak-ng' });
      const table = await docker('exec', MASTER, 'node', '/app/bin/jarvis.mjs', 'voice', 'status');
      expect(table).toMatch(/whisper-cli\s+MISSING/);
      expect(table).toMatch(/whisper model\s+MISSING/);
      expect(table).toMatch(/ffmpeg\s+ok\s+\/usr\/bin\/ffmpeg/);
      expect(table).toMatch(/tts\s+espeak-ng\s+fallback voice/);
      // The fallback voice really speaks inside the read-only container.
      const spoken = await fetch(`http://127.0.0.1:${API}/api/voice/speak`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Hallo' }),
      });
      expect(spoken.status).toBe(200);
      const wav = Buffer.from(await spoken.arrayBuffer());
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(wav.length).toBeGreaterThan(8000);

      // Both restart. Nothing is asked again and nothing is lost: the worker comes back with
      // the key in its volume, so it is the worker the household allowed.
      await docker('restart', '-t', '20', MASTER, WORKER);
      await waitHealthy(API, MASTER);
      await signIn();
      const again = await enrolledWorker();
      expect(again.id).not.toBe(first.id);
      const after = (await listedSkill())!;
      expect(after.activation).toEqual({ ...active.activation });
      expect(after.replicas).toMatchObject([{ worker: 'node-main', status: 'allowed' }]);
      expect(after.replicas).toHaveLength(1);
      const counted2 = await wordCount('nach dem Neustart');
      expect(counted2.json).toMatchObject({ success: true, data: { words: 3, runtime: 'node' } });
      const groceries = (await api('/api/groceries')).json.data.items as { name: string }[];
      expect(groceries.map((g) => g.name)).toContain('Hafermilch');
      const tasks = (await api('/api/tasks')).json.data.tasks as { title: string }[];
      expect(tasks.map((t) => t.title)).toContain('Fahrrad flicken');
      expect(await logs(WORKER)).not.toMatch(/key for this run only/);
      process.stdout.write(`\n[server image test] compose setup steps ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    },
    5 * 60_000,
  );
});
