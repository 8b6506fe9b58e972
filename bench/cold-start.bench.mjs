// Headless master cold start (spawn -> first /api/health 200) against a bare Node http
// server started the same way. Target: ratio <= 4 (issue: foundation).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report, timeToFirstOk } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

export async function run() {
  const master = [];
  const bare = [];
  const env = { PATH: process.env.PATH };
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so drift on a noisy machine hits both sides alike.
    bare.push(await timeToFirstOk(process.execPath, [join(root, 'bench/fixtures/bare-server.mjs')], env));
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
    try {
      master.push(
        await timeToFirstOk(process.execPath, [join(root, 'dist/main/serve.js')], {
          ...env,
          JARVIS_ADDR: '127.0.0.1:0',
          JARVIS_DATA: join(dir, 'jarvis.db'),
          JARVIS_SKILLS_DIR: join(dir, 'skills'),
          OLLAMA_URL: 'http://127.0.0.1:9',
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const m = median(master);
  const b = median(bare);
  report(`cold start to first /api/health 200 (median of ${RUNS})`, [
    ['headless master', `${m.toFixed(1)} ms`],
    ['bare node:http server (baseline)', `${b.toFixed(1)} ms`],
    ['ratio (target <= 4.0)', `${(m / b).toFixed(2)}x`],
  ]);
  return { name: 'cold-start', ratio: m / b, target: 4 };
}
