import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SkillManifest } from '../../src-shared';
import { discoverSkillFolders, MANIFEST_FILE, readManifest, type ProcessSkill } from '../../src-main/skills/process';

export interface CatalogError {
  readonly source: string;
  readonly message: string;
}

export interface SkillCatalog {
  readonly skills: ReadonlyMap<string, ProcessSkill>;
  readonly errors: readonly CatalogError[];
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The skills this worker serves: a root `skill.json` (1 container = 1 skill),
 * else the folder of its runtime group when the whole tree is mounted, else every skill
 * folder under the root. Manifests are validated exactly as the master validates them; a
 * bad one is left out and reported, the others still load.
 */
export function scanSkills(root: string, runtime: string): SkillCatalog {
  const groupDir = join(root, runtime);
  const base = !existsSync(join(root, MANIFEST_FILE)) && isDir(groupDir) ? groupDir : root;
  const skills = new Map<string, ProcessSkill>();
  const errors: CatalogError[] = [];
  if (!isDir(root)) errors.push({ source: root, message: 'the skills folder does not exist' });
  for (const folder of discoverSkillFolders(base)) {
    const source = relative(root, folder.dir) || '.';
    if (folder.kind !== 'manifest') {
      errors.push({ source, message: 'only jarvis.skill.v1 process skills (skill.json) run in a worker' });
      continue;
    }
    const verdict = readManifest(folder.dir);
    if (!verdict.ok) {
      errors.push({ source, message: verdict.errors.join('; ') });
      continue;
    }
    const manifest: SkillManifest = verdict.manifest;
    if (skills.has(manifest.id)) {
      errors.push({
        source,
        message: `skill id ${manifest.id} is already served from ${relative(root, skills.get(manifest.id)!.dir) || '.'}`,
      });
      continue;
    }
    skills.set(manifest.id, { dir: folder.dir, manifest });
  }
  return { skills, errors };
}
