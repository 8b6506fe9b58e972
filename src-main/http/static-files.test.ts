import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStaticPath } from './static-files';

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
    for (const p of ['/../etc/passwd', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/assets%00.js', '/%E0%A4%A']) {
      expect(resolveStaticPath(root, p), p).toBeUndefined();
    }
  });

  it('does not serve folders', () => {
    expect(resolveStaticPath(root, '/assets')).toBeUndefined();
  });
});
