import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { DANGEROUS_CAPABILITIES, type SkillCapability } from '../../src-shared';
import type { InstallRecord } from './install-record';
import { readOpenJarvisSkill } from './openjarvis';
import { discoverSkillFolders, readManifest } from './process';
import { INSTALL_RECORD, treeSha256 } from './tree-hash';

export interface InstallOptions {
  /** A local folder or a git URL (https://, ssh://, git@…, file://, or ending in .git). */
  readonly source: string;
  /** A sub-folder of the source that holds the skill. */
  readonly path?: string;
  /** Copy `scripts/` too. */
  readonly withScripts: boolean;
  /** Replace an installed skill with the same id. */
  readonly force: boolean;
  readonly userDir: string;
  /** What the install record names as the source (a source's `hermes:<name>`); the source itself when unset. */
  readonly recordSource?: string;
  /** The source repository's commit the skill was taken from. */
  readonly commit?: string;
}

export interface InstallResult {
  readonly id: string;
  readonly dir: string;
  readonly sha256: string;
  readonly warnings: readonly string[];
  readonly skipped: readonly string[];
}

export class InstallError extends Error {
  constructor(
    message: string,
    /** true: the command line was wrong (exit 2); false: the install failed (exit 1). */
    readonly usage = false,
  ) {
    super(message);
    this.name = 'InstallError';
  }
}

export function userSkillsDir(config: { skillsUserDir?: string | undefined }): string {
  return resolve(config.skillsUserDir ?? join(homedir(), '.jarvis', 'skills'));
}

export function isGitUrl(source: string): boolean {
  return /^(https?:\/\/|ssh:\/\/|git@|file:\/\/)/.test(source) || source.endsWith('.git');
}

function clone(url: string, into: string): void {
  // Arguments as an array, no shell; `--` keeps a URL from being read as an option.
  const r = spawnSync('git', ['clone', '--depth', '1', '--quiet', '--', url, into], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GIT_TERMINAL_PROMPT: '0' },
  });
  if (r.error) throw new InstallError(`git clone failed: ${r.error.message}`);
  if (r.status !== 0) throw new InstallError(`git clone ${url} failed: ${(r.stderr || '').trim().split('\n').slice(-1)[0] ?? ''}`);
}

/** A file larger than this is not part of an installed skill (a published repository may hold anything). */
export const MAX_INSTALLED_FILE_BYTES = 10 * 1024 * 1024;

/** Copies a tree without .git, without symlinks, without files over the size limit, and without scripts/ unless asked. */
export function copyTree(from: string, to: string, withScripts: boolean, skipped: string[], rel = ''): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const relPath = rel ? `${rel}/${name}` : name;
    if (name === '.git' || (rel === '' && name === INSTALL_RECORD)) continue;
    const src = join(from, name);
    const st = lstatSync(src);
    if (rel === '' && name === 'scripts' && st.isDirectory() && !withScripts) {
      skipped.push('scripts/ (use --with-scripts to install it)');
      continue;
    }
    if (st.isSymbolicLink()) {
      skipped.push(`${relPath} (a symbolic link)`);
      continue;
    }
    if (st.isFile() && st.size > MAX_INSTALLED_FILE_BYTES) {
      skipped.push(`${relPath} (${st.size} bytes, more than ${MAX_INSTALLED_FILE_BYTES})`);
      continue;
    }
    if (st.isDirectory()) copyTree(src, join(to, name), withScripts, skipped, relPath);
    else if (st.isFile()) cpSync(src, join(to, name), { preserveTimestamps: false, mode: 0 });
  }
}

/**
 * Whether `path` is `root` or below it, both real paths: a --path that is (or passes through)
 * a symbolic link out of the clone names a folder outside it, and nothing is copied from there.
 */
