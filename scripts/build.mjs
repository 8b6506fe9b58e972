#!/usr/bin/env node
// Builds what is stale: the one master bundle and the three thin entries that load it
// (`npm run serve`, the `jarvis` CLI, the Electron main), the preload, the worker bundle and
// the renderer. A target is rebuilt when any of its inputs is newer than its stamp, or the
// set of input files changed.
import { isAscii } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, statSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asciiRegexpsPlugin } from './ascii-regexps.mjs';
import { routerWithoutEvalPlugin } from './router-without-eval.mjs';
import { fastifyRangesIn, pluginVersionsAtBuildPlugin, satisfiedRanges } from './plugin-versions-at-build.mjs';
import { NODE_EXTERNALS } from './node-externals.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeRequire = createRequire(import.meta.url);
const dist = join(root, 'dist');
const stampDir = join(dist, '.stamps');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const define = { __JARVIS_VERSION__: JSON.stringify(pkg.version) };
const REQUIRE_SHIM =
  "import { createRequire as __jarvisCreateRequire } from 'node:module'; const require = __jarvisCreateRequire(import.meta.url);";
const common = ['src-shared', 'package.json', 'package-lock.json', 'scripts/build.mjs', 'scripts/node-externals.mjs'];
/**
 * Packages only the document extractors use, loaded when a document of their kind first
 * arrives. Each gets its own bundle next to the master's, so the file every start reads and
 * holds in memory stays about half as large.
 */
const EXTRACTOR_PACKAGES = ['mammoth', 'mailparser', 'html-to-text', 'yaml', 'fast-xml-parser'];

/**
 * Packages the first `/api/health` never needs, each group in a bundle of its own under
 * dist/main/vendor/ that is read and run on the first use of one of its exports: the MCP SDK
 * (with zod) when an MCP client or server first speaks, the X.509 stack when the LAN
 * listener makes a certificate, the CalDAV client, ical.js, YAML and XML when a file of
 * theirs arrives. The master keeps a stub per imported path that knows the export names, so
 * the code imports them as usual.
 */
export const LAZY_PACKAGES = [
  { group: 'mcp-sdk', match: /^@modelcontextprotocol\/sdk(\/|$)/ },
  // tsyringe (under @peculiar/x509) needs the Reflect metadata API before it loads.
  { group: 'x509', match: /^@peculiar\/x509$/, prelude: 'src-main/access/tls/reflect-metadata-shim.ts' },
  { group: 'tsdav', match: /^tsdav$/ },
  { group: 'ical', match: /^ical\.js$/ },
  { group: 'yaml', match: /^yaml$/ },
  { group: 'xml', match: /^fast-xml-parser$/ },
  // Pairing codes as QR and Web Push (with its bn.js/asn1.js key maths) are for a later request.
  { group: 'qrcode', match: /^qrcode$/ },
  { group: 'web-push', match: /^web-push$/ },
  { group: 'home-assistant', match: /^home-assistant-js-websocket$/ },
  { group: 'toml', match: /^smol-toml$/ },
  { group: 'ollama', match: /^ollama$/ },
];
const lazyGroupOf = (path) => LAZY_PACKAGES.find((p) => p.match.test(path))?.group;
const lazyPrelude = (group) => LAZY_PACKAGES.find((p) => p.group === group)?.prelude;
const lazyFilter = new RegExp(LAZY_PACKAGES.map((p) => p.match.source).join('|'));

/**
 * Node's own modules the first `/api/health` never needs: TLS and HTTPS (the LAN listener,
 * outgoing HTTPS), HTTP/2 (fastify requires it for an option JARVIS does not use), zlib,
 * DNS, child processes and worker threads. The master holds a stub for each whose getters
 * require the module on the first use of one of its exports; which exports there are is
 * read from the Node that builds.
 */
