// The knowledge benchmarks call the real service in-process: bench/fixtures/rag-bench-entry.ts
// bundled as the master bundles it.
import { bundleAndImport } from './lib.mjs';

export function loadRag() {
  return bundleAndImport('rag', 'bench/fixtures/rag-bench-entry.ts');
}
