import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { displayUrl, runGit } from './git';
import type { SkillSourceDef } from './skill-source';

export function skillCacheDir(config: { skillCacheDir?: string | undefined }): string {
  return resolve(config.skillCacheDir ?? join(homedir(), '.jarvis', 'skill-cache'));
}

/** The clone of a source in the cache: one folder per source name. */
export function checkoutDirOf(cacheDir: string, source: SkillSourceDef): string {
  return join(cacheDir, encodeURIComponent(source.name));
}

/** A lock older than this belongs to a sync that died; it is taken over. */
const STALE_LOCK_MS = 30 * 60_000;

/**
 * Holds a source for one sync (the CLI and the master's background sync may both run): a
 * second one is refused with a clear message instead of two gits in one clone. Returns the
 * release function.
 */
export function lockSource(cacheDir: string, source: SkillSourceDef): () => void {
  mkdirSync(cacheDir, { recursive: true });
  const lock = `${checkoutDirOf(cacheDir, source)}.lock`;
  try {
    writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
  } catch {
    let age = 0;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      // removed meanwhile: take it
    }
    if (age < STALE_LOCK_MS) throw new Error(`another sync of ${source.name} is running (${lock}); try again when it has finished`);
    writeFileSync(lock, `${process.pid}\n`);
  }
  return () => rmSync(lock, { force: true });
}

export interface Checkout {
  readonly dir: string;
  readonly commit: string;
}

/**
 * Brings a source's clone in the cache to the newest commit of its default branch: a
 * shallow clone the first time (or when the configured URL changed), a shallow fetch and a
 * hard reset afterwards, so nothing edited in the cache survives.
 */
export async function refreshCheckout(source: SkillSourceDef, cacheDir: string, signal?: AbortSignal): Promise<Checkout> {
  const dir = checkoutDirOf(cacheDir, source);
  const opts = signal ? { signal } : {};
  mkdirSync(cacheDir, { recursive: true });
  let current: string | undefined;
  if (existsSync(join(dir, '.git'))) {
    current = (await runGit(['config', '--get', 'remote.origin.url'], { ...opts, cwd: dir }).catch(() => '')).trim();
  }
  if (current === source.url) {
    await runGit(['fetch', '--quiet', '--depth', '1', '--no-tags', '--filter=blob:none', 'origin', 'HEAD'], { ...opts, cwd: dir });
    await runGit(['reset', '--quiet', '--hard', 'FETCH_HEAD'], { ...opts, cwd: dir });
    await runGit(['clean', '--quiet', '-ffdx'], { ...opts, cwd: dir });
    // One clone serves every path of a repository (github:<owner>/<repo>/<path>): check out this one's.
    await runGit(source.root ? ['sparse-checkout', 'set', source.root] : ['sparse-checkout', 'disable'], { ...opts, cwd: dir });
  } else {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    // `--` keeps a URL that starts with a dash from being read as an option. Only the
    // source's folder is checked out (a sparse checkout; the blobs of the rest are never
    // fetched where the server can filter): Hermes's skills are a small part of its repository.
    await runGit(
      [
        'clone',
        '--quiet',
        '--depth',
        '1',
        '--no-tags',
        '--single-branch',
        '--filter=blob:none',
        '--no-checkout',
        '--',
        source.url,
        partial,
      ],
      opts,
    );
    if (source.root) await runGit(['sparse-checkout', 'set', source.root], { ...opts, cwd: partial });
    await runGit(['checkout', '--quiet'], { ...opts, cwd: partial });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const commit = (await runGit(['rev-parse', 'HEAD'], { ...opts, cwd: dir })).trim();
  return { dir, commit };
}

/** What the last sync of a source did, for `jarvis skill sources` and the status. */
export interface SourceState {
  readonly url: string;
  readonly commit?: string;
  readonly synced_at: string;
  readonly error?: string;
  readonly counts?: Readonly<Record<'installed' | 'updated' | 'skipped' | 'failed', number>>;
}

function stateFile(cacheDir: string): string {
  return join(cacheDir, 'sources-state.json');
}

export function readSourceStates(cacheDir: string): Record<string, SourceState> {
  try {
    const value = JSON.parse(readFileSync(stateFile(cacheDir), 'utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, SourceState>) : {};
  } catch {
    return {};
  }
}

export function writeSourceState(cacheDir: string, source: SkillSourceDef, state: Omit<SourceState, 'url'>): void {
  mkdirSync(cacheDir, { recursive: true });
  const all = { ...readSourceStates(cacheDir), [source.name]: { url: displayUrl(source.url), ...state } };
  const tmp = `${stateFile(cacheDir)}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(tmp, stateFile(cacheDir));
}