function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/** The id and declared capabilities of the skill at the top of a folder. */
export function identify(dir: string): { id: string; capabilities: string[] } {
  const found = discoverSkillFolders(dir);
  const root = found.find((f) => f.dir === dir);
  if (!root) throw new InstallError('the source holds no skill at its top level (skill.json, SKILL.md or skill.toml)');
  if (root.kind === 'manifest') {
    const verdict = readManifest(dir);
    if (!verdict.ok) throw new InstallError(`not a valid skill: ${verdict.errors.join('; ')}`);
    const caps: string[] = [];
    if (verdict.manifest.permissions?.network) caps.push('network:fetch');
    if (verdict.manifest.permissions?.system_exec) caps.push('shell:execute');
    return { id: verdict.manifest.id, capabilities: caps };
  }
  const verdict = readOpenJarvisSkill(dir);
  if (!verdict.ok) throw new InstallError(`not a valid skill: ${verdict.errors.join('; ')}`);
  return { id: verdict.skill.name, capabilities: [...verdict.skill.capabilities] };
}

/**
 * `jarvis skill install`: copies a skill from a folder or a git repository into the user
 * skills folder (tier "user", trust "unreviewed"), records where it came from and the
 * SHA-256 of the installed tree, and warns about dangerous capabilities.
 */
export function installSkill(options: InstallOptions): InstallResult {
  const work = mkdtempSync(join(tmpdir(), 'jarvis-install-'));
  try {
    let base: string;
    const recorded = isGitUrl(options.source) ? options.source : resolve(options.source);
    if (isGitUrl(options.source)) {
      base = join(work, 'clone');
      clone(options.source, base);
    } else {
      base = resolve(options.source);
      if (!existsSync(base) || !statSync(base).isDirectory())
        throw new InstallError(`${options.source} is neither a folder nor a git URL`, true);
    }
    const from = options.path ? resolve(base, options.path) : base;
    if (!existsSync(from) || !inside(realpathSync(base), realpathSync(from)) || !statSync(from).isDirectory())
      throw new InstallError(`--path ${options.path} is not a folder inside the source`, true);

    // Staged under the skill's own folder name: a SKILL.md without a `name` is named after its folder.
    const folderName = basename(
      options.path || !isGitUrl(options.source) ? from : options.source.replace(/\/+$/, '').replace(/\.git$/, ''),
    );
    const staging = join(work, 'staging', folderName || 'skill');
    const skipped: string[] = [];
    copyTree(from, staging, options.withScripts, skipped);
    const { id, capabilities } = identify(staging);

    const dest = join(options.userDir, id);
    if (dirname(resolve(dest)) !== resolve(options.userDir))
      throw new InstallError(`the skill name ${JSON.stringify(id)} is not a folder name`);
    if (existsSync(dest)) {
      if (!options.force) throw new InstallError(`skill ${id} is already installed at ${dest} (use --force to replace it)`);
      rmSync(dest, { recursive: true, force: true });
    }
    mkdirSync(options.userDir, { recursive: true });
    cpSync(staging, dest, { recursive: true });
    const sha256 = treeSha256(dest);
    const record: InstallRecord = {
      // A folder is recorded as an absolute path: the fix a warning names must work from any folder.
      source: options.recordSource ?? (options.path ? `${recorded}#${options.path}` : recorded),
      trust: 'unreviewed',
      sha256,
      installed_at: new Date().toISOString(),
      with_scripts: options.withScripts,
      ...(options.commit ? { commit: options.commit } : {}),
    };
    writeFileSync(join(dest, INSTALL_RECORD), `${JSON.stringify(record, null, 2)}\n`);
    const warnings = capabilities
      .filter((c) => DANGEROUS_CAPABILITIES.includes(c as SkillCapability))
      .map((c) => `${id} declares ${c}: it can act with your user's rights; prefer running it on a skill worker container (sandbox)`);
    return { id, dir: dest, sha256, warnings, skipped };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `jarvis skill remove`: only skills in the user folder are removed. */
export function removeSkill(userDir: string, dir: string): void {
  const root = resolve(userDir);
  const target = resolve(dir);
  if (!target.startsWith(`${root}/`) && !target.startsWith(`${root}\\`))
    throw new InstallError(`${dir} is not an installed skill (only skills in ${root} can be removed)`);
  rmSync(target, { recursive: true, force: true });
}
