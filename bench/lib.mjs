// Shared helpers for benchmarks: every figure is printed with a baseline measured in the
// same run, because these machines are noisy.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NODE_EXTERNALS } from '../scripts/node-externals.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let bundles = 0;

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export function report(name, rows) {
  process.stdout.write(`\n${name}\n`);
  for (const [label, value] of rows) process.stdout.write(`  ${label.padEnd(44)} ${value}\n`);
}

/**
 * CPU time (ms) a process's threads have run so far, from /proc/<pid>/task/<tid>/schedstat
 * (nanoseconds, unlike the 10 ms ticks of /proc/<pid>/stat); undefined off Linux. Other
 * processes competing for the cores stretch wall time far more than CPU time.
 */
export function cpuTimeMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * Spawns a server that prints "running at URL"; returns ms from spawn to the first 200 on
 * `path`, and the CPU time the server had used by then.
 */
export async function startToFirstOk(command, args, env, path = '/api/health') {
  const started = performance.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL: ${out}`)), 30_000);
      child.stdout.on('data', () => {
        const m = /running at (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    for (;;) {
      const res = await fetch(`${url}${path}`).catch(() => undefined);
      if (res?.status === 200) {
        await res.arrayBuffer();
        return { ms: performance.now() - started, cpuMs: cpuTimeMs(child.pid) };
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Spawns a server that prints "running at URL", returns ms from spawn to the first 200 on `path`. */
export async function timeToFirstOk(command, args, env, path = '/api/health') {
  return (await startToFirstOk(command, args, env, path)).ms;
}

/**
 * Bundles TypeScript of the project the way the master build does and imports it, so a
 * benchmark measures the real code without a build of its own. JavaScript packages go into
 * the bundle; native and lazily loaded ones stay external and resolve from the repository's
 * node_modules (hence the output under .cache/bench). `source` is a file relative to the
 * repository, or `{ contents }`: a TypeScript module of re-exports.
 */
export async function bundleAndImport(name, source) {
  const { build } = await import('esbuild');
  const outfile = join(root, '.cache', 'bench', `${name}.mjs`);
  await build({
    ...(typeof source === 'string'
      ? { entryPoints: [join(root, source)] }
      : { stdin: { contents: source.contents, resolveDir: root, loader: 'ts' } }),
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: NODE_EXTERNALS,
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
    },
    define: { __JARVIS_VERSION__: '"bench"' },
    logLevel: 'warning',
    absWorkingDir: root,
  });
  // The worker threads' bundles beside it, where the off-thread runner of a bundle looks.
  const { THREAD_ENTRIES } = await import('../scripts/build.mjs');
  await build({
    entryPoints: THREAD_ENTRIES,
    outdir: dirname(outfile),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: NODE_EXTERNALS,
    define: { __JARVIS_VERSION__: '"bench"', 'import.meta.url': '__jarvis_import_meta_url' },
    banner: { js: "const __jarvis_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    absWorkingDir: root,
  });
  // A new URL per call: the same name bundled twice in one process is imported afresh.
  return import(`${pathToFileURL(outfile).href}?${++bundles}`);
}
