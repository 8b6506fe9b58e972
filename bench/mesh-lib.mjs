// Bundles bench/fixtures/mesh-bench-entry.ts once per run, so the mesh benchmarks can
// drive the real master and worker code in-process without a TypeScript loader.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let loaded;
export function loadMeshBench() {
  loaded ??= (async () => {
    const esbuild = await import('esbuild');
    const out = join(root, '.cache', 'bench', 'mesh-bench.mjs');
    mkdirSync(dirname(out), { recursive: true });
    await esbuild.build({
      entryPoints: [join(root, 'bench/fixtures/mesh-bench-entry.ts')],
      outfile: out,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Everything but native and lazily loaded packages is bundled, as in the master build.
      external: ['better-sqlite3', 'dockerode', 'ssh2', 'cpu-features', 'electron', 'vite', 'esbuild', 'playwright-core'],
      banner: { js: "import { createRequire as __jarvisCreateRequire } from 'node:module'; const require = __jarvisCreateRequire(import.meta.url);" },
      logLevel: 'warning',
      absWorkingDir: root,
    });
    return import(pathToFileURL(out).href);
  })();
  return loaded;
}
