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

/** Runs the real `npm run serve` bundle on a free loopback port with a fresh data folder. */
export async function startServedApp(env: Record<string, string> = {}): Promise<ServedApp> {
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
