import { Refusal } from '../../platform/errors';
import type { DiscoveredPipeline, StoredLearned } from '../../skills';
import type { LearnedRecords, PipelineSkills } from './consent';

export interface DiscoveredPipelineDeps {
  /** The discovered pipeline skills the engine loaded, with their SkillProposal's state. */
  readonly pipelines: () => readonly DiscoveredPipeline[];
  /** Activates or rejects a SkillProposal in the name of the member who decided. */
  readonly decideProposal: (proposalId: string, decision: 'accept' | 'reject', by: string) => void;
}

/**
 * A pipeline `jarvis skill discover` found is a skill that waits for activation and, for the
 * household, something JARVIS learnt: one proposal shown on the Gelernt card and on the skills
 * card, decided once on either. Accepting the record activates the skill; activating the skill
 * accepts the record; rejecting or forgetting on one side does the same on the other.
 */
export class DiscoveredPipelineRecords implements PipelineSkills {
  private learned?: LearnedRecords;

  constructor(private readonly d: DiscoveredPipelineDeps) {}

  /** Set once the records exist (they call back into this object). */
  bind(learned: LearnedRecords): void {
    this.learned = learned;
    this.sync();
  }

  /** Brings the records in line with the skills: called at start and whenever a skill or proposal changed. */
  sync(): void {
    const learned = this.learned;
    if (!learned) return;
    for (const p of this.d.pipelines()) {
      if (p.status === 'proposed')
        learned.propose({ kind: 'pipeline', content: p.id, steps: p.steps, source: 'assistant', memberId: null });
      else learned.settle('pipeline', p.id, p.status === 'activated' ? 'accepted' : 'refused', 'skills');
    }
  }

  decided(record: StoredLearned, decision: 'accept' | 'reject', by: string): boolean {
    if (record.member_id !== null) return false;
    const skill = this.d.pipelines().find((p) => p.id === record.content);
    if (!skill) return false;
    if (skill.status === 'proposed') this.d.decideProposal(skill.proposal_id, decision, by);
    else if (decision === 'reject' && skill.status === 'activated')
      throw new Refusal(
        'conflict',
        'LEARNED_PIPELINE_ACTIVE',
        'This routine is an activated skill now: it is removed under Skills (its folder under discovered/).',
      );
    return true;
  }
}
