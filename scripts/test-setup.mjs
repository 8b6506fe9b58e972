#!/usr/bin/env node
// The `setup` phase of `npm test`: checks that the system tools the tests run are present
// and, on Debian/Ubuntu as root (or with passwordless sudo), installs the missing ones;
// otherwise names the packages and the exact command, and fails. Imports no npm package,
// so it also runs before `npm ci` (better-sqlite3 compiles with python3, make and g++ when
// no prebuilt binary can be fetched).
//
//   node scripts/test-setup.mjs            system packages + node_modules
//   node scripts/test-setup.mjs --system   system packages only (before `npm ci`)
//   node scripts/test-setup.mjs --check    never install, only report
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, command?: string, lang?: string, why: string }} SystemPackage */

/**
 * The one list of Debian packages the tests need. `command` is what is looked for on
 * machines without dpkg; `lang` is a tesseract language (`tesseract --list-langs`).
 * @type {SystemPackage[]}
 */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', command: 'chromium', why: 'e2e tests (headless Chromium; or set JARVIS_CHROMIUM)' },
  { name: 'ffmpeg', command: 'ffmpeg', why: 'voice: audio decoding' },
  { name: 'espeak-ng', command: 'espeak-ng', why: 'voice: text to speech' },
  { name: 'sox', command: 'sox', why: 'voice: test audio' },
  { name: 'poppler-utils', command: 'pdftotext', why: 'documents: PDF text' },
  { name: 'tesseract-ocr', command: 'tesseract', why: 'documents: OCR' },
  { name: 'tesseract-ocr-deu', lang: 'deu', why: 'documents: German OCR' },
  { name: 'tesseract-ocr-eng', lang: 'eng', why: 'documents: English OCR' },
  { name: 'docker.io', command: 'dockerd', why: 'Docker controller tests (a private dockerd)' },
  { name: 'busybox-static', command: 'busybox', why: 'Docker controller tests (offline test image)' },
  { name: 'debootstrap', command: 'debootstrap', why: 'home-server image test (an offline Debian base with the build tools)' },
  { name: 'xvfb', command: 'Xvfb', why: 'Electron e2e tests where an Electron binary is installed' },
  { name: 'git', command: 'git', why: 'skills installed from a git URL' },
  { name: 'bubblewrap', command: 'bwrap', why: 'the skill sandbox (each skill call in its own namespaces)' },
  { name: 'openssl', command: 'openssl', why: 'the LAN CA’s name constraints, checked as a phone checks them' },
  { name: 'python3', command: 'python3', why: 'Python skills and runtime examples; node-gyp' },
  { name: 'g++', command: 'g++', why: 'C++ runtime examples; whisper-cli; node-gyp' },
  { name: 'make', command: 'make', why: 'whisper-cli; node-gyp' },
  { name: 'rustc', command: 'rustc', why: 'Rust runtime examples' },
  { name: 'cmake', command: 'cmake', why: 'whisper-cli build' },
  { name: 'radicale', command: 'radicale', why: 'CalDAV tests: a real CalDAV server as the external account' },
  { name: 'vdirsyncer', command: 'vdirsyncer', why: 'CalDAV tests: a real CalDAV client of JARVIS' },
  {
    name: 'python3-caldav',
    command: 'python3',
    why: 'CalDAV tests: the python caldav library as a client of JARVIS (without dpkg only python3 itself is looked for)',
  },
];

/** The dpkg-query output format parseDpkgQuery reads: `name<TAB>want flag status`. */
export const DPKG_QUERY_FORMAT = '${Package}\t${Status}\n';

/**
 * Names dpkg reports as installed (status `… … installed`; not `config-files`, not half-installed).
 * @param {string} stdout
 * @returns {Set<string>}
 */
export function parseDpkgQuery(stdout) {
  const installed = new Set();
  for (const line of stdout.split('\n')) {
    const [name, status] = line.split('\t');
    if (name && status?.trim().split(/\s+/)[2] === 'installed') installed.add(name.trim());
  }
  return installed;
}

/**
 * The packages of `packages` that are not present. `present` says whether one is, by its
 * entry (dpkg answer, or a command/language lookup on other systems). Chromium counts as
 * present when JARVIS_CHROMIUM names an existing file.
 * @param {SystemPackage[]} packages
 * @param {(p: SystemPackage) => boolean} present
 * @param {{ chromium?: boolean }} [options]
 * @returns {string[]}
 */
export function missingPackages(packages, present, { chromium } = {}) {
  return packages.filter((p) => !(p.name === 'chromium' && chromium) && !present(p)).map((p) => p.name);
}

/**
 * The exact commands that install `missing` on Debian/Ubuntu.
 * @param {string[]} missing
 * @param {{ sudo?: boolean }} [options]
 */
export function aptCommands(missing, { sudo = false } = {}) {
  const s = sudo ? 'sudo ' : '';
  return [
    `${s}apt-get update -q`,
    `${s}env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ${missing.join(' ')}`,
  ];
}

/**
 * What to do about `missing`: nothing, install (root or passwordless sudo on a machine with
 * apt-get and dpkg), or stop and say what to install.
 * @param {{ missing: string[], apt: boolean, dpkg: boolean, root: boolean, sudo: boolean, allowInstall?: boolean }} machine
 * @returns {{ action: 'ok' } | { action: 'install', sudo: boolean } | { action: 'stop' }}
 */
