import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');

beforeAll(async () => {
  const { build } = (await import(join(root, 'scripts', 'build.mjs'))) as { build: (o: object) => Promise<void> };
  await build({ quiet: true, targets: ['main', 'app'] });
}, 120_000);

/** The JavaScript files an entry runs besides the master bundle: its own file and the chunks it shares. */
function entryFiles(): string[] {
  const main = readdirSync(join(dist, 'main'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dist, 'main', f));
  return [...main, join(dist, 'app', 'main.cjs')];
}

describe('jarvis serve (the CLI)', () => {
  it('starts the master from dist/main/master.cjs, answers /api/health and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-cli-serve-'));
    const child = spawn(process.execPath, [join(root, 'bin', 'jarvis.mjs'), 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        JARVIS_ADDR: '127.0.0.1:0',
        JARVIS_DATA: join(dir, 'j.db'),
        JARVIS_SKILLS_DIR: join(dir, 'skills'),
        OLLAMA_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
        child.stdout.on('data', () => {
          const m = /running at (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        void exited.then(() => reject(new Error(`exited early: ${out}`)));
      });
      const health = (await (await fetch(`${url}/api/health`)).json()) as { ok: boolean };
      expect(health.ok).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('dist holds one master: the CLI, serve and Electron bundles carry none of its code', () => {
    const master = readFileSync(join(dist, 'main', 'master.cjs'), 'utf8');
    // A route and the composition root's own text: present in the master, absent elsewhere.
    const markers = ['/api/agent/chat', 'listener has no TCP address'];
    for (const marker of markers) expect(master).toContain(marker);
    for (const file of entryFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const marker of markers) expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
      // Each entry is a small fraction of the master (commander, src-shared, the Electron glue).
      expect(statSync(file).size, file).toBeLessThan(master.length / 5);
    }
    // Beside the master only the worker threads' bundles (calendar import, document ingest).
    const others = readdirSync(join(dist, 'main')).filter((f) => f.endsWith('.cjs') && f !== 'master.cjs');
    for (const file of others) expect(file).toMatch(/-worker\.cjs$/);
    expect(readdirSync(join(dist, 'main'))).toContain('master.cjs');
  });
});
