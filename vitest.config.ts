import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests run in Node; renderer component tests in jsdom.
// The e2e suite has its own config (e2e/vitest.config.ts) and runs after the build.
export default defineConfig({
  test: {
    projects: [
      {
        // The entries load the master from dist/main/master.cjs (src-main/master/bundle.ts);
        // run from source in a test, they get the master's source modules instead.
        resolve: {
          alias: [{ find: /^(\.\.\/)+master\/bundle$/, replacement: fileURLToPath(new URL('src-main/testing/master-from-source.ts', import.meta.url)) }],
        },
        test: {
          name: 'node',
          environment: 'node',
          include: ['src-main/**/*.test.ts', 'src-shared/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts', 'skills/**/*.test.ts'],
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
    ],
  },
});
