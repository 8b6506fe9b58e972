#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs (or the ones named) and prints each
// figure with its same-run baseline and ratio.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

const results = [];
for (const file of files) {
  const mod = await import(pathToFileURL(join(here, file)).href);
  try {
    const r = await mod.run();
    if (r) results.push(...(Array.isArray(r) ? r : [r]));
  } catch (err) {
    process.stdout.write(`\n${file} failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  }
}
process.stdout.write('\nsummary\n');
for (const r of results) {
  const verdict = r.target === undefined ? '' : r.ratio <= r.target ? 'within target' : 'OVER TARGET';
  process.stdout.write(
    `  ${r.name.padEnd(40)} ${r.ratio.toFixed(2)}x ${r.target === undefined ? '' : `(target <= ${r.target}x)`} ${verdict}\n`,
  );
}
