import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from './manifest';

/** one folder per runtime worker. */
export const RUNTIME_GROUPS = ['python', 'node', 'go', 'rust', 'c', 'cpp', 'csharp'] as const;
/** Skill packs: related skills one level down that share code in the pack's `_lib/` (never a skill). */
export const SKILL_PACKS = ['home'] as const;
/** The folder of a pack's shared code, mounted read-only beside each of its skills. */
export const PACK_LIB = '_lib';

/** OpenJarvis skill files. */
export const INSTRUCTIONS_FILE = 'SKILL.md';
export const PIPELINE_FILE = 'skill.toml';

export interface SkillFolder {
  readonly dir: string;
  /** The runtime group or pack the folder sits in (`python`, `home`, …), if any. */
  readonly group?: string;
  readonly kind: 'manifest' | 'openjarvis';
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function kindOf(dir: string): SkillFolder['kind'] | undefined {
  if (existsSync(join(dir, MANIFEST_FILE))) return 'manifest';
  if (existsSync(join(dir, INSTRUCTIONS_FILE)) || existsSync(join(dir, PIPELINE_FILE))) return 'openjarvis';
  return undefined;
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
 * The skill folders under a root, in a stable order: a root that is itself a skill
 * (`/skills/skill.json`, "1 Container = 1 Skill"), skill folders directly under the root,
 * and skill folders inside the runtime-group folders (`python/<skill>/`, …) and the packs
 * (`home/<skill>/`; their `_lib` is skipped like every `_` folder).
 */
export function discoverSkillFolders(root: string): SkillFolder[] {
  if (!isDir(root)) return [];
  const own = kindOf(root);
  if (own) return [{ dir: root, kind: own }];
  const found: SkillFolder[] = [];
  for (const name of children(root)) {
    const dir = join(root, name);
    if (!isDir(dir)) continue;
    const kind = kindOf(dir);
    if (kind) found.push({ dir, kind });
    else if ((RUNTIME_GROUPS as readonly string[]).includes(name) || (SKILL_PACKS as readonly string[]).includes(name)) {
      for (const inner of children(dir)) {
        const skillDir = join(dir, inner);
        const innerKind = isDir(skillDir) ? kindOf(skillDir) : undefined;
        if (innerKind) found.push({ dir: skillDir, group: name, kind: innerKind });
      }
    }
  }
  return found;
}
