import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { makeOfflineNodeImages } from './offline-node-images.mjs';

// deploy/Dockerfile built and run on a private Docker engine: the base images are made
// offline (Debian's mirror for the build tools, this machine's Node), npm ci reaches the
// npm registry through the host network. The container must answer its health check,
// keep its data across a restart and a re-create, and stop on SIGTERM before Docker's
// grace period runs out (exit code 0, not the 137 of a kill).

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const IMAGE = 'jarvis-home-command:ci';
const PORT = 18_380 + (process.pid % 500);

let dir = '';
let host = '';
let dockerd: ChildProcess | undefined;
let skipReason: string | undefined;

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

async function waitHealthy(): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`JARVIS in the container did not answer /api/health: ${await docker('logs', 'jarvis-ci').catch(() => '')}`);
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
  makeOfflineNodeImages(host, { betterSqliteAddon: existsSync(addon) ? addon : undefined });
  await docker(
    'build',
    '--network',
    'host',
    '-f',
    join(root, 'deploy/Dockerfile'),
    '--build-arg',
    'NODE_IMAGE=jarvis-offline/node-build:20',
    '--build-arg',
    'RUNTIME_IMAGE=jarvis-offline/node-runtime:20',
    // The offline base has no package source to fetch ffmpeg and espeak-ng from.
    '--build-arg',
    'VOICE_PACKAGES=',
    '-t',
    IMAGE,
    root,
  );
}, 30 * 60_000);

afterAll(async () => {
  if (host && !skipReason) await docker('rm', '-f', 'jarvis-ci').catch(() => undefined);
  await stopDockerd();
  if (dir) removeFolder(dir);
}, 180_000);

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