export const LAZY_BUILTINS = ['child_process', 'dns', 'dns/promises', 'http2', 'https', 'readline', 'tls', 'worker_threads', 'zlib'];
const lazyBuiltinFilter = new RegExp(`^(node:)?(${LAZY_BUILTINS.map((n) => n.replace('/', '\\/')).join('|')})$`);

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: lazyBuiltinFilter }, (args) =>
      // The stub's own require is the real module.
      args.namespace === 'lazy-builtin'
        ? { path: args.path, external: true }
        : { path: `node:${args.path.replace(/^node:/, '')}`, namespace: 'lazy-builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const keys = Object.keys(nodeRequire(args.path)).filter((k) => k !== 'default');
      const contents = [
        `let loaded;`,
        `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`,
        `for (const key of ${JSON.stringify(keys)}) Object.defineProperty(exports, key, { enumerable: true, get: () => load()[key] });`,
      ].join('\n');
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};

/**
 * Worker-thread entries (src-main/platform/off-thread): each is bundled beside the bundle
 * that starts it, under the name the capability asks for.
 */
export const THREAD_ENTRIES = {
  'household-ics-worker': 'src-main/household/ics/worker.ts',
  'knowledge-ingest-worker': 'src-main/knowledge/ingest-worker.ts',
  'mesh-manifest-worker': 'src-main/mesh/manifest-worker.ts',
};

/** In the master bundle, the extractors' packages are required from dist/main/vendor/. */
const extractorPackagesOutside = {
  name: 'extractor-packages-outside',
  setup(build) {
    const names = new RegExp(`^(${EXTRACTOR_PACKAGES.join('|')})$`);
    build.onResolve({ filter: names }, (args) =>
      args.importer.includes(join('src-main', 'knowledge', 'extract')) ? { path: `./vendor/${args.path}.cjs`, external: true } : undefined,
    );
  },
};

