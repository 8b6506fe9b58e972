import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { constants as vmConstants, Script } from 'node:vm';

// Node 20 has no compile cache for its own module loaders (module.enableCompileCache came
// with Node 22.1), so a CommonJS bundle is compiled here with vm.Script, which can take
// V8's code cache: bytecode of every function compiled by the time the cache was written.
// Reading it back replaces parsing the bundle and most lazy compiles at start-up.

/** First bytes of a cache file, followed by the bundle key and a newline. */
const MAGIC = 'jarvis-v8-code-cache ';

// The bundle runs inside the same wrapper Node gives a CommonJS file. The wrapper sits on
// a line of its own, and lineOffset -1 keeps the bundle's line numbers in stack traces.
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const WRAPPER_TAIL = '\n})';

export interface BundleOptions {
  /**
   * Identifies this build of the bundle; defaults to a hash of its bytes (under a
   * millisecond for the master). V8 checks only the source length, its own version and its
   * flags before trusting a cache, so a rebuilt bundle of the same length would otherwise
   * run stale bytecode.
   */
  readonly key?: string;
  /** Where the cache lives; defaults to `<bundle>.v8cache` next to the bundle. */
  readonly cacheFile?: string;
}

export interface LoadedBundle<T> {
  readonly exports: T;
  /** 'cache' when V8 accepted the cache file, 'source' when it compiled the bundle. */
  readonly compiledFrom: 'cache' | 'source';
  /**
   * Writes the cache with what has been compiled so far, once, and only when the bundle
   * was compiled from source. Returns whether a cache was written; never throws (a
   * read-only install simply starts without one).
   */
  saveCache(): boolean;
}

/**
 * The bundle's text, read in one piece. Memory is what a cold start pays for here: an
 * ASCII file becomes a one-byte string, copied once from a buffer of exactly its size.
 */
function readSource(file: string): { text: string; bytes: Buffer } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = Buffer.allocUnsafeSlow(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const text = bytes.subarray(0, read);
    return { text: text.toString(isAscii(text) ? 'latin1' : 'utf8'), bytes: text };
  } finally {
    closeSync(fd);
  }
}

function readCache(cacheFile: string, key: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const header = `${MAGIC}${key}\n`;
  if (data.length <= header.length || data.toString('latin1', 0, header.length) !== header) return undefined;
  return data.subarray(header.length);
}

function writeCache(cacheFile: string, key: string, data: Buffer): void {
  // Written beside the target and renamed over it: a reader never sees half a file.
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o644);
    try {
      writeSync(fd, `${MAGIC}${key}\n`);
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, cacheFile);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Runs a CommonJS bundle like `require(file)` would, compiled through V8's code cache. */
export function loadBundle<T>(file: string, options: BundleOptions = {}): LoadedBundle<T> {
  const cacheFile = options.cacheFile ?? `${file}.v8cache`;
  const { text: source, bytes } = readSource(file);
  const key = options.key ?? createHash('sha1').update(bytes).digest('hex');
  const cachedData = readCache(cacheFile, key);
  const script = new Script(`${WRAPPER_HEAD}${source}${WRAPPER_TAIL}`, {
    filename: file,
    lineOffset: -1,
    ...(cachedData ? { cachedData } : {}),
    // A bundle should not need it (scripts/build.mjs turns import() into require), but
    // without a loader a stray import() would throw instead of loading.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const compiledFrom = cachedData && !script.cachedDataRejected ? 'cache' : 'source';

  const module = { exports: {} as T, filename: file };
  const wrapper = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));

  let saved = false;
  return {
    exports: module.exports,
    compiledFrom,
    saveCache() {
      if (saved || compiledFrom === 'cache') return false;
      saved = true;
      try {
        writeCache(cacheFile, key, script.createCachedData());
        return true;
      } catch {
        return false;
      }
    },
  };
}
