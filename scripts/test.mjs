#!/usr/bin/env node
// `npm test`: every check in order — type check per environment, layer rules, build,
// unit + integration + component tests, then e2e in headless Chromium. Ends with one
// "N passed, N failed" line over all phases.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typecheck } from './typecheck.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));

const totals = { passed: 0, failed: 0, skipped: 0 };
const phases = [];

function phase(name, run) {
  if (only.length && !only.includes(name)) return;
  const started = Date.now();
  process.stdout.write(`\n== ${name} ==\n`);
  let ok;
  try {
    ok = run();
  } catch (err) {
    process.stdout.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    ok = false;
  }
  phases.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

function vitest(config, name) {
  const report = join(cache, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const cli = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const r = spawnSync(process.execPath, [cli, 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  return r.status === 0;
}

phase('typecheck', () => {
  const failed = typecheck();
  if (failed) totals.failed += failed;
  else totals.passed += 1;
  return failed === 0;
});

phase('layers', () => {
  const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const r = spawnSync(process.execPath, [cli, 'src-shared', 'src-main', 'src-renderer', 'workers', '--config', '.dependency-cruiser.cjs'], { cwd: root, stdio: 'inherit' });
  if (r.status === 0) totals.passed += 1;
  else totals.failed += 1;
  return r.status === 0;
});

phase('build', () => {
  const r = spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then(m => m.build()).catch(e => { console.error(e); process.exit(1); })"], { cwd: root, stdio: 'inherit' });
  if (r.status === 0) totals.passed += 1;
  else totals.failed += 1;
  return r.status === 0;
});

// The voice tests run the real whisper.cpp CLI: build it (once, cached in .cache/) before
// the test files run in parallel, so the compile does not compete with them.
phase('tools', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-whisper-cli.mjs')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status === 0) totals.passed += 1;
  else totals.failed += 1;
  return r.status === 0;
});

phase('unit', () => vitest('vitest.config.ts', 'unit'));
phase('e2e', () => vitest('e2e/vitest.config.ts', 'e2e'));

process.stdout.write('\n== summary ==\n');
for (const p of phases) process.stdout.write(`${p.ok ? 'ok    ' : 'FAILED'} ${p.name} (${p.seconds}s)\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(phases.every((p) => p.ok) ? 0 : 1);
