// The layer rules of the code base, enforced in `npm test` and proven by scripts/layers.int.test.ts.
// Paths are relative to the repo root. Inside src-main there are three kinds of folders, and
// imports run only downwards: entries and the composition root -> capabilities -> platform.
const CAPABILITIES =
  '(access|approvals|assistant|backup|caldav|docker|home|homeassistant|household|knowledge|mcp|mesh|notify|policy|protocol|settings|skills|system|voice)';
const ENTRIES = '(app|cli|serve|master)';
const TESTS = '\\.test\\.tsx?$';
// A household list keeps its repository in its own folder (household/domains/<list>/store.ts).
const DOMAIN_STORE = '^src-main/household/domains/[^/]+/store\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src-shared imports nothing from Node, the DOM, React or any package: it runs in main, renderer and workers alike.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { pathNot: '^src-shared/' },
    },
    {
      name: 'renderer-imports-only-shared',
      comment: 'src-renderer talks to the master over HTTP; it may import src-shared and browser packages, never main, workers or Node.',
      severity: 'error',
      from: { path: '^src-renderer/', pathNot: '^src-renderer/vite\\.config\\.ts$' },
      to: { path: ['^src-main/', '^workers/', '^skills/'] },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^src-renderer/', pathNot: '^src-renderer/vite\\.config\\.ts$' },
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
      name: 'main-reaches-skills-only-for-pinning',
      comment:
        "Skills run as their own processes; the master reads no skill's code, except the home pack's pinning module: the one place a certificate pin is checked, for the skills and the master's event streams alike.",
      severity: 'error',
      from: { path: '^(src-main|workers|src-shared)/' },
      to: { path: '^skills/', pathNot: '^skills/home/_lib/pinned-https\\.mjs$' },
    },
    {
      name: 'platform-imports-no-capability',
      comment:
        'The platform floor (config, database, events, trace, validation, registry, the HTTP server ...) is what capabilities stand on; it never reaches up.',
      severity: 'error',
      from: { path: '^src-main/platform/' },
      to: { path: '^src-main/', pathNot: '^src-main/platform/' },
    },
    {
      name: 'capability-never-imports-http',
      comment:
        "A capability offers routes on the FastifyInstance it is given; the server itself, its error mapping and its hooks are the platform's business.",
      severity: 'error',
      from: { path: `^src-main/${CAPABILITIES}/` },
      to: { path: '^src-main/platform/http/' },
    },
    {
      name: 'capability-never-imports-entries',
      comment:
        'Capabilities get what they use as constructor arguments from the composition root; they never import it, nor the entries (app, cli, serve).',
      severity: 'error',
      from: { path: `^src-main/${CAPABILITIES}/` },
      to: { path: `^src-main/${ENTRIES}/` },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that import each other are one folder in disguise: the arrow between capabilities must point one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src-main/' },
      to: { circular: true },
    },
    {
      name: 'testing-is-fenced',
      comment:
        'src-main/testing holds test helpers (scripted Ollama, test masters, fixtures): tests, benchmarks and e2e use them, product code never does.',
      severity: 'error',
      from: { path: '^(src-main|workers|src-shared)/', pathNot: '^src-main/testing/' },
      to: { path: '^src-main/testing/' },
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
      name: 'only-stores-touch-sqlite',
      comment:
        "SQLite is opened by the platform database and read and written by each capability's store/ folder (and a household list's store.ts), nowhere else.",
      severity: 'error',
      from: { pathNot: ['^src-main/platform/database/', `^src-main/${CAPABILITIES}/store/`, DOMAIN_STORE] },
      to: { path: '(^|/)node_modules/better-sqlite3/' },
    },
    {
      name: 'assistant-and-routes-never-touch-a-store',
      comment: 'The assistant and the HTTP routes call tools and services; only services use a store.',
      severity: 'error',
      from: { path: ['^src-main/assistant/', `^src-main/${CAPABILITIES}/[^.]*routes\\.ts$`] },
      to: { path: [`^src-main/${CAPABILITIES}/store/`, DOMAIN_STORE, '^src-main/platform/database/'] },
    },
    {
      name: 'capability-through-its-index',
      comment:
        'Another capability is reached only through its index.ts, its public face: what sits behind it can change without the callers noticing. The skill process runner (skills/process/index.ts) is a public face of its own: workers, the mesh and MCP share it.',
      severity: 'error',
      from: { path: `^src-main/${CAPABILITIES}/` },
      to: {
        path: `^src-main/${CAPABILITIES}/`,
        pathNot: ['^src-main/$1/', `^src-main/${CAPABILITIES}/index\\.ts$`, '^src-main/skills/process/index\\.ts$'],
      },
    },
    {
      name: 'no-file-cycles',
      comment: 'Two modules that import each other (directly or round about) cannot be understood, tested or loaded one without the other.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { circular: true },
    },
    {
      name: 'main-never-imports-renderer',
      severity: 'error',
      from: { path: '^(src-main|workers|src-shared)/' },
      to: { path: '^src-renderer/' },
    },
  ],
  options: {
    // Tests and their helpers are not product code: they may reach anywhere (a test starts
    // the whole master). The helpers stay as leaves, so product code importing them is seen.
    doNotFollow: { path: ['node_modules', '^src-main/testing/'] },
    exclude: { path: ['(^|/)dist/', TESTS] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
