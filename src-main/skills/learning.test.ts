import { describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/database';
import { Refusal } from '../platform/errors';
import { SkillLearning } from './learning';
import { OVERLAY_FORMAT, type SkillOverlay } from './overlays';
import { LearningRecordStore } from './store';

const overlay = (description: string): SkillOverlay => ({
  format: OVERLAY_FORMAT,
  skill: 'text-brief',
  skill_sha256: 'a'.repeat(64),
  description,
  base_description: 'Kurzprofil eines Textes',
  examples: [{ request: 'Wie lang ist „Hallo Welt“?', calls: [{ tool: 'skill_text_brief_run', arguments: { text: 'Hallo Welt' } }] }],
  policy: 'describe',
  score: { traces: 4, cases: 6, baseline: 0.5, overlay: 5 / 6 },
  created_at: '2026-12-01T18:00:00.000Z',
});

function learning(): { learning: SkillLearning; changes: () => number } {
  let changes = 0;
  let tick = 0;
  const clock = () => new Date(Date.UTC(2026, 11, 2, 8, 0, tick++));
  return { learning: new SkillLearning(new LearningRecordStore(openDatabase(':memory:')), clock, () => changes++), changes: () => changes };
}

function refusalCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof Refusal ? err.code : 'not a refusal';
  }
  return undefined;
}

describe('SkillLearning', () => {
  it('an overlay seen for the first time is one proposed record with what it changes and its evidence', () => {
    const { learning: l, changes } = learning();
    const first = l.recordOf(overlay('Zählt Wörter'));
    expect(first).toMatchObject({
      kind: 'overlay',
      skill_id: 'text-brief',
      status: 'proposed',
      change: {
        description_before: 'Kurzprofil eines Textes',
        description_after: 'Zählt Wörter',
        examples: ['Wie lang ist „Hallo Welt“?'],
      },
      evidence: { uses: 4, use_requests: ['Wie lang ist „Hallo Welt“?'], cases: 6, score_before: 0.5, score_after: 5 / 6 },
    });
    // Seen again (every catalog asks): the same record, no second proposal.
    expect(l.recordOf(overlay('Zählt Wörter')).learning_id).toBe(first.learning_id);
    expect(l.list()).toHaveLength(1);
    expect(changes()).toBe(1);
    // Another content is another improvement to decide.
    expect(l.recordOf(overlay('Zählt Wörter und Zeichen')).learning_id).not.toBe(first.learning_id);
    expect(l.list()).toHaveLength(2);
  });

  it('accept, then undo as its own record; the same overlay written again is asked about again', () => {
    const { learning: l } = learning();
    const o = overlay('Zählt Wörter');
    const proposed = l.recordOf(o);
    expect(l.decide(proposed.learning_id, 'accept', 'mem_admin')).toMatchObject({ status: 'accepted', decided_by: 'mem_admin' });
    expect(l.recordOf(o).status).toBe('accepted');
    const undo = l.undo(proposed.learning_id, 'mem_admin');
    expect(undo).toMatchObject({ kind: 'undo', status: 'accepted', undoes: proposed.learning_id, decided_by: 'mem_admin' });
    expect(l.list().find((r) => r.learning_id === proposed.learning_id)?.undone).toBe(true);
    const asked = l.recordOf(o);
    expect(asked.status).toBe('proposed');
    expect(asked.learning_id).not.toBe(proposed.learning_id);
  });

  it('a rejected improvement stays rejected and is not proposed again', () => {
    const { learning: l } = learning();
    const o = overlay('Zählt Wörter');
    l.decide(l.recordOf(o).learning_id, 'reject', 'mem_admin');
    expect(l.recordOf(o).status).toBe('rejected');
    expect(l.list()).toHaveLength(1);
  });

  it('refuses a second decision, an undo of what is not in use, deciding an undo and unknown ids; none of them changes anything', () => {
    const { learning: l } = learning();
    const proposed = l.recordOf(overlay('Zählt Wörter'));
    expect(refusalCode(() => l.undo(proposed.learning_id, 'x'))).toBe('LEARNING_NOT_ACCEPTED');
    l.decide(proposed.learning_id, 'accept', 'x');
    expect(refusalCode(() => l.decide(proposed.learning_id, 'reject', 'x'))).toBe('LEARNING_DECIDED');
    const undo = l.undo(proposed.learning_id, 'x');
    expect(refusalCode(() => l.undo(proposed.learning_id, 'x'))).toBe('LEARNING_NOT_ACCEPTED');
    expect(refusalCode(() => l.decide(undo.learning_id, 'accept', 'x'))).toBe('LEARNING_NOT_DECIDABLE');
    expect(refusalCode(() => l.decide('lrn_0000000000000000', 'accept', 'x'))).toBe('LEARNING_NOT_FOUND');
    expect(l.list().map((r) => [r.kind, r.status])).toEqual([
      ['undo', 'accepted'],
      ['overlay', 'accepted'],
    ]);
  });

  it('undoSkill takes back the improvement in use for that skill only', () => {
    const { learning: l } = learning();
    expect(l.undoSkill('text-brief', 'x')).toBeUndefined();
    const p = l.recordOf(overlay('Zählt Wörter'));
    l.decide(p.learning_id, 'accept', 'x');
    expect(l.undoSkill('other', 'x')).toBeUndefined();
    expect(l.undoSkill('text-brief', 'x')?.undoes).toBe(p.learning_id);
  });
});
