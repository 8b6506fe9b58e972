// Bundles bench/fixtures/rag-bench-entry.ts into .cache/ so the knowledge benchmarks call
// the real service in-process (better-sqlite3 stays external, as in the product bundle).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadRag() {
  const esbuild = await import('esbuild');
  const outfile = join(root, '.cache', 'rag-bench.mjs');
  await esbuild.build({
    entryPoints: [join(root, 'bench/fixtures/rag-bench-entry.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    define: { __JARVIS_VERSION__: '"bench"' },
    logLevel: 'warning',
    absWorkingDir: root,
  });
  return import(pathToFileURL(outfile).href);
}
