import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBundle } from './bundle-loader';

// A small CommonJS bundle with a function that only compiles when called, like the master.
const BUNDLE = `'use strict';
const { basename } = require('node:path');
function later(n) { return n * 2; }
module.exports = { name: basename(__filename), dir: __dirname, twice: (n) => later(n), thrower: () => { throw new Error('line four'); } };
`;

interface Bundle {
  name: string;
  dir: string;
  twice(n: number): number;
  thrower(): never;
}

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-code-cache-'));
  file = join(dir, 'bundle.cjs');
  writeFileSync(file, BUNDLE);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadBundle', () => {
  it('runs the bundle like require: exports, require, __filename and __dirname', () => {
    const b = loadBundle<Bundle>(file, { key: 'k1' });
    expect(b.exports.name).toBe('bundle.cjs');
    expect(b.exports.dir).toBe(dir);
    expect(b.exports.twice(21)).toBe(42);
  });

  it('reads a bundle that is not all ASCII as UTF-8', () => {
    writeFileSync(file, "module.exports = { word: 'für', match: /grün/u.test('grün') };\n");
    const b = loadBundle<{ word: string; match: boolean }>(file, { key: 'k1' });
    expect(b.exports).toEqual({ word: 'für', match: true });
  });

  it('compiles from source first, then from the cache the first run wrote', () => {
    const first = loadBundle<Bundle>(file, { key: 'k1' });
    expect(first.compiledFrom).toBe('source');
    first.exports.twice(1);
    expect(first.saveCache()).toBe(true);
    expect(first.saveCache()).toBe(false); // once is enough
    expect(readFileSync(`${file}.v8cache`).subarray(0, 24).toString('latin1')).toBe('jarvis-v8-code-cache k1\n');

    const second = loadBundle<Bundle>(file, { key: 'k1' });
    expect(second.compiledFrom).toBe('cache');
    expect(second.exports.twice(5)).toBe(10);
    expect(second.saveCache()).toBe(false); // nothing new to write
  });

  it('ignores a cache made for another build of the bundle, even one of the same length', () => {
    const first = loadBundle<Bundle>(file, { key: 'build-a' });
    first.saveCache();
    writeFileSync(file, BUNDLE.replace('n * 2', 'n * 3'));

    const second = loadBundle<Bundle>(file, { key: 'build-b' });
    expect(second.compiledFrom).toBe('source');
    expect(second.exports.twice(5)).toBe(15);
    expect(second.saveCache()).toBe(true);
    expect(loadBundle<Bundle>(file, { key: 'build-b' }).compiledFrom).toBe('cache');
  });

  it('without a key, keys the cache by the bundle content: a rebuild of the same length compiles again', () => {
    const first = loadBundle<Bundle>(file);
    first.saveCache();
    expect(loadBundle<Bundle>(file).compiledFrom).toBe('cache');
    writeFileSync(file, BUNDLE.replace('n * 2', 'n * 3'));

    const second = loadBundle<Bundle>(file);
    expect(second.compiledFrom).toBe('source');
    expect(second.exports.twice(5)).toBe(15);
  });

  it('compiles from source when the cache file is damaged', () => {
    writeFileSync(`${file}.v8cache`, 'jarvis-v8-code-cache k1\nnot bytecode at all');
    const b = loadBundle<Bundle>(file, { key: 'k1' });
    expect(b.compiledFrom).toBe('source');
    expect(b.exports.twice(2)).toBe(4);
    writeFileSync(`${file}.v8cache`, 'something else entirely');
    expect(loadBundle<Bundle>(file, { key: 'k1' }).compiledFrom).toBe('source');
  });

  it('keeps the bundle line numbers in stack traces', () => {
    const b = loadBundle<Bundle>(file, { key: 'k1' });
    let stack = '';
    try {
      b.exports.thrower();
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    expect(stack).toContain(`${file}:4:`);
  });

  it('runs without a cache where it cannot write one', () => {
    const cacheFile = join(dir, 'missing-folder', 'bundle.cjs.v8cache');
    const b = loadBundle<Bundle>(file, { key: 'k1', cacheFile });
    expect(b.exports.twice(3)).toBe(6);
    expect(b.saveCache()).toBe(false);
    expect(readdirSync(dir)).toEqual(['bundle.cjs']);
  });

  it('writes the cache where it is told to', () => {
    const cacheFile = join(dir, 'elsewhere.bin');
    const b = loadBundle<Bundle>(file, { key: 'k1', cacheFile });
    expect(b.saveCache()).toBe(true);
    expect(existsSync(cacheFile)).toBe(true);
    expect(loadBundle<Bundle>(file, { key: 'k1', cacheFile }).compiledFrom).toBe('cache');
  });
});
