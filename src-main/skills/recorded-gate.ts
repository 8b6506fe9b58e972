import type { SkillProposal } from '../../src-shared';
import type { SkillAdmission, SkillCandidate, SkillGate } from './engine';
import type { ProtocolRecorder } from '../protocol/recorder';

/**
 * a skill that appears or
 * changes while JARVIS runs is a SkillProposal and stays inactive until a household member
 * activates it.
 *
 * The skills present at start-up are the household's installation and run, unless the
 * protocol already knows the skill: then only a tree the household activated runs, so a
 * restart never activates a proposal nobody decided (or a rejected one).
 */
export class RecordedSkillGate implements SkillGate {
  /** `id:sha` of trees that run without a proposal (the start-up installation). */
  private readonly baseline = new Set<string>();

  constructor(private readonly recorder: ProtocolRecorder) {}

  admit(skill: SkillCandidate): SkillAdmission {
    const key = `${skill.id}:${skill.sha256}`;
    if (this.baseline.has(key)) return { state: 'active' };
    const known = this.recorder.skillProposals(skill.id);
    const same = known.filter((p) => p.manifest_sha256 === skill.sha256).pop();
    if (same) return admissionOf(same);
    if (skill.change === 'startup' && known.length === 0) {
      this.baseline.add(key);
      return { state: 'active' };
    }
    return admissionOf(this.recorder.skillProposal(skill.id, skill.version, skill.sha256, skill.change === 'added' ? 'added' : 'changed'));
  }
}

/** An activated proposal runs; a proposed or rejected one is held back with its id. */
function admissionOf(proposal: SkillProposal): SkillAdmission {
  return { state: proposal.status === 'activated' ? 'active' : proposal.status, proposal_id: proposal.proposal_id };
}
