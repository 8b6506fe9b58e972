import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { resolveStaticPath, serveUi, UI_CSP } from './static-files';

describe('resolveStaticPath', () => {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), '1');
  writeFileSync(join(root, 'index.html'), '<html>');

  it('finds files inside the root', () => {
    expect(resolveStaticPath(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveStaticPath(root, '/assets/app.js?v=1')).toBe(join(root, 'assets', 'app.js'));
  });

  it('never leaves the root, however the path is spelled', () => {
    for (const p of [
      '/../etc/passwd',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets%00.js',
      '/%E0%A4%A',
    ]) {
      expect(resolveStaticPath(root, p), p).toBeUndefined();
    }
  });

  it('does not serve folders', () => {
    expect(resolveStaticPath(root, '/assets')).toBeUndefined();
  });
});

describe('serveUi', () => {
  it('serves built files from memory once read, the app for routes, JSON 404s otherwise', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-ui-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'export const app = 1;');
    writeFileSync(join(root, 'index.html'), '<html>app</html>');
    const app = Fastify();
    serveUi(app, root, (method, url) => ({ error: { code: 'NOT_FOUND', message: `${method} ${url}` } }));
    const first = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toBe('export const app = 1;');
    // The build does not change under a running master: the second answer comes from memory.
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'export const app = 2;');
    expect((await app.inject({ url: '/assets/app-1a2b.js' })).body).toBe('export const app = 1;');
    const route = await app.inject({ url: '/kalender' });
    expect(route.body).toBe('<html>app</html>');
    expect(route.headers['content-security-policy']).toBe(UI_CSP);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    await app.close();
  });

  it("answers the wall display's address with its own page, under the same policy", async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-ui-'));
    writeFileSync(join(root, 'index.html'), '<html>app</html>');
    writeFileSync(join(root, 'wall.html'), '<html>wall</html>');
    const app = Fastify();
    serveUi(app, root, (method, url) => ({ error: { code: 'NOT_FOUND', message: `${method} ${url}` } }));
    for (const url of ['/?wall', '/?lang=de&wall', '/?wall=1', '/wall.html']) {
      const page = await app.inject({ url });
      expect(page.body, url).toBe('<html>wall</html>');
      expect(page.headers['content-security-policy'], url).toBe(UI_CSP);
    }
    expect((await app.inject({ url: '/?wallpaper' })).body).toBe('<html>app</html>');
    expect((await app.inject({ url: '/' })).body).toBe('<html>app</html>');
    await app.close();
  });

  it('opens the wall through the app when the build has no wall page', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-ui-'));
    writeFileSync(join(root, 'index.html'), '<html>app</html>');
    const app = Fastify();
    serveUi(app, root, (method, url) => ({ error: { code: 'NOT_FOUND', message: `${method} ${url}` } }));
    expect((await app.inject({ url: '/?wall' })).body).toBe('<html>app</html>');
    await app.close();
  });
});
