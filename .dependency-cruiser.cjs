// The layer rules of STYLE.md, enforced in `npm test`. Paths are relative to the repo root.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src-shared imports nothing from Node, the DOM, React or any package: it runs in main, renderer and workers alike.',
      severity: 'error',
      // Its unit tests sit next to the code and import the test runner.
      from: { path: '^src-shared/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^src-shared/' },
    },
    {
      name: 'renderer-imports-only-shared',
      comment: 'src-renderer talks to the master over HTTP; it may import src-shared and browser packages, never main, workers or Node.',
      severity: 'error',
      from: { path: '^src-renderer/', pathNot: '^src-renderer/vite\\.config\\.ts$' },
      to: { path: ['^src-main/', '^workers/', '^skills/'], },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^src-renderer/', pathNot: ['^src-renderer/vite\\.config\\.ts$', '\\.test\\.tsx?$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workers-import-shared-and-process-runner-only',
      comment: 'A worker shares src-shared and the one skill process runner with the master, nothing else of it.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^src-main/', pathNot: ['^src-main/skills/process/', '^src-main/platform/validation/'] },
    },
    {
      name: 'only-app-imports-electron',
      severity: 'error',
      from: { pathNot: '^src-main/app/' },
      to: { path: '(^|/)node_modules/electron/' },
    },
    {
      name: 'only-docker-imports-dockerode',
      severity: 'error',
      from: { pathNot: '^src-main/docker/' },
      to: { path: '(^|/)node_modules/dockerode/' },
    },
    {
      name: 'only-store-opens-sqlite',
      severity: 'error',
      from: { pathNot: '^src-main/store/' },
      to: { path: '(^|/)node_modules/better-sqlite3/' },
    },
    {
      name: 'assistant-and-routes-never-touch-the-store',
      comment: 'The assistant and the HTTP routes call tools and services; only services use the store.',
      severity: 'error',
      from: { path: '^src-main/(agent|http)/' },
      to: { path: '^src-main/store/' },
    },
    {
      name: 'main-never-imports-renderer',
      severity: 'error',
      from: { path: '^(src-main|workers|src-shared)/' },
      to: { path: '^src-renderer/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], conditionNames: ['import', 'require', 'node', 'default'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
