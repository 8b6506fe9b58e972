// An esbuild plugin for fastify's check of the fastify version a plugin asks for
// (lib/plugin-utils.js, `fp(fn, { fastify: '5.x' })`). At every start that check loads
// semver and parses the range: about 2 ms of a cold start under the profiler. The build
// knows the bundled fastify's version and the ranges its plugins ask for, so it checks them
// with semver here; at run time a range the build found satisfied by exactly that version
// passes at once, and any other range (or another fastify version) goes through semver as
// before, which then loads on that first check. Each rewrite matches exactly once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RANGE = /\bfastify:\s*['"]([^'"]+)['"]/g;

/** The `fastify` ranges in the top-level files of the fastify plugin packages under `nodeModules`. */
export function fastifyRangesIn(nodeModules) {
  const dirs = [];
  for (const name of readdirSync(nodeModules)) {
    if (name === '@fastify') for (const scoped of readdirSync(join(nodeModules, name))) dirs.push(join(nodeModules, name, scoped));
    else if (name.startsWith('fastify-')) dirs.push(join(nodeModules, name));
  }
  const ranges = new Set();
  for (const dir of dirs) {
    let files = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    } catch {
      continue;
    }
    for (const f of files) for (const m of readFileSync(join(dir, f), 'utf8').matchAll(RANGE)) ranges.add(m[1]);
  }
  return [...ranges].sort();
}

/** The ranges of `ranges` that `version` satisfies as fastify's check asks (no release candidate). */
export function satisfiedRanges(semver, version, ranges) {
  if (/-(?:rc|pre|alpha).+$/u.test(version)) return [];
  return ranges.filter((r) => semver.satisfies(version, r, { includePrerelease: false }));
}

/** `source` of fastify's lib/plugin-utils.js with the build's answers; throws when fastify changed it. */
export function rewritePluginUtils(source, version, satisfied) {
  const rewrites = [
    {
      find: "const semver = require('semver')\n",
      replace: `let semverModule
const semver = {
  gt: (...args) => (semverModule ??= require('semver')).gt(...args),
  coerce: (...args) => (semverModule ??= require('semver')).coerce(...args),
  satisfies: (...args) => (semverModule ??= require('semver')).satisfies(...args)
}
const versionAtBuild = ${JSON.stringify(version)}
const satisfiedAtBuild = new Set(${JSON.stringify(satisfied)})
`,
    },
    {
      find: '  const requiredVersion = meta.fastify\n',
      replace:
        '  const requiredVersion = meta.fastify\n  if (this.version === versionAtBuild && satisfiedAtBuild.has(requiredVersion)) return\n',
    },
  ];
  let out = source;
  for (const r of rewrites) {
    const at = out.indexOf(r.find);
    if (at < 0 || out.indexOf(r.find, at + 1) >= 0)
      throw new Error(`plugin-versions-at-build: fastify's lib/plugin-utils.js changed; the text to rewrite is not there once`);
    out = out.slice(0, at) + r.replace + out.slice(at + r.find.length);
  }
  return out;
}

export function pluginVersionsAtBuildPlugin({ readFile, version, satisfied }) {
  return {
    name: 'plugin-versions-at-build',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]fastify[\\/]lib[\\/]plugin-utils\.js$/ }, (args) => ({
        contents: rewritePluginUtils(readFile(args.path), version, satisfied),
        loader: 'js',
      }));
    },
  };
}
