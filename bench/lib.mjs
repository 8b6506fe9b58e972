// Shared helpers for benchmarks: every figure is printed with a baseline measured in the
// same run, because these machines are noisy.
import { spawn } from 'node:child_process';

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

/** Spawns a server that prints "running at URL", returns ms from spawn to the first 200 on `path`. */
export async function timeToFirstOk(command, args, env, path = '/api/health') {
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
        return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Bundles a TypeScript module of the project (packages stay external) into .cache/bench
 * and imports it, so a benchmark measures the real code without a separate build step.
 */
export async function loadTs(entry) {
  const { build } = await import('esbuild');
  const { dirname, join, basename } = await import('node:path');
  const { fileURLToPath, pathToFileURL } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outfile = join(root, '.cache', 'bench', `${basename(entry).replace(/\.ts$/, '')}-${Date.now()}.mjs`);
  await build({ entryPoints: [join(root, entry)], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}
