import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readInstallRecord } from '../install-record';
import { catalogOf, type CatalogEntry } from './catalog';
import { checkoutDirOf, lockSource, refreshCheckout } from './checkout';
import { parseSourceName, type SkillSourceDef, type SourceUrls } from './skill-source';

/** One skill of a source's catalog as a search needs it. */
export interface IndexedSkill {
  readonly ref: string;
  readonly id: string;
  readonly category?: string;
  readonly description: string;
}

/** A source's catalog as last fetched into the cache; `commit` undefined: never fetched. */
export interface SourceCatalog {
  readonly source: SkillSourceDef;
  /** How the source is named for `--source` (a GitHub source with its path). */
  readonly name: string;
  readonly commit?: string;
  readonly skills: readonly IndexedSkill[];
  /** The fetch (`--fetch`) failed; the catalog is what the cache held before. */
  readonly error?: string;
}

interface CatalogIndex {
  readonly version: 1;
  readonly name: string;
  readonly commit: string;
  readonly skills: IndexedSkill[];
}

/** `hermes`, `openclaw`, `github:<owner>/<repo>[/<path>]`: one catalog per path of a GitHub repository. */
export function searchNameOf(source: SkillSourceDef): string {
  return source.kind === 'github' && source.root ? `${source.name}/${source.root}` : source.name;
}

function indexFile(cacheDir: string, source: SkillSourceDef): string {
  return join(cacheDir, `${encodeURIComponent(searchNameOf(source))}.catalog.json`);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The commit a clone has checked out, read from .git without starting git (a search over several sources stays quick). */
export function checkoutCommit(dir: string): string | undefined {
  const head = readText(join(dir, '.git', 'HEAD'));
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
  if (!ref || ref.includes('..')) return undefined;
  const loose = readText(join(dir, '.git', ref));
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = readText(join(dir, '.git', 'packed-refs'));
  return packed
    ?.split('\n')
    .map((l) => l.split(' '))
    .find(([, name]) => name === ref)?.[0];
}

function indexed(entries: readonly CatalogEntry[]): IndexedSkill[] {
  return entries
    .filter((e) => !e.error)
    .map((e) => ({ ref: e.ref, id: e.id, ...(e.category ? { category: e.category } : {}), description: e.description }));
}

/** Written at each sync (and by a search that had to read the checkout), so repeated searches read one file. */
export function writeCatalogIndex(cacheDir: string, source: SkillSourceDef, commit: string, entries: readonly CatalogEntry[]): void {
  const file = indexFile(cacheDir, source);
  const index: CatalogIndex = { version: 1, name: searchNameOf(source), commit, skills: indexed(entries) };
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify(index));
    renameSync(`${file}.tmp`, file);
  } catch {
    // a cache that cannot be written: the next search reads the checkout again
  }
}

