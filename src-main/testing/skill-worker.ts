import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Real worker processes for mesh tests: the bundled dist/worker/jarvis-skill-worker.mjs,
// started with its environment exactly as a container would start it.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WORKER_BUNDLE = join(root, 'dist', 'worker', 'jarvis-skill-worker.mjs');

let built: Promise<void> | undefined;

/** Builds the worker bundle if it is stale (once per test process). */
export function buildWorkerBundle(): Promise<void> {
  built ??= (async () => {
    const { build } = (await import(join(root, 'scripts', 'build.mjs'))) as { build: (o: object) => Promise<void> };
    await build({ quiet: true, targets: ['worker'] });
  })();
  return built;
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface WorkerOptions {
  readonly masterUrl: string;
  readonly token: string;
  readonly runtime: string;
  readonly name: string;
  readonly skillsDir: string;
  readonly env?: Record<string, string>;
}

export interface RunningWorker {
  readonly name: string;
  readonly url: string;
  readonly process: ChildProcess;
  output(): string;
  /** Resolves when the worker's stderr matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM (clean shutdown, deregisters) or SIGKILL (a crash); resolves on exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  await buildWorkerBundle();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [WORKER_BUNDLE], {
    env: {
      // Debian's interpreters first: a version-manager shim (pyenv) costs seconds per call
      // on a loaded machine, and the skills only need a python3/node on PATH.
      PATH: `/usr/bin:/bin:${process.env.PATH ?? ''}`,
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      JARVIS_MASTER_URL: options.masterUrl,
      JARVIS_MESH_ENROLLMENT_TOKEN: options.token,
      JARVIS_WORKER_RUNTIME: options.runtime,
      JARVIS_WORKER_NAME: options.name,
      JARVIS_WORKER_HOST: '127.0.0.1',
      JARVIS_WORKER_PORT: String(port),
      JARVIS_WORKER_ENDPOINT: url,
      JARVIS_SKILLS_DIR: options.skillsDir,
      // Its own key folder, not the user's home: each test worker is a worker of its own.
      // One per name and port, so a worker started again where it was keeps its key.
      JARVIS_WORKER_DATA_DIR: join(tmpdir(), `jarvis-worker-${process.pid}-${options.name}-${port}`),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  child.stderr!.on('data', (c) => {
    out += c;
    for (const w of waiters) w();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: options.name,
    url,
    process: child,
    output: () => out,
    waitFor(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`worker ${options.name} never printed ${pattern}; output:\n${out}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Polls until `probe` returns a truthy value. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
