import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { InstallError } from '../installer';
import { frontMatterOf, readOpenJarvisSkill } from '../openjarvis';
import { INSTRUCTIONS_FILE, MANIFEST_FILE, PIPELINE_FILE, discoverSkillFolders, readManifest } from '../process';
import type { SkillSourceDef } from './skill-source';

/** How deep below a source's root skill folders are looked for (`<category>/<name>/`, `<owner>/<name>/`, one more for GitHub collections). */
const MAX_DEPTH = 3;
/** A source with more skills than this is read only this far (a hostile repository could hold millions of folders). */
export const MAX_CATALOG_ENTRIES = 20_000;

/** One skill folder in a source's checkout. */
export interface CatalogEntry {
  /** What the install record names as the source: `hermes:<name>`, `openclaw:<owner>/<name>`, `github:<owner>/<repo>/<path>`. */
  readonly ref: string;
  /** The folder in the checkout. */
  readonly dir: string;
  /** The folder path in the repository. */
  readonly path: string;
  /**
   * The folders between the source's root and the skill: a Hermes category
   * (`skills/<category>/<name>`), an OpenClaw owner (`skills/<owner>/<name>`), a GitHub
   * collection's sub-folders. Undefined for a skill directly in the root.
   */
  readonly category?: string;
  /** The skill's id as the installer will name its folder (front matter `name`, manifest `id`, else the folder name). */
  readonly id: string;
  readonly description: string;
  /** Why the folder cannot be installed; the sync reports it as failed. */
  readonly error?: string;
}

