#!/usr/bin/env node
// `npm start`: opens the desktop app. Electron 45 fetches its binary on first use; where
// that cannot happen (no network, headless host) we say so and point at `npm run serve`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
if (!binary) {
  process.stderr.write(
    'The Electron binary is not installed and could not be fetched, so the desktop app cannot open here.\n' +
      'Run the same app headless instead:  npm run serve   (then open http://127.0.0.1:8080)\n',
  );
  process.exit(1);
}
const child = spawn(binary, [join(root, 'dist', 'app', 'main.cjs')], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
