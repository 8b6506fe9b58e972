// Two Node 20 base images made without a container registry, for building deploy/Dockerfile
// on a machine that reaches only Debian's mirror and the npm registry:
//  - a build base: Debian bookworm (debootstrap, minbase) with python3, make, g++ and this
//    machine's Node, npm and Node headers (node-gyp compiles against them, no download);
//  - a runtime base: this machine's Node binary with the shared libraries it and
//    better-sqlite3 need, busybox for the few shell steps, CA certificates, and the voice
//    tools the image's package step would install (ffmpeg, espeak-ng with its voice data),
//    copied from this machine when it has them: the offline base has no package source.
// Usage: node scripts/offline-node-images.mjs <docker host, e.g. unix:///tmp/d/docker.sock>
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUILD_BASE = 'jarvis-offline/node-build:20';
export const RUNTIME_BASE = 'jarvis-offline/node-runtime:20';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';

const sh = (cmd, args, options = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20, ...options });

function docker(host, ...args) {
  return sh('docker', ['-H', host, ...args])
    .toString()
    .trim();
}

function hasImage(host, name) {
  try {
    docker(host, 'image', 'inspect', name);
    return true;
  } catch {
    return false;
  }
}

/** Shared libraries a binary loads, as absolute paths (the loader included). */
function sharedLibraries(binary) {
  return sh('ldd', [binary])
    .toString()
    .split('\n')
    .map((line) => line.match(/(\/\S+)\s+\(0x/)?.[1])
    .filter((p) => p !== undefined);
}

function copyInto(root, file) {
  const target = join(root, file);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}

function importRootfs(host, root, name, changes) {
  const tar = `${root}.tar`;
  sh('tar', ['-C', root, '-cf', tar, '.']);
  docker(host, 'import', ...changes.flatMap((c) => ['--change', c]), tar, name);
  rmSync(tar, { force: true });
}

const nodeBinary = process.execPath;

function buildBase(host, work) {
  const root = join(work, 'build-root');
  sh('debootstrap', ['--variant=minbase', '--include=python3,make,g++,ca-certificates', 'bookworm', root, DEBIAN_MIRROR], {
    timeout: 15 * 60_000,
  });
  copyInto(root, nodeBinary);
  const npmDir = join(dirname(nodeBinary), '..', 'lib', 'node_modules', 'npm');
  cpSync(npmDir, join(root, 'usr/lib/node_modules/npm'), { recursive: true });
  rmSync(join(root, 'usr/bin/npm'), { force: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/bin/npm'));
  const headers = join(dirname(nodeBinary), '..', 'include', 'node');
  cpSync(headers, join(root, 'usr/include/node'), { recursive: true });
  // This machine's trust store: where the npm registry is reached through a TLS proxy, its
  // CA is in there, and npm inside the build must trust what npm here trusts.
  copyFileSync('/etc/ssl/certs/ca-certificates.crt', join(root, 'etc/ssl/certs/ca-certificates.crt'));
  for (const d of ['usr/share/doc', 'usr/share/man', 'usr/share/locale', 'usr/share/info', 'var/cache/apt']) {
    rmSync(join(root, d), { recursive: true, force: true });
  }
  importRootfs(host, root, BUILD_BASE, [
    'ENV PATH=/usr/local/bin:/usr/bin:/bin',
    'ENV npm_config_nodedir=/usr',
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
  ]);
}

/** ffmpeg and espeak-ng of this machine, and the data espeak-ng reads its voices from. */
function voiceTools() {
  const binaries = ['/usr/bin/ffmpeg', '/usr/bin/espeak-ng'].filter((b) => existsSync(b));
  const data = ['/usr/lib/x86_64-linux-gnu/espeak-ng-data', '/usr/lib/aarch64-linux-gnu/espeak-ng-data', '/usr/share/espeak-ng-data'];
  return { binaries, data: data.filter((d) => existsSync(d)) };
}

function runtimeBase(host, work, betterSqliteAddon) {
  const root = join(work, 'runtime-root');
  for (const d of ['bin', 'tmp', 'etc/ssl/certs', 'usr/bin']) mkdirSync(join(root, d), { recursive: true });
  // As in Debian: everyone may write /tmp. Docker gives a tmpfs mounted there this folder's
  // mode, so a 0755 /tmp would be root's alone inside the container.
  chmodSync(join(root, 'tmp'), 0o1777);
  copyInto(root, nodeBinary);
  const voice = voiceTools();
  const libs = new Set([
    ...sharedLibraries(nodeBinary),
    ...(betterSqliteAddon ? sharedLibraries(betterSqliteAddon) : []),
    ...voice.binaries.flatMap(sharedLibraries),
  ]);
  for (const lib of libs) copyInto(root, lib);
  for (const binary of voice.binaries) copyInto(root, binary);
  for (const folder of voice.data) cpSync(folder, join(root, folder), { recursive: true });
  copyFileSync('/etc/ssl/certs/ca-certificates.crt', join(root, 'etc/ssl/certs/ca-certificates.crt'));
  copyFileSync('/usr/bin/busybox', join(root, 'bin/busybox'));
  for (const tool of ['sh', 'mkdir', 'chown', 'rm', 'ls', 'cat']) symlinkSync('busybox', join(root, 'bin', tool));
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000:node:/data:/bin/sh\n');
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  importRootfs(host, root, RUNTIME_BASE, ['ENV PATH=/usr/bin:/bin']);
}

/** Makes the two base images unless the engine already has them. */
export function makeOfflineNodeImages(host, { betterSqliteAddon } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'jarvis-node-images-'));
  try {
    if (!hasImage(host, BUILD_BASE)) buildBase(host, work);
    if (!hasImage(host, RUNTIME_BASE)) runtimeBase(host, work, betterSqliteAddon);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { build: BUILD_BASE, runtime: RUNTIME_BASE };
}

/**
 * The build base under an official Node image's name (`node:22-bookworm-slim`), for the worker
 * images' Dockerfiles: with that image's PATH, which has the sbin folders (useradd).
 */
export function tagNodeStandIn(host, name) {
  if (hasImage(host, name)) return name;
  const id = docker(host, 'create', BUILD_BASE, 'true');
  try {
    docker(host, 'commit', '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', id, name);
  } finally {
    docker(host, 'rm', id);
  }
  return name;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const host = process.argv[2];
  if (!host) {
    process.stderr.write('usage: node scripts/offline-node-images.mjs <docker host>\n');
    process.exit(2);
  }
  const addon = ['node_modules/better-sqlite3/build/Release/better_sqlite3.node'].find((p) => existsSync(p));
  process.stdout.write(JSON.stringify(makeOfflineNodeImages(host, { betterSqliteAddon: addon })) + '\n');
}
