// The headless entry (dist/main/serve.js): loads the master bundle (dist/main/master.cjs)
// through V8's code cache and starts it. The first run compiles it and writes the cache.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from '../platform/code-cache';
import type * as Master from './serve';

/** Set by scripts/build.mjs: a hash of master.cjs, so a rebuilt bundle never meets an old cache. */
declare const __JARVIS_MASTER_BUNDLE_KEY__: string;

// The cache is written once the master has run a while, so the code of its first requests
// is in it too; a process that stops sooner writes it on the way out.
const SAVE_CACHE_AFTER_MS = 10_000;

const master = loadBundle<typeof Master>(join(dirname(fileURLToPath(import.meta.url)), 'master.cjs'), { key: __JARVIS_MASTER_BUNDLE_KEY__ });

master.exports.serve().then(
  () => {
    if (master.compiledFrom === 'cache') return;
    setTimeout(() => master.saveCache(), SAVE_CACHE_AFTER_MS).unref();
    process.once('exit', () => master.saveCache());
  },
  (err: unknown) => {
    process.stderr.write(`JARVIS could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
