import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findBinary } from '../platform/binaries';

// A private dockerd for tests against a real Docker engine: vfs, no bridge, no iptables, its
// own socket and data in a temp folder, and an image made offline from busybox-static. The
// test stops it itself.

const run = promisify(execFile);
const BUSYBOX = ['/usr/bin/busybox', '/bin/busybox'].find((p) => existsSync(p));
export const TEST_IMAGE = 'jarvis-test-busybox:1';

export interface PrivateDockerd {
  readonly socket: string;
  /** The docker CLI against this daemon; resolves trimmed stdout. */
  docker(...args: string[]): Promise<string>;
  /** A container of the test image that runs until SIGTERM and then exits at once. */
  create(name: string, labels: string[]): Promise<string>;
  state(id: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the daemon, or resolves the reason it cannot run here (the test then skips). */
export async function startPrivateDockerd(): Promise<PrivateDockerd | string> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'dockerd needs root on Linux; this run is not root';
  if (!findBinary('dockerd') || !findBinary('docker')) return 'dockerd or docker is not installed (Debian package docker.io)';
  if (!BUSYBOX) return 'busybox-static is not installed (no /usr/bin/busybox to build the test image from)';
  // Unix socket paths are limited to ~108 bytes: keep the folder short.
  const dir = mkdtempSync('/tmp/jd-');
  const socket = join(dir, 'docker.sock');
  const docker = async (...args: string[]) => (await run('docker', ['-H', `unix://${socket}`, ...args], { timeout: 60_000 })).stdout.trim();
  const daemon: ChildProcess = spawn(
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
  daemon.stderr!.on('data', (c) => (log = (log + c).slice(-4000)));
  const created: string[] = [];
  const stop = async () => {
    if (daemon.exitCode === null) {
      const pid = existsSync(join(dir, 'pid')) ? Number(readFileSync(join(dir, 'pid'), 'utf8')) : daemon.pid;
      try {
        if (created.length) await docker('rm', '-f', ...created).catch(() => undefined);
      } finally {
        const exited = new Promise((r) => daemon.once('exit', r));
        if (pid) process.kill(pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
        if (daemon.exitCode === null) daemon.kill('SIGKILL');
      }
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  const started = Date.now();
  for (;;) {
    if (daemon.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      return `dockerd exited with code ${daemon.exitCode}: ${log.split('\n').slice(-5).join(' | ')}`;
    }
    try {
      await docker('version', '--format', '{{.Server.Version}}');
      break;
    } catch {
      if (Date.now() - started > 90_000) {
        await stop();
        return `dockerd did not answer within 90 s: ${log.split('\n').slice(-5).join(' | ')}`;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const root = join(dir, 'rootfs');
  mkdirSync(join(root, 'bin'), { recursive: true });
  copyFileSync(BUSYBOX, join(root, 'bin', 'busybox'));
  for (const tool of ['sh', 'sleep']) symlinkSync('busybox', join(root, 'bin', tool));
  await run('tar', ['-C', root, '-cf', join(dir, 'rootfs.tar'), '.']);
  await docker('import', join(dir, 'rootfs.tar'), TEST_IMAGE);
  return {
    socket,
    docker,
    async create(name, labels) {
      // Exits on SIGTERM at once, so stop/restart do not wait out Docker's 10 s grace period.
      const id = await docker(
        'create',
        '--network',
        'none',
        '--name',
        name,
        ...labels.flatMap((l) => ['--label', l]),
        TEST_IMAGE,
        '/bin/sh',
        '-c',
        'trap "exit 0" TERM; while :; do sleep 1; done',
      );
      created.push(id);
      return id;
    },
    state: (id) => docker('inspect', '--format', '{{.State.Status}}', id),
    stop,
  };
}
