// Initial JavaScript of the renderer (what index.html loads before the first paint),
// gzip-compressed as a server would send it. Target: <= 350 KB, so ratio =
// size / 350 KB with target 1.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_KB = 350;

export async function run() {
  const dist = join(root, 'dist', 'renderer');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const bytes = readFileSync(join(dist, src.replace(/^\//, '')));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  const kb = gz / 1024;
  report('renderer initial JS', [
    ['files', scripts.join(', ')],
    ['raw', `${(raw / 1024).toFixed(1)} KB`],
    ['gzip', `${kb.toFixed(1)} KB`],
    [`ratio to the ${TARGET_KB} KB budget (target <= 1.0)`, `${(kb / TARGET_KB).toFixed(2)}x`],
  ]);
  return { name: 'renderer-initial-js-gzip', ratio: kb / TARGET_KB, target: 1 };
}
