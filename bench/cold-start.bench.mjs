// Master cold start (spawn -> first /api/health 200) through each entry that starts it,
// against a bare Node http server started the same way. Target: ratio <= 4 for every entry.
// All entries load the one master bundle (dist/main/master.cjs) through V8's code cache.
// The desktop app (Electron main) loads it too but cannot be started without an Electron
// binary; it is reported as not measured.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report, timeToFirstOk } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** The entries measured, each a node command line that starts the master. */
export const ENTRIES = [
  { name: 'npm run serve (dist/main/serve.js)', key: 'serve', args: [join(root, 'dist/main/serve.js')] },
  { name: 'jarvis serve (dist/main/cli.js serve)', key: 'cli', args: [join(root, 'dist/main/cli.js'), 'serve'] },
];

/** Whether the electron package has its binary (without requiring it: that starts a download). */
function hasElectronBinary() {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    return existsSync(join(dir, 'path.txt'));
  } catch {
    return false;
  }
}

/** Times every entry and the bare server, interleaved, `runs` times; returns the medians in ms. */
export async function measure(runs = RUNS, entries = ENTRIES) {
  const times = { bare: [], ...Object.fromEntries(entries.map((e) => [e.key, []])) };
  const env = { PATH: process.env.PATH };
  for (let i = 0; i < runs; i++) {
    // Interleaved, so drift on a noisy machine hits every side alike.
    times.bare.push(await timeToFirstOk(process.execPath, [join(root, 'bench/fixtures/bare-server.mjs')], env));
    for (const entry of entries) {
      const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
      try {
        times[entry.key].push(
          await timeToFirstOk(process.execPath, entry.args, {
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
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export async function run() {
  const m = await measure();
  const rows = [['bare node:http server (baseline)', `${m.bare.toFixed(1)} ms`]];
  for (const entry of ENTRIES) rows.push([entry.name, `${m[entry.key].toFixed(1)} ms  ${(m[entry.key] / m.bare).toFixed(2)}x (target <= 4.0)`]);
  rows.push(['desktop app (Electron main)', hasElectronBinary() ? 'not measured: the bench starts no window' : 'not measured: no Electron binary installed']);
  report(`cold start to first /api/health 200 (median of ${RUNS})`, rows);
  return ENTRIES.map((entry) => ({ name: `cold-start: ${entry.key}`, ratio: m[entry.key] / m.bare, target: 4 }));
}
