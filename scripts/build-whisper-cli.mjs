#!/usr/bin/env node
// Builds whisper.cpp's `whisper-cli` for the voice tests from the sources that the npm
// package nodejs-whisper ships (cpp/whisper.cpp, v1.9.1), once: the binary is cached under
// .cache/whisper-cli/<version>/ and reused while the sources stay the same. Only the CPU
// backend and the one target are built, with two jobs (this machine has two cores).
// Prints the binary's path on the last line of stdout.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function whisperSources() {
  const dir = join(root, 'node_modules', 'nodejs-whisper', 'cpp', 'whisper.cpp');
  if (!existsSync(join(dir, 'CMakeLists.txt')) || !existsSync(join(dir, 'examples', 'cli', 'cli.cpp'))) {
    throw new Error(`whisper.cpp sources not found in ${dir} (npm ci installs the nodejs-whisper dev dependency)`);
  }
  const version = JSON.parse(readFileSync(join(root, 'node_modules', 'nodejs-whisper', 'package.json'), 'utf8')).version;
  return { dir, version };
}

function run(cmd, args, log) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`${cmd} could not start: ${r.error.message} (apt-get install cmake g++)`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${`${r.stdout}\n${r.stderr}`.slice(-4000)}`);
  log(`${cmd} ${args[0]} ok`);
}

export function ensureWhisperCli({ log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  const { dir, version } = whisperSources();
  const out = join(root, '.cache', 'whisper-cli', version);
  const bin = join(out, 'build', 'bin', 'whisper-cli');
  try {
    accessSync(bin, constants.X_OK);
    return bin;
  } catch {
    // not built yet
  }
  mkdirSync(out, { recursive: true });
  rmSync(join(out, 'build', 'CMakeCache.txt'), { force: true });
  const started = Date.now();
  log(`building whisper-cli ${version} from ${dir} (once; cached in ${out})`);
  run(
    'cmake',
    [
      '-S',
      dir,
      '-B',
      join(out, 'build'),
      '-DCMAKE_BUILD_TYPE=Release',
      '-DBUILD_SHARED_LIBS=OFF',
      '-DWHISPER_BUILD_TESTS=OFF',
      '-DWHISPER_BUILD_SERVER=OFF',
      '-DWHISPER_SDL2=OFF',
      '-DWHISPER_CURL=OFF',
      // Portable code: the cached binary must run on whichever x86-64 CI gets.
      '-DGGML_NATIVE=OFF',
    ],
    log,
  );
  run('cmake', ['--build', join(out, 'build'), '--target', 'whisper-cli', '-j', '2'], log);
  log(`whisper-cli built in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.stdout.write(`${ensureWhisperCli()}\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
