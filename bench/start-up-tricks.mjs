#!/usr/bin/env node
// What each start-up trick of the master bundle is worth: `npm run serve` cold start with
// everything on, against the same with one trick off, interleaved with the bare node:http
// baseline (bench/cold-start.bench.mjs's measure). Not part of `npm run bench`: it builds
// a variant per trick (under .cache/start-up-tricks/) and takes a few minutes.
//   node bench/start-up-tricks.mjs [trick ...]     BENCH_RUNS=15 by default
// Figures go to docs/performance.md.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildStale, buildMaster, START_UP_TRICKS } from '../scripts/build.mjs';
import { measureTimes } from './cold-start.bench.mjs';
import { median, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const work = join(root, '.cache', 'start-up-tricks');
// Not a build option: the master loaded with plain require(), not through V8's code cache.
const CODE_CACHE = 'code-cache';
const wanted = process.argv.slice(2);
const tricks = [CODE_CACHE, ...START_UP_TRICKS].filter((t) => wanted.length === 0 || wanted.includes(t));

await buildStale({ targets: ['main'], quiet: true });
const esbuild = await import('esbuild');
rmSync(work, { recursive: true, force: true });
const entries = [{ key: 'all', name: 'every trick on (dist/main/serve.js)', args: [join(root, 'dist/main/serve.js')] }];
for (const trick of tricks) {
  // Each variant sits below the repository, so its bundle resolves node_modules as dist/ does.
  const dir = join(work, trick, 'main');
  mkdirSync(dir, { recursive: true });
  if (trick === CODE_CACHE) {
    copyFileSync(join(root, 'dist/main/master.cjs'), join(dir, 'master.cjs'));
    for (const f of readdirSync(join(root, 'dist/main/vendor')))
      (mkdirSync(join(dir, 'vendor'), { recursive: true }), copyFileSync(join(root, 'dist/main/vendor', f), join(dir, 'vendor', f)));
    writeFileSync(join(dir, 'serve.cjs'), "require('./master.cjs').serve();\n");
    entries.push({ key: trick, name: `without ${trick}`, args: [join(dir, 'serve.cjs')] });
    continue;
  }
  await buildMaster(esbuild, { outdir: relative(root, dir), without: [trick] });
  // The same thin entry as dist/main/serve.js: it loads the master.cjs beside it.
  for (const f of readdirSync(join(root, 'dist/main')).filter((f) => f.endsWith('.js')))
    copyFileSync(join(root, 'dist/main', f), join(dir, f));
  entries.push({ key: trick, name: `without ${trick}`, args: [join(dir, 'serve.js')] });
}

const { times, cpu } = await measureTimes(RUNS, entries);
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
// What a trick saves: the median of the paired differences (variant minus every-trick-on,
// same round), in wall time and in the CPU time the server used up to its first 200. The
// CPU figure is the one to trust on a loaded machine: other processes stretch wall time.
const saves = (series, key) => median(series[key].map((t, i) => t - series.all[i]));
report(
  `npm run serve cold start, one trick off at a time (median of ${RUNS}; bare node:http ${m.bare.toFixed(1)} ms, CPU ${median(cpu.bare).toFixed(1)} ms)`,
  entries.map((e) => [
    e.name,
    `${m[e.key].toFixed(1)} ms ${(m[e.key] / m.bare).toFixed(2)}x, CPU ${median(cpu[e.key]).toFixed(1)} ms` +
      (e.key === 'all' ? '' : `; trick saves ${saves(times, e.key).toFixed(1)} ms wall, ${saves(cpu, e.key).toFixed(1)} ms CPU`),
  ]),
);