/** Each extractor package as one CommonJS file that exports exactly what require() of it does. */
const extractorPackageEntries = {
  name: 'extractor-package-entries',
  setup(build) {
    build.onResolve({ filter: /^vendor:/ }, (args) => ({ path: args.path.slice('vendor:'.length), namespace: 'vendor' }));
    build.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/** Which paths of the lazy packages the bundles import, by group. */
async function scanLazyImports(esbuild, options, entryPoints) {
  const found = new Map();
  const scan = {
    name: 'scan-lazy-imports',
    setup(build) {
      build.onResolve({ filter: lazyFilter }, (args) => {
        const group = lazyGroupOf(args.path);
        if (!group) return undefined;
        if (!found.has(group)) found.set(group, new Set());
        found.get(group).add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  await esbuild.build({ ...options, entryPoints, write: false, sourcemap: false, plugins: [...options.plugins, scan] });
  return found;
}

/**
 * Builds each lazy group's bundle (an object of its imported paths' exports) and returns a
 * plugin that puts a stub for each path into the master: an export of the same names whose
 * getters require the group's bundle on first use.
 */
async function lazyPackagesPlugin(esbuild, { outdir, options, entryPoints }) {
  const found = await scanLazyImports(esbuild, options, entryPoints);
  const names = new Map();
  for (const [group, paths] of found) {
    const file = join(root, outdir, 'vendor', `lazy-${group}.cjs`);
    const lines = [...paths].sort().map((p) => `  ${JSON.stringify(p)}: require(${JSON.stringify(p)}),`);
    const prelude = lazyPrelude(group) ? `require(${JSON.stringify(`./${lazyPrelude(group)}`)});\n` : '';
    await esbuild.build({
      stdin: { contents: `${prelude}module.exports = {\n${lines.join('\n')}\n};\n`, resolveDir: root, loader: 'js' },
      outfile: file,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      external: NODE_EXTERNALS,
      keepNames: true,
      minifyWhitespace: true,
      legalComments: 'linked',
      logLevel: 'warning',
      absWorkingDir: root,
    });
    // The export names are read from the built bundle itself: what the stub forwards is
    // exactly what the bundle has.
    delete nodeRequire.cache[file];
    const loaded = nodeRequire(file);
    for (const path of paths) {
      const mod = loaded[path];
      if (mod === null || typeof mod !== 'object') throw new Error(`${path}: a lazy package must export an object, not ${typeof mod}`);
      names.set(path, { group, keys: Object.keys(mod), esModule: mod.__esModule === true });
    }
  }
  return {
    name: 'lazy-packages',
    setup(build) {
      build.onResolve({ filter: /^\.\/vendor\/lazy-/ }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: lazyFilter }, (args) =>
        names.has(args.path) ? { path: args.path, namespace: 'lazy-package' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => {
        const { group, keys, esModule } = names.get(args.path);
        const contents = [
          `let loaded;`,
          `const load = () => (loaded ??= require(${JSON.stringify(`./vendor/lazy-${group}.cjs`)})[${JSON.stringify(args.path)}]);`,
          ...(esModule ? [`Object.defineProperty(exports, '__esModule', { value: true });`] : []),
          `for (const key of ${JSON.stringify(keys)}) Object.defineProperty(exports, key, { enumerable: true, get: () => load()[key] });`,
        ].join('\n');
        return { contents, loader: 'js', resolveDir: root };
      });
    },
  };
}

/**
 * The entries reach the master only through src-main/master/bundle.ts, which loads
 * dist/main/master.cjs. A value imported from the master's own modules would bundle (a
 * second copy of) it into the entry: the build fails instead.
 */
const entriesStayThin = {
  name: 'entries-stay-thin',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(master|bundle-entry)(\/index)?$/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.endsWith('master/bundle')) return undefined;
      return {
        errors: [{ text: `${relative(root, args.importer)} imports ${args.path}: entries take the master from src-main/master/bundle.ts` }],
      };
    });
  },
};

/** What every entry shares: ESM or CommonJS for Node 20, packages from node_modules. */
const entryOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: false,
  keepNames: true,
  sourcemap: 'linked',
  plugins: [entriesStayThin],
  logLevel: 'warning',
  absWorkingDir: root,
};

/**
 * The start-up tricks of the master bundle, each measured by bench/start-up-tricks.mjs
 * (figures in docs/performance.md). `without` builds a variant with some turned off.
 */
export const START_UP_TRICKS = [
  'bundled-dependencies',
  'minify-whitespace',
  'ascii-regexps',
  'vendor-split',
  'lazy-packages',
  'lazy-builtins',
  'router-without-eval',
  'plugin-versions-at-build',
  'fresh-database',
];

/**
 * dist/main/fresh-database.sqlite: every component's schema in an empty database, made by
 * the built master's own migrations (writeFreshDatabase in src-main/master/fresh-database.ts).
 * A new install copies it instead of creating a hundred tables, indexes and triggers. A
 * process of its own: the build does not load the master, or its SQLite addon, itself.
 */
function writeFreshDatabase(outdir) {
  const master = join(root, outdir, 'master.cjs');
  const script = `const m = require(${JSON.stringify(master)}); m.writeFreshDatabase(require('node:path').join(${JSON.stringify(join(root, outdir))}, m.FRESH_DATABASE_FILE));`;
  execFileSync(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** fastify's plugin version check answered by the build for the bundled fastify (scripts/plugin-versions-at-build.mjs). */
function fastifyPluginVersions() {
  const { version } = JSON.parse(readFileSync(nodeRequire.resolve('fastify/package.json'), 'utf8'));
  // fastify's own semver, the one its check would run.
  const satisfied = satisfiedRanges(
    createRequire(nodeRequire.resolve('fastify'))('semver'),
    version,
    fastifyRangesIn(join(root, 'node_modules')),
  );
  return pluginVersionsAtBuildPlugin({ readFile: (path) => readFileSync(path, 'utf8'), version, satisfied });
}

/** dist/main/master.cjs (from src-main/master/bundle-entry.ts) and the extractor packages in vendor/. */
export async function buildMaster(esbuild, { outdir = 'dist/main', without = [] } = {}) {
  const on = (trick) => !without.includes(trick);
  // The master as one CommonJS file, which the entries compile through V8's code cache
  // (src-main/master/bundle.ts, src-main/platform/code-cache): Node 20 caches no compiled
  // code for ES modules, and compiling the 2 MB of JavaScript was the largest part of a
  // cold start. Bundling the JavaScript dependencies in makes it faster again (fewer files
  // to resolve and read); native and optional-native packages stay in node_modules.
  const asMaster = {
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import() of an external package becomes require(): vm.Script has no module loader.
    supported: { 'dynamic-import': false },
    ...(on('bundled-dependencies') ? {} : { packages: 'external' }),
    external: NODE_EXTERNALS,
    keepNames: true,
    // Fewer bytes to read at every start; the source map keeps the way back. All ASCII, so
    // V8 keeps the source as one byte per character (see scripts/ascii-regexps.mjs).
    minifyWhitespace: on('minify-whitespace'),
    plugins: [
      ...(on('ascii-regexps') ? [asciiRegexpsPlugin({ readFile: (path) => readFileSync(path, 'utf8') })] : []),
      ...(on('vendor-split') ? [extractorPackagesOutside] : []),
      ...(on('lazy-builtins') ? [lazyBuiltins] : []),
      ...(on('router-without-eval') ? [routerWithoutEvalPlugin({ readFile: (path) => readFileSync(path, 'utf8') })] : []),
      ...(on('plugin-versions-at-build') ? [fastifyPluginVersions()] : []),
    ],
    legalComments: 'linked',
    sourcemap: 'linked',
    define: { ...define, 'import.meta.url': '__jarvis_import_meta_url' },
    // "use strict" first: after the banner, esbuild's own directive would be a plain string,
    // and the ES modules it came from are strict.
    banner: { js: "'use strict'; const __jarvis_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    absWorkingDir: root,
  };
  const masterEntries = { master: 'src-main/master/bundle-entry.ts' };
  if (on('lazy-packages')) {
    const plugin = await lazyPackagesPlugin(esbuild, { outdir, options: asMaster, entryPoints: { ...masterEntries, ...THREAD_ENTRIES } });
    asMaster.plugins.push(plugin);
  }
  await esbuild.build({ ...asMaster, entryPoints: masterEntries });
  // The worker threads' bundles (src-main/platform/off-thread), built the way the master is
  // and beside it: the runner finds them next to the bundle that starts them.
  await esbuild.build({ ...asMaster, entryPoints: THREAD_ENTRIES });
  if (on('vendor-split')) {
    await esbuild.build({
      entryPoints: EXTRACTOR_PACKAGES.map((name) => ({ in: `vendor:${name}`, out: name })),
      outdir: join(outdir, 'vendor'),
      outExtension: { '.js': '.cjs' },
      plugins: [extractorPackageEntries],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minifyWhitespace: true,
      legalComments: 'linked',
      logLevel: 'warning',
      absWorkingDir: root,
    });
  }
  if (on('fresh-database')) writeFreshDatabase(outdir);
  return { ascii: isAscii(readFileSync(join(root, outdir, 'master.cjs'))) };
}

/**
 * The installable app's service worker, beside index.html (scope /). Its version is the
 * built pages' (index.html and wall.html, which name every hashed entry): a new build is a new
 * worker, which renews the offline shell.
 */
async function buildServiceWorker(esbuild) {
  const outdir = join(root, 'dist', 'renderer');
  const pages = createHash('sha256');
  for (const page of ['index.html', 'wall.html']) pages.update(readFileSync(join(outdir, page)));
  const shellVersion = pages.digest('hex').slice(0, 16);
  // Every built file but source maps: each screen's code is there offline, not only the ones opened.
  const files = [];
  listFiles(outdir, files);
  const shellFiles = [
    '/',
    ...files
      .map((f) => `/${relative(outdir, join(root, f.file)).replaceAll('\\', '/')}`)
      .filter((p) => p !== '/index.html' && p !== '/sw.js' && !p.endsWith('.map')),
  ];
  await esbuild.build({
    entryPoints: { sw: 'src-renderer/sw/service-worker.ts' },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    define: { __SHELL_VERSION__: JSON.stringify(shellVersion), __SHELL_FILES__: JSON.stringify(shellFiles) },
    logLevel: 'warning',
    absWorkingDir: root,
  });
}

const TARGETS = {
  main: {
    // The master bundles the home pack's pinning module (skills/home/_lib/pinned-https.mjs).
    inputs: [
      'src-main',
      'skills/home/_lib',
      'scripts/ascii-regexps.mjs',
      'scripts/router-without-eval.mjs',
      'scripts/plugin-versions-at-build.mjs',
      ...common,
    ],
    async build(esbuild) {
      const { ascii } = await buildMaster(esbuild);
      if (!ascii) process.stdout.write('  main: warning: dist/main/master.cjs is not all ASCII; it still runs, with a slower start\n');
      // `npm run serve` and the `jarvis` CLI: thin ES modules around the master bundle.
      await esbuild.build({
        ...entryOptions,
        entryPoints: { serve: 'src-main/serve/main.ts', cli: 'src-main/cli/main.ts' },
        outdir: 'dist/main',
        splitting: true,
        format: 'esm',
        external: NODE_EXTERNALS,
        banner: { js: REQUIRE_SHIM },
        define,
      });
    },
  },
  app: {
    inputs: ['src-main', ...common],
    async build(esbuild) {
      // The Electron main: CommonJS like Electron's own loader, the master from
      // dist/main/master.cjs (the 'main' target).
      await esbuild.build({
        ...entryOptions,
        entryPoints: { main: 'src-main/app/main.ts' },
        outdir: 'dist/app',
        outExtension: { '.js': '.cjs' },
        format: 'cjs',
        packages: 'external',
        external: ['electron'],
        define: { ...define, 'import.meta.url': '__jarvis_import_meta_url' },
        banner: { js: "const __jarvis_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
      });
      // A sandboxed preload may only require 'electron': bundle everything else into it.
      await esbuild.build({
        entryPoints: { preload: 'src-main/app/preload.ts' },
        outdir: 'dist/app',
        outExtension: { '.js': '.cjs' },
        bundle: true,
        format: 'cjs',
        platform: 'browser',
        target: 'chrome120',
        external: ['electron'],
        define,
        logLevel: 'warning',
        absWorkingDir: root,
      });
    },
  },
  worker: {
    inputs: ['workers/src', 'src-main/skills', 'src-main/platform/validation', ...common],
    async build(esbuild) {
      if (!existsSync(join(root, 'workers/src/main.ts'))) return;
      await esbuild.build({
        entryPoints: { 'jarvis-skill-worker': 'workers/src/main.ts' },
        outdir: 'dist/worker',
        outExtension: { '.js': '.mjs' },
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        banner: { js: REQUIRE_SHIM },
        define,
        logLevel: 'warning',
        absWorkingDir: root,
      });
    },
  },
  renderer: {
    inputs: ['src-renderer', ...common],
    async build(esbuild) {
      const vite = await import('vite');
      await vite.build({ configFile: join(root, 'src-renderer/vite.config.ts'), logLevel: 'warn' });
      await buildServiceWorker(esbuild);
    },
  },
};

function listFiles(path, out) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name === 'dist') continue;
      // Tests do not change what is built.
      if (/\.test\.tsx?$/.test(name)) continue;
      listFiles(join(path, name), out);
    }
  } else {
    out.push({ file: relative(root, path), mtimeMs: st.mtimeMs });
  }
}

function fingerprint(target) {
  const files = [];
  for (const input of TARGETS[target].inputs) listFiles(join(root, input), files);
  files.sort((a, b) => a.file.localeCompare(b.file));
  return { newest: Math.max(0, ...files.map((f) => f.mtimeMs)), files: files.map((f) => f.file).join('\n') };
}

function isStale(target, print) {
  const stamp = join(stampDir, `${target}.json`);
  if (!existsSync(stamp)) return true;
  const previous = JSON.parse(readFileSync(stamp, 'utf8'));
  const now = fingerprint(target);
  const stale = now.newest > previous.newest || now.files !== previous.files;
  if (!stale) print(`  ${target}: up to date`);
  return stale;
}

export async function build({ targets = Object.keys(TARGETS), force = false, quiet = false } = {}) {
  const print = quiet ? () => {} : (line) => process.stdout.write(`${line}\n`);
  mkdirSync(stampDir, { recursive: true });
  let esbuild;
  for (const target of targets) {
    if (!TARGETS[target]) throw new Error(`unknown build target ${target}`);
    if (!force && !isStale(target, print)) continue;
    const started = Date.now();
    const fp = fingerprint(target);
    esbuild ??= await import('esbuild');
    if (target !== 'renderer') rmSync(join(dist, target === 'main' ? 'main' : target), { recursive: true, force: true });
    await TARGETS[target].build(esbuild);
    writeFileSync(join(stampDir, `${target}.json`), JSON.stringify(fp));
    print(`  ${target}: built in ${Date.now() - started} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const targets = args.filter((a) => !a.startsWith('--'));
  build({ force, targets: targets.length ? targets : undefined }).catch((err) => {
    process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
