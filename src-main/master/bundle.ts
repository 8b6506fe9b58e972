// How the entries reach the master: they load dist/main/master.cjs (built from
// ./bundle-entry.ts) through V8's code cache instead of importing the master, so the
// Electron main, `jarvis` and `npm run serve` run one build of it. Only types come from
// ./bundle-entry here; importing a value would bundle the master into the entry again.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle, type LoadedBundle } from '../platform/code-cache';
import type * as MasterExports from './bundle-entry';

export type MasterBundle = typeof MasterExports;

// The cache is written once the master has run a while, so the code of its first requests
// is in it too; a process that stops sooner writes it on the way out.
const SAVE_CACHE_AFTER_MS = 10_000;

let loaded: LoadedBundle<MasterBundle> | undefined;

/**
 * The master bundle, loaded on the first call. Every entry is built into dist/<entry>/
 * beside dist/main/, so the bundle is found at ../main/master.cjs from any of them.
 * `cacheFile` moves the code cache elsewhere (the desktop app keeps it in its user data:
 * the packaged bundle sits in a read-only archive, and Electron's V8 is not Node's).
 */
export function masterBundle(options: { readonly cacheFile?: string } = {}): LoadedBundle<MasterBundle> {
  loaded ??= loadBundle<MasterBundle>(join(dirname(fileURLToPath(import.meta.url)), '..', 'main', 'master.cjs'), options);
  return loaded;
}

/**
 * For a process that runs the master (not a one-shot command, whose few compiled functions
 * would make a poor cache): writes the code cache after a while, or at exit if sooner.
 */
export function keepCodeCache(bundle: LoadedBundle<MasterBundle>): void {
  if (bundle.compiledFrom === 'cache') return;
  setTimeout(() => bundle.saveCache(), SAVE_CACHE_AFTER_MS).unref();
  process.once('exit', () => bundle.saveCache());
}
