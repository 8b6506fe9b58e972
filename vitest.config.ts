import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { REACT_IS_PREACT } from './src-renderer/react-is-preact.ts';

// Each test file is in exactly one project, so the totals count every test once:
// - unit: Node tests that need no server, no external binary and no long wait (`x.test.ts`);
// - renderer: the renderer's component and slice tests in jsdom (unit tests too);
// - integration: `x.int.test.ts`, which start the real master, servers, dockerd or binaries.
// `npm run test:unit` runs unit* + renderer*, `npm run test:int` integration, `npm test` all
// of them (scripts/test.mjs). The e2e suite has its own config (e2e/vitest.config.ts) and
// runs after the build.
//
// Unit files share one module graph per worker (`isolate: false`): a fresh graph and a fresh
// jsdom per file cost more than the tests themselves (renderer: 20 s -> 4 s). A file that
// replaces modules with vi.mock must see its mock before anyone imports the real module, so
// such files run in `unit-mocks` / `renderer-mocks`, one graph each. Any other file that
// leaks state into the next one shows up here: fix the file, not this setting.
const NODE_ROOTS = ['src-main', 'src-shared', 'workers', 'scripts', 'skills'];
const INTEGRATION = '**/*.int.test.ts';
const MOCKS_MODULES = /\bvi\.(?:mock|doMock)\(/;

/** Test files under `dirs` that replace modules with vi.mock (paths relative to the root). */
function mockingFiles(dirs: string[], test: RegExp): string[] {
  return dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => test.test(f) && !f.split(/[\\/]/).includes('node_modules'))
        .map((f) => join(dir, f).replaceAll('\\', '/'))
        .filter((f) => MOCKS_MODULES.test(readFileSync(f, 'utf8'))),
    );
}

const nodeMocks = mockingFiles(NODE_ROOTS, /\.test\.ts$/).filter((f) => !f.endsWith('.int.test.ts'));
const rendererMocks = mockingFiles(['src-renderer'], /\.test\.tsx?$/);
const nodeUnit = NODE_ROOTS.map((dir) => `${dir}/**/*.test.ts`);
const rendererUnit = ['src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx'];
// Packages that import React themselves go through the aliases too (Vitest runs the others
// from node_modules untouched), so they hook into the same runtime as the components.
const RUN_ON_PREACT = [/[\\/]node_modules[\\/]zustand[\\/]/];
const nodeTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
// Vitest's default is one worker less than the CPUs: one worker on a two-core machine. Unit
// files mostly wait (child processes, loopback sockets), so two workers at least.
const unitWorkers = Math.max(2, availableParallelism() - 1);
// The entries load the master from dist/main/master.cjs (src-main/master/bundle.ts); run
// from source in a test, they get the master's source modules instead.
const masterFromSource = {
  alias: [
    { find: /^(\.\.\/)+master\/bundle$/, replacement: fileURLToPath(new URL('src-main/testing/master-from-source.ts', import.meta.url)) },
  ],
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: masterFromSource,
        test: {
          name: 'unit',
          environment: 'node',
          include: nodeUnit,
          exclude: [...configDefaults.exclude, INTEGRATION, ...nodeMocks],
          isolate: false,
          maxWorkers: unitWorkers,
          ...nodeTimeouts,
        },
      },
      ...(nodeMocks.length
        ? [
            {
              resolve: masterFromSource,
              test: { name: 'unit-mocks', environment: 'node', include: nodeMocks, maxWorkers: unitWorkers, ...nodeTimeouts },
            },
          ]
        : []),
      {
        plugins: [react()],
        resolve: { alias: REACT_IS_PREACT },
        test: {
          name: 'renderer',
          server: { deps: { inline: RUN_ON_PREACT } },
          environment: 'jsdom',
          include: rendererUnit,
          exclude: [...configDefaults.exclude, ...rendererMocks],
          isolate: false,
          maxWorkers: unitWorkers,
          testTimeout: 15_000,
        },
      },
      ...(rendererMocks.length
        ? [
            {
              plugins: [react()],
              resolve: { alias: REACT_IS_PREACT },
              test: {
                name: 'renderer-mocks',
                environment: 'jsdom',
                include: rendererMocks,
                server: { deps: { inline: RUN_ON_PREACT } },
                maxWorkers: unitWorkers,
                testTimeout: 15_000,
              },
            },
          ]
        : []),
      {
        resolve: masterFromSource,
        test: {
          name: 'integration',
          environment: 'node',
          // After the unit projects when one run holds both (their worker counts differ).
          sequence: { groupOrder: 1 },
          include: NODE_ROOTS.map((dir) => `${dir}/${INTEGRATION}`),
          ...nodeTimeouts,
        },
      },
    ],
  },
});
