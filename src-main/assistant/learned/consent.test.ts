import { describe, expect, it } from 'vitest';
import type { SkillLearningRecord } from '../../../src-shared';
import { openDatabase } from '../../platform/database';
import { LearnedRecordStore } from '../../skills';
import { FORGET_UNDO_WINDOW_MS, LearnedRecords, type LearnedViewer } from './consent';

const oma = { kind: 'fact', content: 'Oma hat am 3. Mai Geburtstag', source: 'assistant', fromMemberId: 'paul' } as const;
const paul: LearnedViewer = { memberId: 'paul', admin: false, onDesktop: false };
const lena: LearnedViewer = { memberId: 'lena', admin: false, onDesktop: false };
const mama: LearnedViewer = { memberId: 'mama', admin: true, onDesktop: false };

function records(overlays: SkillLearningRecord[] = [], now = { at: new Date('2026-12-02T10:00:00Z') }) {
  let changes = 0;
  const store = new LearnedRecordStore(openDatabase(':memory:'));
  const decided: string[] = [];
  const learned = new LearnedRecords({
    store,
    clock: () => now.at,
    nameOf: (id) => ({ paul: 'Paul', lena: 'Lena', mama: 'Mama' })[id],
    overlays: {
      list: () => overlays,
      decide: (id, decision) => {
        decided.push(`${decision} ${id}`);
        return overlays[0]!;
      },
      undo: (id) => {
        decided.push(`undo ${id}`);
        return overlays[0]!;
      },
    },
    changed: () => changes++,
  });
  return { learned, store, changes: () => changes, decided };
}

describe('the record store', () => {
  it('keeps a record with its kind, content, origin, owner and state, and marks it forgotten so it can come back', () => {
    const store = new LearnedRecordStore(openDatabase(':memory:'));
    store.insert({
      id: 'lrd_0000000000000001',
      kind: 'pipeline',
      content: 'Wocheneinkauf',
      steps: ['mealplan_list', 'groceries_add'],
      source: 'assistant',
      from_member_id: 'paul',
      member_id: 'paul',
      state: 'proposed',
      created_at: '2026-12-02T10:00:00.000Z',
    });
    expect(store.get('lrd_0000000000000001')).toMatchObject({
      steps: ['mealplan_list', 'groceries_add'],
      member_id: 'paul',
      state: 'proposed',
    });
    expect(store.decide('lrd_0000000000000001', 'accepted', 'paul', '2026-12-02T11:00:00.000Z')).toBe(true);
    expect(store.decide('lrd_0000000000000001', 'refused', 'paul', '2026-12-02T11:00:00.000Z')).toBe(false);
    expect(store.get('lrd_0000000000000001')).toMatchObject({ state: 'accepted', decided_by: 'paul' });
    const before = store.get('lrd_0000000000000001');
    expect(store.forget('lrd_0000000000000001', 'paul', '2026-12-02T12:00:00.000Z')).toBe(true);
    expect(store.list()).toEqual([]);
    expect(store.get('lrd_0000000000000001')).toBeUndefined();
    expect(store.forget('lrd_0000000000000001', 'paul', '2026-12-02T12:00:00.000Z')).toBe(false);
    expect(store.restore('lrd_0000000000000001')).toBe(true);
    expect(store.get('lrd_0000000000000001')).toEqual(before);
    expect(store.restore('lrd_0000000000000001')).toBe(false);
  });
});

