#!/usr/bin/env node
// `npm test`: every check in order — set-up of the system tools, formatter (once the
// project has one), type check per environment, layer rules, build, unit + component
// tests, integration tests, then e2e in headless Chromium. Ends with one
// "N passed, N failed, N skipped" line over all phases.
//
//   node scripts/test.mjs [phase…] [--skip-setup]
//
// Named phases run alone (`npm run test:int` = build tools integration); the setup phase
// runs before them unless --skip-setup. It fails fast: nothing else runs without it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup } from './test-setup.mjs';
import { typecheck } from './typecheck.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));

const totals = { passed: 0, failed: 0, skipped: 0 };
const phases = [];
// The names of failed tests, repeated in the summary: CI keeps only the end of the printout.
const failures = [];

function phase(name, run, { always = false } = {}) {
  if (!always && only.length && !only.includes(name)) return;
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

function summary() {
  process.stdout.write('\n== summary ==\n');
  for (const p of phases) process.stdout.write(`${p.ok ? 'ok    ' : 'FAILED'} ${p.name} (${p.seconds}s)\n`);
  for (const f of failures) process.stdout.write(`${f.includes('(passed on retry)') ? 'flaky' : 'failed'}: ${f}\n`);
  process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  process.exit(phases.every((p) => p.ok) ? 0 : 1);
}

/** A phase that is one check: it counts as one passed or one failed test. */
function counted(ok) {
  if (ok) totals.passed += 1;
  else totals.failed += 1;
  return ok;
}

/** Runs vitest on `config`, limited to `projects` (vitest.config.ts puts each file in one). */
function vitest(config, name, projects = []) {
  const report = join(cache, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const cli = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const filter = projects.flatMap((p) => ['--project', p]);
  const r = spawnSync(
    process.execPath,
    [cli, 'run', '--config', config, ...filter, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
    },
  );
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    for (const file of j.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'passed' && (t.failureMessages ?? []).length > 0) {
          failures.push(`${name} (passed on retry): ${relative(root, file.name)} > ${t.fullName}`);
          continue;
        }
        if (t.status !== 'failed') continue;
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200);
        failures.push(`${name}: ${relative(root, file.name)} > ${t.fullName}: ${why}`);
      }
      if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
        failures.push(
          `${name}: ${relative(root, file.name)}: ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 200)}`,
        );
      }
    }
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  return r.status === 0;
}

// System packages (installed here when we may) and node_modules; see scripts/test-setup.mjs.
if (!args.includes('--skip-setup')) {
  phase('setup', () => counted(setup()), { always: true });
  if (!phases.at(-1).ok) {
    process.stdout.write('\nsetup failed: no test ran (see above for what to install).\n');
    summary();
  }
}

// The formatter check: Prettier over the code (TypeScript, JavaScript, CSS), with the
// project's .prettierrc.json and .prettierignore. `npm run format` writes what it reports.
const FORMAT_GLOBS = ['**/*.{ts,tsx,mjs,cjs,css}'];
phase('format', () => {
  const cli = join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
  if (!existsSync(cli)) {
    process.stdout.write('prettier is not installed: run npm ci.\n');
    return counted(false);
  }
  const r = spawnSync(process.execPath, [cli, '--check', '--log-level', 'warn', ...FORMAT_GLOBS], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.stdout.write('Run `npm run format` to format these files.\n');
  return counted(r.status === 0);
});

phase('typecheck', () => {
  const failed = typecheck();
  if (failed) totals.failed += failed;
  else totals.passed += 1;
  return failed === 0;
});

phase('layers', () => {
  const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const r = spawnSync(process.execPath, [cli, 'src-shared', 'src-main', 'src-renderer', 'workers', '--config', '.dependency-cruiser.cjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  return counted(r.status === 0);
});

// ESLint over the renderer: the TypeScript and React hooks rules (eslint.config.mjs).
phase('lint', () => {
  const cli = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const r = spawnSync(process.execPath, [cli, '--max-warnings', '0', 'src-renderer/src'], { cwd: root, stdio: 'inherit' });
  return counted(r.status === 0);
});

phase('build', () => {
  const r = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/build.mjs').then(m => m.build()).catch(e => { console.error(e); process.exit(1); })"],
    { cwd: root, stdio: 'inherit' },
  );
  return counted(r.status === 0);
});

// Unit tests in Node and the renderer's component tests in jsdom (`npm run test:unit`).
phase('unit', () => vitest('vitest.config.ts', 'unit', ['unit*', 'renderer*']));

// The voice tests run the real whisper.cpp CLI: build it (once, cached in .cache/) before
// the test files run in parallel, so the compile does not compete with them.
phase('tools', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-whisper-cli.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return counted(r.status === 0);
});

phase('integration', () => vitest('vitest.config.ts', 'integration', ['integration']));
phase('e2e', () => vitest('e2e/vitest.config.ts', 'e2e'));

summary();
