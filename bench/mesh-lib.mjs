// Bundles bench/fixtures/mesh-bench-entry.ts once per run, so the mesh benchmarks can
// drive the real master and worker code in-process without a TypeScript loader.
import { bundleAndImport } from './lib.mjs';

let loaded;
export function loadMeshBench() {
  loaded ??= bundleAndImport('mesh', 'bench/fixtures/mesh-bench-entry.ts');
  return loaded;
}
