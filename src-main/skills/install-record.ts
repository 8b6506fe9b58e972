import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SkillTrust } from '../../src-shared';
import { INSTALL_RECORD } from './tree-hash';

/** What `jarvis skill install` wrote about where a skill came from. */
export interface InstallRecord {
  readonly source: string;
  readonly trust: SkillTrust;
  readonly sha256: string;
  readonly installed_at: string;
  readonly with_scripts: boolean;
  /** For a skill from a skill source: the source repository's commit it was taken from. */
  readonly commit?: string;
}

export function readInstallRecord(dir: string): InstallRecord | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dir, INSTALL_RECORD), 'utf8')) as Partial<InstallRecord>;
    if (typeof value.sha256 !== 'string' || typeof value.source !== 'string') return undefined;
    return {
      source: value.source,
      trust: value.trust === 'indexed' ? 'indexed' : 'unreviewed',
      sha256: value.sha256,
      installed_at: String(value.installed_at ?? ''),
      with_scripts: value.with_scripts === true,
      ...(typeof value.commit === 'string' ? { commit: value.commit } : {}),
    };
  } catch {
    return undefined;
  }
}
