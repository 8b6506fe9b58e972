// Tests run the entries (the Electron main, the CLI) from TypeScript source, where no
// dist/main/master.cjs stands beside them: vitest.config.ts replaces src-main/master/bundle.ts
// with this, which hands out the master's source modules. The real bundle is tested by
// the integration tests that start dist/ (serve.int.test.ts, cli/serve.int.test.ts).
import type { LoadedBundle } from '../platform/code-cache';
import * as source from '../master/bundle-entry';
import type { MasterBundle } from '../master/bundle';

const bundle: LoadedBundle<MasterBundle> = { exports: source, compiledFrom: 'source', saveCache: () => false };

export function masterBundle(): LoadedBundle<MasterBundle> {
  return bundle;
}

export function keepCodeCache(): void {}
