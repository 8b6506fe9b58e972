#!/usr/bin/env node
// `npm start`: opens the desktop app. Electron 45 fetches its binary on first use; where
// that cannot happen (no network, headless host) we say so and point at `npm run serve`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export function electronBinary() {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) {
    if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return undefined;
    process.stdout.write('Fetching the Electron binary (first start)…\n');
    const result = spawnSync(process.execPath, [join(pkgDir, 'install.js')], { stdio: 'inherit', timeout: 120_000 });
    if (result.status !== 0 || !existsSync(pathFile)) return undefined;
  }
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/**
 * better-sqlite3 is compiled for one Node ABI at a time: the one `npm ci` built is Node's
 * (tests, `npm run serve`), Electron needs its own. We check before opening a window that
 * would only show an error.
 */
export function nativeModulesLoad(binary) {
  const probe = spawnSync(binary, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: root,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { ok: probe.status === 0, detail: `${probe.stderr ?? ''}`.split('\n').find((l) => /NODE_MODULE_VERSION|Error/.test(l)) ?? '' };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const binary = electronBinary();
  if (!binary) {
    process.stderr.write(
      'The Electron binary is not installed and could not be fetched, so the desktop app cannot open here.\n' +
        'Run the same app headless instead:  npm run serve   (then open http://127.0.0.1:8080)\n',
    );
    process.exit(1);
  }
  const native = nativeModulesLoad(binary);
  if (!native.ok) {
    process.stderr.write(
      `better-sqlite3 is built for Node, not for Electron${native.detail ? ` (${native.detail.trim()})` : ''}.\n` +
        'Rebuild it for Electron:   npx electron-builder install-app-deps\n' +
        'and back for Node (tests, npm run serve) afterwards:   npm rebuild better-sqlite3\n' +
        '(Packaged releases are rebuilt by `npm run dist` and need neither.)\n',
    );
    process.exit(1);
  }
  const child = spawn(binary, [join(root, 'dist', 'app', 'main.cjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
