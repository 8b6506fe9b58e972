import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SkillProposal } from '../../src-shared';
import type { SkillAdmission, SkillCandidate, SkillGate } from './engine';
import type { ProtocolRecorder } from '../protocol';

/** Where the installation baseline lives: beside the database, or nowhere for an in-memory one. */
export function skillBaselineFile(dataFile: string): string | undefined {
  return dataFile === ':memory:' ? undefined : join(dirname(resolve(dataFile)), 'skill-baseline.json');
}

function readBaseline(file: string | undefined): Map<string, string> | undefined {
  if (!file || !existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const map = new Map<string, string>();
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [id, sha] of Object.entries(value as Record<string, unknown>)) if (typeof sha === 'string') map.set(id, sha);
    }
    return map;
  } catch {
    // A damaged file trusts nothing: every skill becomes a proposal.
    return new Map();
  }
}

/**
 * a skill that appears or
 * changes is a SkillProposal and stays inactive until a household member activates it.
 *
 * Only the skills present at the very first start are the household's installation and run
 * without one; their trees are remembered in a baseline file, so a skill edited or added
 * while JARVIS was off is a proposal after the restart. A skill the protocol already knows
 * runs only in a tree the household activated (or rejected: then it does not run).
 */
export class RecordedSkillGate implements SkillGate {
  /** id -> tree of the installation; undefined until the first start wrote it. */
  private baseline: Map<string, string> | undefined;
  private readonly firstStart: boolean;

  constructor(
    private readonly recorder: ProtocolRecorder,
    private readonly baselineFile?: string,
  ) {
    this.baseline = readBaseline(baselineFile);
    this.firstStart = this.baseline === undefined;
    this.baseline ??= new Map();
    // Written at once, so a first start without any skill still counts as the first start.
    if (this.firstStart) this.save();
  }

  admit(skill: SkillCandidate): SkillAdmission {
    const baseline = this.baseline!;
    if (baseline.get(skill.id) === skill.sha256) return { state: 'active' };
    const known = this.recorder.skillProposals(skill.id);
    const same = known.filter((p) => p.manifest_sha256 === skill.sha256).pop();
    if (same) return admissionOf(same);
    // A discovered skill was never installed by the household: it is a proposal even now.
    if (skill.change === 'startup' && this.firstStart && known.length === 0 && !skill.discovered) {
      baseline.set(skill.id, skill.sha256);
      this.save();
      return { state: 'active' };
    }
    const change =
      skill.change === 'added' || (skill.change === 'startup' && known.length === 0 && !baseline.has(skill.id)) ? 'added' : 'changed';
    return admissionOf(this.recorder.skillProposal(skill.id, skill.version, skill.sha256, change, skill.integrationSecrets ?? []));
  }

  private save(): void {
    if (!this.baselineFile) return;
    const tmp = `${this.baselineFile}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(this.baseline!), null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.baselineFile);
  }
}

/** An activated proposal runs; a proposed or rejected one is held back with its id. */
function admissionOf(proposal: SkillProposal): SkillAdmission {
  return {
    state: proposal.status === 'activated' ? 'active' : proposal.status,
    proposal_id: proposal.proposal_id,
    ...(proposal.integration_secrets?.length ? { integration_secrets: proposal.integration_secrets } : {}),
  };
}
