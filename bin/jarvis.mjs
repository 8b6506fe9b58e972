#!/usr/bin/env node
// The `jarvis` command: builds what is stale (in a checkout), then runs the bundled CLI.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildScript = join(root, 'scripts', 'build.mjs');
if (existsSync(buildScript)) {
  const { build } = await import(pathToFileURL(buildScript).href);
  await build({ quiet: true, targets: ['main'] });
}
await import(pathToFileURL(join(root, 'dist', 'main', 'cli.js')).href);