function lstat(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** SKILL.md, or the spelling the folder uses (`skill.md`); a link's own name is found too. */
function instructionsNameIn(dir: string): string {
  try {
    return (
      readdirSync(dir).find((n) => n === INSTRUCTIONS_FILE) ??
      readdirSync(dir).find((n) => n.toLowerCase() === INSTRUCTIONS_FILE.toLowerCase()) ??
      INSTRUCTIONS_FILE
    );
  } catch {
    return INSTRUCTIONS_FILE;
  }
}

/** A skill folder has a SKILL.md, skill.toml or skill.json; one that is a symbolic link is an error, never followed. */
function skillFileState(dir: string): 'skill' | 'link' | 'none' {
  let found: 'skill' | 'link' | 'none' = 'none';
  for (const name of [instructionsNameIn(dir), PIPELINE_FILE, MANIFEST_FILE]) {
    const st = lstat(join(dir, name));
    if (st?.isSymbolicLink()) return 'link';
    if (st?.isFile()) found = 'skill';
  }
  return found;
}

function describe(dir: string): { id: string; description: string; error?: string } {
  const fallback = dir.split(/[\\/]/).pop() ?? dir;
  const folder = discoverSkillFolders(dir).find((f) => f.dir === dir);
  if (folder?.kind === 'manifest') {
    const verdict = readManifest(dir);
    if (!verdict.ok) return { id: fallback, description: '', error: `not a valid skill: ${verdict.errors.join('; ')}` };
    return { id: verdict.manifest.id, description: verdict.manifest.description ?? verdict.manifest.name };
  }
  const verdict = readOpenJarvisSkill(dir);
  if (!verdict.ok) return { id: verdict.name, description: '', error: `not a valid skill: ${verdict.errors.join('; ')}` };
  return { id: verdict.skill.name, description: verdict.skill.description };
}

/** How much of a SKILL.md a search reads: its front matter is at the top, the instructions (often long) are not needed. */
const HEAD_BYTES = 16 * 1024;

function headOf(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0)).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Name and description from the front matter alone, reading at most HEAD_BYTES of the file
 * (a search over OpenClaw's thousands of skills stays cheap); a folder without a SKILL.md is
 * read in full (a skill.toml or skill.json is small).
 */
function describeLight(dir: string): { id: string; description: string } {
  const folder = dir.split(/[\\/]/).pop() ?? dir;
  const text = headOf(join(dir, instructionsNameIn(dir)));
  if (text === undefined) return describe(dir);
  let front: Record<string, unknown> = {};
  const end = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
  if (end > 0) {
    try {
      front = frontMatterOf(text.slice(0, end + 4));
    } catch {
      // invalid YAML: named after its folder, as the loader does
    }
  }
  return {
    id: typeof front.name === 'string' && front.name !== '' ? front.name : folder,
    description: typeof front.description === 'string' ? front.description : '',
  };
}

function scheme(source: SkillSourceDef): string {
  return source.refPrefix.slice(0, source.refPrefix.indexOf(':'));
}

function refOf(source: SkillSourceDef, path: string, rel: string): string {
  if (source.kind === 'hermes') return `hermes:${rel.split('/').pop() ?? rel}`;
  if (source.kind === 'openclaw') return `openclaw:${rel}`;
  return `${source.refPrefix}${path}`;
}

/**
 * The skill folders of a source's checkout, read with lstat only: symbolic links are never
 * followed, `.`/`_` folders (Hermes's `.archive`) and node_modules never entered, and a skill
 * folder is never searched further (its sub-folders belong to it). Stable order. `light`:
 * only the front matter is read (for a search; the sync reads each skill in full).
 */
export function catalogOf(source: SkillSourceDef, checkout: string, options: { light?: boolean } = {}): CatalogEntry[] {
  const rootDir = source.root ? join(checkout, source.root) : checkout;
  const out: CatalogEntry[] = [];
  const add = (dir: string, rel: string, state: 'skill' | 'link') => {
    const path = [source.root, rel].filter(Boolean).join('/');
    const parts = rel.split('/').filter(Boolean);
    const category = parts.length > 1 ? parts.slice(0, -1).join('/') : undefined;
    const base = { ref: refOf(source, path, rel), dir, path, ...(category ? { category } : {}) };
    if (state === 'link') {
      out.push({ ...base, id: parts.pop() ?? source.name, description: '', error: 'its skill file is a symbolic link (not followed)' });
      return;
    }
    out.push({ ...base, ...(options.light ? describeLight(dir) : describe(dir)) });
  };
  const walk = (dir: string, rel: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= MAX_CATALOG_ENTRIES) return;
      if (name.startsWith('.') || name.startsWith('_') || name === 'node_modules') continue;
      const path = join(dir, name);
      if (!lstat(path)?.isDirectory()) continue;
      const childRel = rel ? `${rel}/${name}` : name;
      const state = skillFileState(path);
      if (state !== 'none') add(path, childRel, state);
      else if (depth < MAX_DEPTH) walk(path, childRel, depth + 1);
    }
  };
  if (!lstat(rootDir)?.isDirectory()) return out;
  const own = skillFileState(rootDir);
  if (own !== 'none') add(rootDir, '', own);
  else walk(rootDir, '', 1);
  return out;
}

/** Whether an entry is the one `key` names (a Hermes skill also by `<category>/<name>`). */
export function entryMatchesKey(source: SkillSourceDef, entry: CatalogEntry, key: string): boolean {
  if (entry.ref === `${scheme(source)}:${key}`) return true;
  return source.kind === 'hermes' && entry.category !== undefined && `${entry.category}/${entry.ref.slice('hermes:'.length)}` === key;
}

export interface CatalogFilter {
  /** Categories (case-insensitive); a skill in a sub-folder of one matches too. */
  readonly categories?: readonly string[];
  /** Tested against the id and the description. */
  readonly search?: RegExp;
}

export function matchesFilter(entry: CatalogEntry, filter: CatalogFilter): boolean {
  if (filter.categories && filter.categories.length > 0) {
    const category = entry.category?.toLowerCase();
    if (!category || !filter.categories.some((c) => category === c.toLowerCase() || category.startsWith(`${c.toLowerCase()}/`)))
      return false;
  }
  if (filter.search && !filter.search.test(entry.id) && !filter.search.test(entry.description)) return false;
  return true;
}

/** `--search`: a case-insensitive regular expression; a bad one is a usage error. */
export function searchPattern(text: string): RegExp {
  try {
    return new RegExp(text, 'i');
  } catch (err) {
    throw new InstallError(
      `--search ${JSON.stringify(text)} is not a regular expression: ${err instanceof Error ? err.message : String(err)}`,
      true,
    );
  }
}
