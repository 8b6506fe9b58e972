import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Three projects, each test file in exactly one of them (so totals count every test once):
// - unit: Node tests that need no server, no external binary and no long wait (`x.test.ts`);
// - renderer: component tests in jsdom, unit tests too;
// - integration: `x.int.test.ts`, which start the real master, servers, dockerd or binaries.
// `npm run test:unit` runs unit + renderer, `npm run test:int` integration, `npm test` all
// of them (scripts/test.mjs). The e2e suite has its own config (e2e/vitest.config.ts) and
// runs after the build.
const NODE_ROOTS = ['src-main', 'src-shared', 'workers', 'scripts', 'skills'];
const INTEGRATION = '**/*.int.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: NODE_ROOTS.map((dir) => `${dir}/**/*.test.ts`),
          exclude: [...configDefaults.exclude, INTEGRATION],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: NODE_ROOTS.map((dir) => `${dir}/${INTEGRATION}`),
          exclude: [...configDefaults.exclude],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