describe('consent to what the assistant learnt', () => {
  it('uses a fact only after its member accepted it, and no longer once forgotten', () => {
    const { learned, changes } = records();
    const fact = learned.propose({ ...oma, memberId: 'paul' });
    expect(fact).toMatchObject({ state: 'proposed', member_id: 'paul', from_member_id: 'paul' });
    expect(learned.acceptedFacts('paul')).toEqual([]);
    expect(learned.accept(fact.id, paul)).toMatchObject({ state: 'accepted', member_name: 'Paul' });
    expect(learned.acceptedFacts('paul')).toEqual(['Oma hat am 3. Mai Geburtstag']);
    expect(learned.acceptedFacts('lena')).toEqual([]);
    expect(() => learned.accept(fact.id, paul)).toThrow(expect.objectContaining({ kind: 'conflict' }));
    learned.forget(fact.id, paul);
    expect(learned.acceptedFacts('paul')).toEqual([]);
    expect(learned.list(paul).records).toEqual([]);
    expect(changes()).toBe(3);
  });

  it('a forget undone after the fact was proposed again keeps one record: the new one', () => {
    const { learned, store } = records();
    const first = learned.propose({ ...oma, memberId: 'paul' });
    learned.forget(first.id, paul);
    const again = learned.propose({ ...oma, memberId: 'paul' });
    expect(again.id).not.toBe(first.id);
    expect(learned.restore(first.id, paul).id).toBe(again.id);
    expect(learned.list(paul).records.map((r) => r.id)).toEqual([again.id]);
    expect(store.getForgotten(first.id)).toBeUndefined();
  });

  it('deletes forgotten text for good once the undo window has passed', () => {
    const now = { at: new Date('2026-12-02T10:00:00Z') };
    const { learned, store } = records([], now);
    const fact = learned.propose({ ...oma, memberId: 'paul' });
    const other = learned.propose({ ...oma, content: 'Paul mag keine Pilze', memberId: 'paul' });
    learned.forget(fact.id, paul);
    now.at = new Date(now.at.getTime() + FORGET_UNDO_WINDOW_MS - 1000);
    expect(learned.restore(fact.id, paul).id).toBe(fact.id);
    learned.forget(fact.id, paul);
    now.at = new Date(now.at.getTime() + FORGET_UNDO_WINDOW_MS + 1000);
    learned.forget(other.id, paul);
    expect(store.getForgotten(fact.id)).toBeUndefined();
    expect(() => learned.restore(fact.id, paul)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(learned.restore(other.id, paul).id).toBe(other.id);
  });

  it('proposing the same fact again keeps the one record', () => {
    const { learned } = records();
    const first = learned.propose({ ...oma, memberId: 'paul' });
    expect(learned.propose({ ...oma, content: '  oma hat am 3. Mai   Geburtstag ', memberId: 'paul' }).id).toBe(first.id);
    expect(learned.list(paul).records).toHaveLength(1);
  });

  it("keeps a member's record private to them and the admins: to anyone else it is absent", () => {
    const { learned } = records();
    const fact = learned.propose({ ...oma, memberId: 'paul' });
    expect(learned.list(lena).records).toEqual([]);
    expect(() => learned.accept(fact.id, lena)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => learned.forget(fact.id, lena)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(learned.list(mama).records.map((r) => r.id)).toEqual([fact.id]);
    learned.accept(fact.id, mama);
    expect(learned.acceptedFacts('paul')).toEqual([oma.content]);
  });

  it("lets everyone see the household's records, but only an admin decide them", () => {
    const { learned } = records();
    const fact = learned.propose({ ...oma, memberId: null });
    expect(learned.list(lena)).toMatchObject({ records: [{ id: fact.id }], may_decide_household: false });
    expect(() => learned.accept(fact.id, lena)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(() => learned.forget(fact.id, lena)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    learned.accept(fact.id, mama);
    expect(learned.acceptedFacts('lena')).toEqual([oma.content]);
    expect(learned.acceptedFacts('paul')).toEqual([oma.content]);
  });

  it('offers a pipeline only once accepted', () => {
    const { learned } = records();
    const p = learned.propose({
      kind: 'pipeline',
      content: 'Wocheneinkauf',
      steps: ['mealplan_list', 'groceries_add'],
      source: 'assistant',
      memberId: 'paul',
    });
    expect(learned.acceptedPipelines('paul')).toEqual([]);
    learned.accept(p.id, paul);
    expect(learned.acceptedPipelines('paul')).toEqual([{ name: 'Wocheneinkauf', steps: ['mealplan_list', 'groceries_add'] }]);
    expect(learned.acceptedPipelines('lena')).toEqual([]);
  });

  it('lists a skill improvement for the household, decided by an admin on the desktop only', () => {
    const overlay: SkillLearningRecord = {
      learning_id: 'lrn_00000000000000aa',
      kind: 'overlay',
      skill_id: 'wetter',
      overlay_sha256: 'x',
      change: { description_after: 'Sagt das Wetter für morgen', examples: [], policy: '' },
      evidence: { use_requests: [] },
      status: 'proposed',
      created_at: '2026-12-01T10:00:00.000Z',
    };
    const { learned, decided } = records([overlay]);
    expect(learned.list(lena).records).toMatchObject([{ kind: 'overlay', member_id: null, state: 'proposed', source: 'optimizer' }]);
    expect(() => learned.accept(overlay.learning_id, lena)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(() => learned.accept(overlay.learning_id, mama)).toThrow(expect.objectContaining({ code: 'LOOPBACK_ONLY' }));
    learned.accept(overlay.learning_id, { ...mama, onDesktop: true });
    learned.forget(overlay.learning_id, { ...mama, onDesktop: true });
    expect(decided).toEqual(['accept lrn_00000000000000aa', 'reject lrn_00000000000000aa']);
  });
});