function readIndex(cacheDir: string, source: SkillSourceDef): CatalogIndex | undefined {
  try {
    const value = JSON.parse(readFileSync(indexFile(cacheDir, source), 'utf8')) as Partial<CatalogIndex>;
    if (value.version !== 1 || typeof value.commit !== 'string' || typeof value.name !== 'string' || !Array.isArray(value.skills))
      return undefined;
    const wellFormed = (s: Partial<IndexedSkill> | null) =>
      !!s &&
      typeof s.ref === 'string' &&
      typeof s.id === 'string' &&
      typeof s.description === 'string' &&
      (s.category === undefined || typeof s.category === 'string');
    // A damaged file is read as none: the clone is read again and the file rewritten.
    return (value.skills as (Partial<IndexedSkill> | null)[]).every(wellFormed) ? (value as CatalogIndex) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A source's catalog from the cache, never from the network: the index file when it was
 * written for the commit the clone has checked out, else the clone's skills' front matter.
 */
export function readCatalog(cacheDir: string, source: SkillSourceDef): SourceCatalog {
  const name = searchNameOf(source);
  const dir = checkoutDirOf(cacheDir, source);
  const commit = checkoutCommit(dir);
  if (!commit) return { source, name, skills: [] };
  const index = readIndex(cacheDir, source);
  if (index?.commit === commit && index.name === name) return { source, name, commit, skills: index.skills };
  const entries = catalogOf(source, dir, { light: true });
  writeCatalogIndex(cacheDir, source, commit, entries);
  return { source, name, commit, skills: indexed(entries) };
}

/** `--fetch`: the clone brought to the source's newest commit (under the sync's lock), then read. */
export async function fetchCatalog(cacheDir: string, source: SkillSourceDef, signal?: AbortSignal): Promise<SourceCatalog> {
  let release: () => void;
  try {
    release = lockSource(cacheDir, source);
  } catch (err) {
    return { ...readCatalog(cacheDir, source), error: (err as Error).message };
  }
  try {
    const checkout = await refreshCheckout(source, cacheDir, signal);
    const entries = catalogOf(source, checkout.dir, { light: true });
    writeCatalogIndex(cacheDir, source, checkout.commit, entries);
    return { source, name: searchNameOf(source), commit: checkout.commit, skills: indexed(entries) };
  } catch (err) {
    return { ...readCatalog(cacheDir, source), error: err instanceof Error ? err.message : String(err) };
  } finally {
    release();
  }
}

/** The sources whose clone lies in the cache (fetched by a sync, an install or a search), whether or not the sources file lists them. */
export function cachedSources(cacheDir: string, urls: SourceUrls): SkillSourceDef[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir).sort();
  } catch {
    return [];
  }
  const out: SkillSourceDef[] = [];
  for (const n of names) {
    if (!existsSync(join(cacheDir, n, '.git'))) continue;
    let source: SkillSourceDef | undefined;
    try {
      source = parseSourceName(decodeURIComponent(n), urls);
    } catch {
      source = undefined;
    }
    if (source) out.push(source);
  }
  return out;
}

/** The words of a query: lower case, all must match. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Where a hit ranks (lower first), undefined when not every word is in `text`: the name is
 * the query, every word is in the name, some word is, only the description has them.
 */
export function rankOf(words: readonly string[], name: string, text: string): number | undefined {
  const haystack = `${name} ${text}`.toLowerCase();
  if (words.length === 0 || !words.every((w) => haystack.includes(w))) return undefined;
  const lower = name.toLowerCase();
  if (lower === words.join(' ') || lower === words.join('-')) return 0;
  if (words.every((w) => lower.includes(w))) return 1;
  if (words.some((w) => lower.includes(w))) return 2;
  return 3;
}

/** A skill installed here, as the engine offers it. */
export interface InstalledSkill {
  readonly id: string;
  readonly dir: string;
  readonly tier: string;
}

export interface InstalledState {
  readonly tier: string;
  /** What the install record names as the source (absent: copied by hand, a workspace or bundled skill). */
  readonly source?: string;
  /** Installed from this catalog's entry. */
  readonly from_source: boolean;
  /** Taken from the commit the catalog was read from (false: an older or newer commit; `jarvis skill update --dry-run` says whether the skill changed). */
  readonly up_to_date?: boolean;
}

export function installedState(skill: IndexedSkill, commit: string | undefined, installed?: InstalledSkill): InstalledState | undefined {
  if (!installed) return undefined;
  const record = readInstallRecord(installed.dir);
  const fromSource = record?.source === skill.ref;
  return {
    tier: installed.tier,
    ...(record ? { source: record.source } : {}),
    from_source: fromSource,
    ...(fromSource ? { up_to_date: record?.commit !== undefined && record.commit === commit } : {}),
  };
}

/** What `jarvis skill install` takes for the skill: a Hermes name found in two categories needs its category. */
export function installRefOf(skill: IndexedSkill, catalog: readonly IndexedSkill[]): string {
  if (!skill.ref.startsWith('hermes:') || !skill.category) return skill.ref;
  const twice = catalog.filter((s) => s.ref === skill.ref).length > 1;
  return twice ? `hermes:${skill.category}/${skill.ref.slice('hermes:'.length)}` : skill.ref;
}
