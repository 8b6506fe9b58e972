import { describe, expect, it } from 'vitest';
import { factsInEffect, firstOfHistory, latestOfHistory } from './memory-chains';
import type { MemoryProposal } from './protocol';

const at = '2026-01-01T00:00:00.000Z';
const p = (id: string, status: MemoryProposal['status'], more: Partial<MemoryProposal> = {}): MemoryProposal => ({
  proposal_id: id,
  work_session_id: `ws_${id}`,
  fact: 'Paul verträgt keine Nüsse',
  status,
  created_at: at,
  ...more,
});

describe('which remembered facts are in effect', () => {
  it('an accepted proposal is; a forget that follows it takes it back; a renewal after that brings it back', () => {
    const first = p('m1', 'accepted');
    const forget = p('m2', 'accepted', { follows: 'm1', change: 'forget' });
    const again = p('m3', 'accepted', { follows: 'm2' });
    expect(factsInEffect([first]).map((f) => f.proposal_id)).toEqual(['m1']);
    expect(factsInEffect([first, forget])).toEqual([]);
    expect(factsInEffect([first, forget, again])).toEqual([{ fact: first.fact, proposal_id: 'm3', history: ['m1', 'm2', 'm3'] }]);
  });

  it('proposed, rejected and withdrawn proposals are not; a renewal counts only once accepted', () => {
    expect(factsInEffect([p('a', 'proposed'), p('b', 'rejected'), p('c', 'withdrawn')])).toEqual([]);
    expect(factsInEffect([p('c', 'withdrawn'), p('d', 'proposed', { follows: 'c' })])).toEqual([]);
    expect(factsInEffect([p('c', 'withdrawn'), p('d', 'accepted', { follows: 'c' })]).map((f) => f.history)).toEqual([['c', 'd']]);
  });

  it('finds the first and the newest proposal of a history from any of its proposals', () => {
    const list = [p('m1', 'accepted'), p('m2', 'accepted', { follows: 'm1', change: 'forget' }), p('m3', 'proposed', { follows: 'm2' })];
    expect(firstOfHistory(list, 'm3')).toBe('m1');
    expect(latestOfHistory(list, 'm1')?.proposal_id).toBe('m3');
    expect(latestOfHistory(list, 'gone')).toBeUndefined();
  });
});