export function decide({ missing, apt, dpkg, root: isRoot, sudo, allowInstall = true }) {
  if (missing.length === 0) return { action: 'ok' };
  if (allowInstall && apt && dpkg && (isRoot || sudo)) return { action: 'install', sudo: !isRoot };
  return { action: 'stop' };
}

/**
 * The message printed when the tests cannot install what they need.
 * @param {string[]} missing
 * @param {{ apt?: boolean, sudo?: boolean, packages?: SystemPackage[] }} [options]
 */
export function missingMessage(missing, { apt, sudo = true, packages = SYSTEM_PACKAGES } = {}) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const lines = ['The tests need system packages that are not installed:'];
  for (const name of missing) {
    const p = byName.get(name);
    lines.push(`  ${name}${p ? ` (${p.why})` : ''}`);
  }
  if (apt) {
    lines.push('', 'Install them and run `npm test` again:', '');
    for (const c of aptCommands(missing, { sudo })) lines.push(`  ${c}`);
  } else {
    lines.push('', 'This is not a Debian/Ubuntu machine (no apt-get/dpkg): install the equivalents with');
    lines.push(
      'your package manager (the commands looked for: ' +
        missing.map((n) => byName.get(n)?.command ?? `tesseract language ${byName.get(n)?.lang}`).join(', ') +
        ').',
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------
// The part that looks at and changes the machine.

/** @param {string} command */
function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/** @param {string[]} names */
function dpkgInstalled(names) {
  // Exit status 1 when some name is unknown to dpkg; the known ones are still printed.
  const r = spawnSync('dpkg-query', ['-W', `-f=${DPKG_QUERY_FORMAT}`, ...names], { encoding: 'utf8' });
  return parseDpkgQuery(r.stdout ?? '');
}

function tesseractLangs() {
  if (!onPath('tesseract')) return new Set();
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return new Set(`${r.stdout ?? ''}\n${r.stderr ?? ''}`.split('\n').map((l) => l.trim()));
}

function systemMissing() {
  const dpkg = onPath('dpkg-query');
  let present;
  if (dpkg) {
    const installed = dpkgInstalled(SYSTEM_PACKAGES.map((p) => p.name));
    present = (/** @type {SystemPackage} */ p) => installed.has(p.name);
  } else {
    const langs = tesseractLangs();
    present = (/** @type {SystemPackage} */ p) => (p.command ? onPath(p.command) : langs.has(p.lang ?? ''));
  }
  const chromium = Boolean(process.env.JARVIS_CHROMIUM && existsSync(process.env.JARVIS_CHROMIUM));
  return { dpkg, missing: missingPackages(SYSTEM_PACKAGES, present, { chromium }) };
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function run(cmd, args, env) {
  process.stdout.write(`$ ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  return r.status === 0;
}

/**
 * Checks (and where allowed installs) what the tests need. Returns true when everything is
 * there; otherwise prints what is missing and how to install it, and returns false.
 * @param {{ system?: boolean, nodeModules?: boolean, allowInstall?: boolean, log?: (m: string) => void }} [options]
 */
export function setup({ system = true, nodeModules = true, allowInstall = true, log = (m) => process.stdout.write(`${m}\n`) } = {}) {
  let ok = true;
  if (system) {
    const { dpkg, missing } = systemMissing();
    const apt = dpkg && onPath('apt-get');
    const isRoot = process.getuid?.() === 0;
    const sudo = !isRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
    const plan = decide({ missing, apt, dpkg, root: isRoot, sudo, allowInstall });
    if (plan.action === 'ok') {
      log(`system packages: all ${SYSTEM_PACKAGES.length} present`);
    } else if (plan.action === 'install') {
      log(`system packages: installing ${missing.join(' ')}`);
      // sudo resets the environment: pass DEBIAN_FRONTEND through env(1).
      const [cmd, ...pre] = plan.sudo ? ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'] : ['apt-get'];
      const env = { DEBIAN_FRONTEND: 'noninteractive' };
      const installed =
        run(cmd, [...pre, 'update', '-q'], env) && run(cmd, [...pre, 'install', '-y', '-q', '--no-install-recommends', ...missing], env);
      const still = installed ? systemMissing().missing : missing;
      if (still.length) {
        log(`\napt-get could not install everything.\n${missingMessage(still, { apt, sudo: !isRoot })}`);
        ok = false;
      } else {
        log('system packages: installed');
      }
    } else {
      log(missingMessage(missing, { apt, sudo: !isRoot }));
      ok = false;
    }
  }
  if (nodeModules && !existsSync(join(root, 'node_modules', 'vitest', 'package.json'))) {
    log(
      'node_modules is missing or incomplete: run `npm ci` (with ELECTRON_SKIP_BINARY_DOWNLOAD=1 on a headless machine) and then `npm test` again.',
    );
    ok = false;
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const ok = setup({ nodeModules: !args.includes('--system'), allowInstall: !args.includes('--check') });
  process.exit(ok ? 0 : 1);
}
