import { defineConfig } from 'vitest/config';

// Browser tests share one machine with two cores: one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser test on a busy two-core machine can miss a deadline once; one that fails
    // twice in a row is a failure. scripts/test.mjs names every test that needed the retry.
    retry: 1,
  },
});
