import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fastifyRangesIn, pluginVersionsAtBuildPlugin, rewritePluginUtils, satisfiedRanges } from './plugin-versions-at-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const semver = createRequire(require.resolve('fastify'))('semver') as { satisfies(v: string, r: string, o: object): boolean };
const { version } = JSON.parse(readFileSync(require.resolve('fastify/package.json'), 'utf8')) as { version: string };

type Plugin = (app: unknown, opts: unknown, done: () => void) => void;
interface Bundled {
  Fastify: () => { register(p: Plugin): void; ready(): Promise<void>; close(): Promise<void> };
  fp: (fn: Plugin, meta: { fastify: string; name: string }) => Plugin;
}

/** fastify and fastify-plugin as the master bundle has them: built with the plugin, then run. */
async function bundledFastify(satisfied: string[]): Promise<Bundled> {
  const out = await build({
    stdin: { contents: "module.exports = { Fastify: require('fastify'), fp: require('fastify-plugin') }", resolveDir: root },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: [pluginVersionsAtBuildPlugin({ readFile: (path: string) => readFileSync(path, 'utf8'), version, satisfied })],
  });
  const module = { exports: {} as Bundled };
  new Function('module', 'exports', 'require', out.outputFiles[0]!.text)(module, module.exports, require);
  return module.exports;
}

async function registers(b: Bundled, range: string): Promise<true | string> {
  const app = b.Fastify();
  app.register(b.fp((_app, _opts, done) => done(), { fastify: range, name: `needs-${range}` }));
  try {
    await app.ready();
    return true;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await app.close();
  }
}

describe('fastify plugin versions checked at build', () => {
  it('finds the ranges the installed plugins ask for, and which the bundled fastify satisfies', () => {
    const ranges = fastifyRangesIn(join(root, 'node_modules'));
    expect(ranges).toContain('5.x');
    expect(satisfiedRanges(semver, version, ranges)).toContain('5.x');
    expect(satisfiedRanges(semver, version, ['4.x', '5.x'])).toEqual(['5.x']);
    expect(satisfiedRanges(semver, '6.0.0-rc.1', ['5.x'])).toEqual([]);
  });

  it('a plugin for this fastify registers; one for another still fails as fastify fails it', async () => {
    const b = await bundledFastify(['5.x']);
    expect(await registers(b, '5.x')).toBe(true);
    expect(await registers(b, '>=5.0.0')).toBe(true);
    expect(await registers(b, '4.x')).toBe('FST_ERR_PLUGIN_VERSION_MISMATCH');
  });

  it('refuses to build when fastify changed the text it rewrites', () => {
    expect(() => rewritePluginUtils('module.exports = {}', version, [])).toThrow(/plugin-utils/);
  });
});
