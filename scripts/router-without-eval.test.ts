import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rewriteRouterSource, routerWithoutEvalPlugin } from './router-without-eval.mjs';

const require = createRequire(import.meta.url);

interface Found {
  readonly handler: unknown;
  readonly params: Record<string, string>;
}
interface Router {
  on(method: string, path: string, opts: object, handler: () => void): void;
  on(method: string, path: string, handler: () => void): void;
  find(method: string, path: string, constraints?: Record<string, string>): Found | null;
}
type RouterFactory = (options?: object) => Router;

/** find-my-way as the master bundle has it: built with the plugin, then run. */
async function rewrittenFindMyWay(): Promise<RouterFactory> {
  const out = await build({
    entryPoints: [require.resolve('find-my-way')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: [routerWithoutEvalPlugin({ readFile: (path: string) => readFileSync(path, 'utf8') })],
  });
  const code = out.outputFiles[0]!.text;
  expect(code).not.toMatch(/new Function\('path'|new Function\('NullObject'/);
  const module = { exports: {} as RouterFactory };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

const PATHS = [
  '/api/health',
  '/api/tasks',
  '/api/tasks/:id',
  '/api/tasks/:id/done',
  '/api/team/:team/members/:member/roles/:role/grants/:grant',
  '/api/calendar/events',
  '/api/calendar/export.ics',
  '/api/cameras/:id/snapshot.jpg',
  '/api/files/*',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/pair',
  '/pair/pair.js',
  '/caldav/:user/calendars/:calendar/:object',
];
const LOOKUPS = [
  '/api/health',
  '/api/healthz',
  '/api/heal',
  '/api/tasks',
  '/api/tasks/abc',
  '/api/tasks/abc/done',
  '/api/tasks/abc/dona',
  '/api/team/a/members/b/roles/c/grants/d',
  '/api/team/a/members/b/roles/c/grants',
  '/api/calendar/events',
  '/api/calendar/eventz',
  '/api/calendar/export.ics',
  '/api/calendar/export.icz',
  '/api/cameras/7/snapshot.jpg',
  '/api/cameras/7/snapshot.png',
  '/api/files/a/b/c.txt',
  '/icons/icon-192.png',
  '/icons/icon-193.png',
  '/pair',
  '/pair/pair.js',
  '/pair/pair.jsx',
  '/caldav/u/calendars/c/o.ics',
  '/',
  '/a',
];

function table(make: RouterFactory): unknown[] {
  const router = make();
  for (const path of PATHS) router.on('GET', path, () => path);
  router.on('GET', '/api/versioned', { constraints: { version: '1.2.0' } }, () => 'v1');
  router.on('GET', '/api/versioned', () => 'plain');
  return [
    ...LOOKUPS.map((url) => {
      const found = router.find('GET', url);
      return found ? { url, route: (found.handler as () => string)(), params: { ...found.params } } : { url, route: null };
    }),
    ...[undefined, { version: '1.x' }, { version: '2.x' }].map((constraints) => {
      const found = router.find('GET', '/api/versioned', constraints as Record<string, string> | undefined);
      return { constraints, route: found ? (found.handler as () => string)() : null };
    }),
  ];
}

describe('router-without-eval', () => {
  it('applies to the installed find-my-way', () => {
    const dir = require.resolve('find-my-way').replace(/index\.js$/, '');
    const generators = (file: string) => rewriteRouterSource(file, readFileSync(`${dir}${file}`, 'utf8')).split('new Function(').length - 1;
    expect(generators('lib/node.js')).toBe(0);
    // Left: the constraint matcher, compiled on its first call.
    expect(generators('lib/handler-storage.js')).toBe(1);
  });

  it('routes every request, its params and its constraints exactly as the original router does', async () => {
    const original = require('find-my-way') as RouterFactory;
    expect(table(await rewrittenFindMyWay())).toEqual(table(original));
  });

  it('fails the build instead of leaving the code generation in when find-my-way changed', () => {
    expect(() => rewriteRouterSource('lib/node.js', 'function compilePrefixMatch (prefix) {}')).toThrow(/no longer has/);
  });
});
