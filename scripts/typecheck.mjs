#!/usr/bin/env node
// Type-checks each environment on its own (STYLE.md: the renderer cannot even resolve
// Node's types; shared code sees neither Node nor the DOM).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECTS = [
  'src-shared/tsconfig.json',
  'src-main/tsconfig.json',
  'src-renderer/tsconfig.json',
  'src-renderer/tsconfig.node.json',
  'src-renderer/sw/tsconfig.json',
  'workers/tsconfig.json',
  'e2e/tsconfig.json',
];

export function typecheck() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  let failed = 0;
  for (const project of PROJECTS) {
    if (!existsSync(join(root, project))) continue;
    const r = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: root, stdio: 'inherit' });
    process.stdout.write(`typecheck ${project}: ${r.status === 0 ? 'ok' : 'FAILED'}\n`);
    if (r.status !== 0) failed++;
  }
  return failed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(typecheck() === 0 ? 0 : 1);
}
