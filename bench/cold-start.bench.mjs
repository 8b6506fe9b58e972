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
import { median, report, startToFirstOk } from './lib.mjs';

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

/**
 * Times every entry and the bare server, interleaved, `runs` times; returns each one's wall
 * times in ms, and in `cpu` the CPU time each server had used by its first 200.
 */
export async function measureTimes(runs = RUNS, entries = ENTRIES) {
  const keys = ['bare', ...entries.map((e) => e.key)];
  const times = Object.fromEntries(keys.map((k) => [k, []]));
  const cpu = Object.fromEntries(keys.map((k) => [k, []]));
  const record = (key, r) => {
    times[key].push(r.ms);
    if (r.cpuMs !== undefined) cpu[key].push(r.cpuMs);
  };
  const env = { PATH: process.env.PATH };
  for (let i = 0; i < runs; i++) {
    // Interleaved, so drift on a noisy machine hits every side alike.
    record('bare', await startToFirstOk(process.execPath, [join(root, 'bench/fixtures/bare-server.mjs')], env));
    // The entries take turns at going first: a process started right after another runs
    // slightly slower (about 1 ms of CPU in an A/A run), which would favour the first.
    for (const entry of entries.map((_, j) => entries[(i + j) % entries.length])) {
      const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
      try {
        record(
          entry.key,
          await startToFirstOk(process.execPath, entry.args, {
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
  return { times, cpu };
}

/** The medians of measureTimes, in ms. */
export async function measure(runs = RUNS, entries = ENTRIES) {
  const { times } = await measureTimes(runs, entries);
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export async function run() {
  const { times, cpu } = await measureTimes();
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  // CPU time to the first 200 as well: on a loaded machine it moves far less than wall time.
  const c = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v.length ? median(v) : NaN]));
  const cpuText = (key) => (Number.isNaN(c[key]) ? '' : `, CPU ${c[key].toFixed(1)} ms`);
  const rows = [['bare node:http server (baseline)', `${m.bare.toFixed(1)} ms${cpuText('bare')}`]];
  for (const entry of ENTRIES)
    rows.push([entry.name, `${m[entry.key].toFixed(1)} ms  ${(m[entry.key] / m.bare).toFixed(2)}x (target <= 4.0)${cpuText(entry.key)}`]);
  rows.push([
    'desktop app (Electron main)',
    hasElectronBinary() ? 'not measured: the bench starts no window' : 'not measured: no Electron binary installed',
  ]);
  report(`cold start to first /api/health 200 (median of ${RUNS})`, rows);
  return ENTRIES.map((entry) => ({ name: `cold-start: ${entry.key}`, ratio: m[entry.key] / m.bare, target: 4 }));
}
