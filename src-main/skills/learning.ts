import { createHash, randomBytes } from 'node:crypto';
import type { SkillLearningChange, SkillLearningEvidence, SkillLearningRecord } from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { SkillOverlay } from './overlays';
import type { LearningRecordStore } from './store';

/** What the engine asks before an overlay may change the prompt. */
export interface OverlayConsent {
  /**
   * The overlay's LearningRecord in force (never an undone one): a content never seen
   * before, or one undone since, becomes a proposal.
   */
  recordOf(overlay: SkillOverlay): SkillLearningRecord;
}

const shas = new WeakMap<SkillOverlay, string>();

/** SHA-256 of the overlay as written: another content is another improvement to decide. */
export function overlaySha256(overlay: SkillOverlay): string {
  let sha = shas.get(overlay);
  if (!sha) {
    sha = createHash('sha256').update(JSON.stringify(overlay)).digest('hex');
    shas.set(overlay, sha);
  }
  return sha;
}

/** What the overlay changes, as the skills card shows it. */
export function overlayChange(overlay: SkillOverlay): SkillLearningChange {
  return {
    ...(overlay.base_description !== undefined ? { description_before: overlay.base_description } : {}),
    description_after: overlay.description,
    examples: overlay.examples.map((e) => e.request),
    policy: overlay.policy,
  };
}

/** The uses it was learnt from and its score before and after. */
export function overlayEvidence(overlay: SkillOverlay): SkillLearningEvidence {
  const score = overlay.score;
  return {
    ...(score?.traces !== undefined ? { uses: score.traces } : {}),
    use_requests: overlay.examples.map((e) => e.request),
    ...(score?.cases !== undefined ? { cases: score.cases } : {}),
    ...(score?.baseline !== undefined ? { score_before: score.baseline } : {}),
    ...(score?.overlay !== undefined ? { score_after: score.overlay } : {}),
  };
}

/**
 * The household's consent to what the skills learnt: an overlay written by `jarvis optimize
 * skills` is a proposed LearningRecord the moment the master sees it, and it changes the
 * assistant's prompt only after an admin accepted it. Undo is a record too.
 */
export class SkillLearning implements OverlayConsent {
  constructor(
    private readonly store: LearningRecordStore,
    private readonly clock: () => Date,
    /** A record was added or decided: the skills card looks again. */
    private readonly changed: () => void = () => {},
  ) {}

  list(): SkillLearningRecord[] {
    return this.store.list();
  }

  recordOf(overlay: SkillOverlay): SkillLearningRecord {
    const sha = overlaySha256(overlay);
    const newest = this.store.forOverlay(overlay.skill, sha)[0];
    // An undone improvement written again is asked about again.
    if (newest && !newest.undone) return newest;
    const record = {
      learning_id: `lrn_${randomBytes(8).toString('hex')}`,
      kind: 'overlay' as const,
      skill_id: overlay.skill,
      overlay_sha256: sha,
      change: overlayChange(overlay),
      evidence: overlayEvidence(overlay),
      status: 'proposed' as const,
      created_at: this.clock().toISOString(),
    };
    this.store.insert(record);
    this.changed();
    return record;
  }

  decide(learningId: string, decision: 'accept' | 'reject', by: string): SkillLearningRecord {
    const record = this.existing(learningId);
    if (record.kind !== 'overlay')
      throw new Refusal('invalid', 'LEARNING_NOT_DECIDABLE', 'An undo is not decided; it was done when it was recorded.');
    if (
      record.status !== 'proposed' ||
      !this.store.decide(learningId, decision === 'accept' ? 'accepted' : 'rejected', by, this.clock().toISOString())
    )
      throw new Refusal(
        'conflict',
        'LEARNING_DECIDED',
        `This improvement was already ${record.status === 'accepted' ? 'accepted' : 'rejected'}.`,
      );
    this.changed();
    return this.store.get(learningId)!;
  }

  /** Takes back an accepted improvement: an undo record, after which the prompt is as before. */
  undo(learningId: string, by: string): SkillLearningRecord {
    const record = this.existing(learningId);
    if (record.kind !== 'overlay' || record.status !== 'accepted' || record.undone)
      throw new Refusal('conflict', 'LEARNING_NOT_ACCEPTED', 'Only an accepted improvement in use can be undone.');
    const at = this.clock().toISOString();
    const undo = {
      learning_id: `lrn_${randomBytes(8).toString('hex')}`,
      kind: 'undo' as const,
      skill_id: record.skill_id,
      overlay_sha256: record.overlay_sha256,
      change: record.change,
      evidence: record.evidence,
      status: 'accepted' as const,
      undoes: record.learning_id,
      created_at: at,
      decided_at: at,
      decided_by: by,
    };
    this.store.insert(undo);
    this.changed();
    return undo;
  }

  /** Undoes the skill's accepted improvement in use, if it has one (the overlay file is being removed). */
  undoSkill(skillId: string, by: string): SkillLearningRecord | undefined {
    const inUse = this.store.list().find((r) => r.skill_id === skillId && r.kind === 'overlay' && r.status === 'accepted' && !r.undone);
    return inUse ? this.undo(inUse.learning_id, by) : undefined;
  }

  private existing(learningId: string): SkillLearningRecord {
    const record = this.store.get(learningId);
    if (!record) throw new Refusal('not_found', 'LEARNING_NOT_FOUND', 'No such learning record.');
    return record;
  }
}
