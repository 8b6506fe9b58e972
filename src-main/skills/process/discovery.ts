import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SKILL_PROTOCOL } from '../../../src-shared';
import { MANIFEST_FILE, MAX_MANIFEST_BYTES } from './manifest';

/** one folder per runtime worker. */
export const RUNTIME_GROUPS = ['python', 'node', 'go', 'rust', 'c', 'cpp', 'csharp'] as const;
/** Skill packs: related skills one level down that share code in the pack's `_lib/` (never a skill). */
export const SKILL_PACKS = ['home'] as const;
/** The folder of a pack's shared code, mounted read-only beside each of its skills. */
export const PACK_LIB = '_lib';

/** OpenJarvis skill files. */
export const INSTRUCTIONS_FILE = 'SKILL.md';
export const PIPELINE_FILE = 'skill.toml';

/**
 * The instructions file of a folder: SKILL.md, or another spelling of it (OpenClaw's
 * collections hold `skill.md`), which OpenJarvis's case-insensitive hosts read the same.
 */
export function instructionsFileIn(dir: string): string | undefined {
  if (isFile(join(dir, INSTRUCTIONS_FILE))) return INSTRUCTIONS_FILE;
  try {
    return readdirSync(dir).find((name) => name.toLowerCase() === INSTRUCTIONS_FILE.toLowerCase() && isFile(join(dir, name)));
  } catch {
    return undefined;
  }
}

/** How deep below a root skill folders are looked for: `<root>/<repo>/skills/<name>/`. */
export const MAX_NESTING = 3;

export interface SkillFolder {
  /** The skill's folder; for a flat OpenJarvis file (`<root>/<name>.toml`) the file itself. */
  readonly dir: string;
  /** The first folder below the root the skill sits in (`python`, `home`, a source, a repository), if any. */
  readonly group?: string;
  /** `openjarvis-file`: a flat `<name>.toml` directly in a root, as OpenJarvis's bundled skills are kept. */
  readonly kind: 'manifest' | 'openjarvis' | 'openjarvis-file';
  /** Why a file that looks like a skill was not read as one (shown with the skill). */
  readonly note?: string;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Whether a skill.json says it is a JARVIS manifest (other tools, OpenClaw among them, keep their own skill.json). */
function declaresJarvisProtocol(file: string): boolean {
  try {
    if (statSync(file).size > MAX_MANIFEST_BYTES) return false;
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null && (value as { protocol?: unknown }).protocol === SKILL_PROTOCOL;
  } catch {
    return false;
  }
}

/**
 * A skill.json alone is a JARVIS manifest (a broken one is listed with its errors). Beside a
 * SKILL.md or skill.toml it counts only when it declares the JARVIS protocol; otherwise it
 * belongs to another tool and the OpenJarvis files describe the skill.
 */
function folderOf(dir: string, group?: string): SkillFolder | undefined {
  const hasManifest = existsSync(join(dir, MANIFEST_FILE));
  const hasOpenJarvis = instructionsFileIn(dir) !== undefined || existsSync(join(dir, PIPELINE_FILE));
  const at = group ? { group } : {};
  if (hasManifest && (!hasOpenJarvis || declaresJarvisProtocol(join(dir, MANIFEST_FILE)))) return { dir, ...at, kind: 'manifest' };
  if (!hasOpenJarvis) return undefined;
  return {
    dir,
    ...at,
    kind: 'openjarvis',
    ...(hasManifest
      ? { note: `its ${MANIFEST_FILE} does not declare "protocol": "${SKILL_PROTOCOL}" and was not read as a JARVIS manifest` }
      : {}),
  };
}

function visible(name: string): boolean {
  // Folders with a leading `_` (the template) or `.` are never loaded.
  return !name.startsWith('_') && !name.startsWith('.');
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir).filter(visible).sort();
  } catch {
    return [];
  }
}

/**
 * Why an existing, non-empty root holds no skill, with a hint where skills may be (files that
 * look like skills but are not where or how they are read); undefined for a missing or empty root.
 */
export function explainNoSkills(root: string): string | undefined {
  if (!isDir(root)) return undefined;
  const top = children(root);
  if (top.length === 0) return undefined;
  const hints: string[] = [];
  const look = (dir: string, depth: number): void => {
    for (const name of children(dir)) {
      if (hints.length >= 3 || name === 'node_modules') continue;
      const path = join(dir, name);
      if (isDir(path)) {
        if (depth < MAX_NESTING + 1) look(path, depth + 1);
        continue;
      }
      const rel = path.slice(root.length + 1);
      if (name.endsWith('.toml') && dir !== root) hints.push(`${rel} (flat .toml skills are read only directly in the folder)`);
      else if (name.toLowerCase() === INSTRUCTIONS_FILE.toLowerCase() || name === PIPELINE_FILE || name === MANIFEST_FILE)
        hints.push(`${rel} (deeper than ${MAX_NESTING} levels)`);
    }
  };
  look(root, 1);
  return (
    `no skill found: looked for ${MANIFEST_FILE}, ${INSTRUCTIONS_FILE} or ${PIPELINE_FILE} in folders up to ${MAX_NESTING} levels down ` +
    `and <name>.toml files directly in the folder (folders starting with _ or . are skipped)` +
    (hints.length > 0 ? `; found ${hints.join(', ')}` : '')
  );
}

/**
 * The skill folders under a root, in a stable order: a root that is itself a skill
 * (`/skills/skill.json`, "1 Container = 1 Skill"); flat OpenJarvis `<name>.toml` files in
 * the root; and skill folders up to MAX_NESTING levels down (`<name>/`, the runtime groups
 * `python/<name>/`, packs `home/<name>/`, OpenJarvis sources `<source>/<name>/`, a cloned
 * collection `<repo>/skills/<name>/`). A skill folder is never searched further; `_` and `.`
 * folders (a pack's `_lib`, `.git`) and `node_modules` never.
 */
export function discoverSkillFolders(root: string): SkillFolder[] {
  if (!isDir(root)) return [];
  const own = folderOf(root);
  if (own) return [own];
  const found: SkillFolder[] = [];
  for (const name of children(root)) {
    const path = join(root, name);
    if (name.endsWith('.toml') && name !== PIPELINE_FILE && isFile(path)) found.push({ dir: path, kind: 'openjarvis-file' });
  }
  const walk = (dir: string, depth: number, group: string | undefined): void => {
    for (const name of children(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || !isDir(path)) continue;
      const folder = folderOf(path, group);
      if (folder) found.push(folder);
      else if (depth < MAX_NESTING) walk(path, depth + 1, group ?? name);
    }
  };
  walk(root, 1, undefined);
  return found;
}
