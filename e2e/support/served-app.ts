import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServedApp {
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The first start's steps, as the wizard names them (src-shared/settings.ts). */
const SETUP_STEPS = ['household', 'people', 'assistant', 'next'];

/**
 * Runs the real `npm run serve` bundle on a free loopback port with a fresh data folder.
 * The first start is skipped, as a household that set up long ago, unless `firstStart`.
 */
export async function startServedApp(env: Record<string, string> = {}, options: { firstStart?: boolean } = {}): Promise<ServedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jarvis-e2e-'));
  const child = spawn(process.execPath, [join(repoRoot, 'dist', 'main', 'serve.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dataDir, 'jarvis.db'),
      JARVIS_SKILLS_DIR: join(dataDir, 'skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      // The browser of these tests acts as the household's desktop without the printed sign-in link.
      JARVIS_LOCAL_ADMIN: 'open',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c) => (log += c));
  child.stderr?.on('data', (c) => (log += c));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL:\n${log}`)), 30_000);
    child.stdout?.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${log}`));
    });
  });
  if (!options.firstStart) {
    for (const step of SETUP_STEPS) {
      const res = await fetch(new URL(`/api/settings/setup/${step}`, url), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'skipped' }),
      });
      if (!res.ok) throw new Error(`skipping the first start's ${step} step: ${res.status} ${await res.text()}`);
    }
  }
  return {
    url,
    dataDir,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
