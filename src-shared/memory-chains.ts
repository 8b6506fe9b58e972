import type { MemoryProposal } from './protocol';

/** A fact the household accepted and has not taken back, with every proposal of its history. */
export interface RememberedFact {
  readonly fact: string;
  /** The proposal that put it in effect. */
  readonly proposal_id: string;
  /** Every proposal of the fact's history (it and those it follows or that follow it). */
  readonly history: readonly string[];
}

/**
 * Which facts are in effect. A decided proposal is never changed (its session is sealed), so a
 * later forget or a renewed proposal is a record that `follows` it; along one such history the
 * latest accepted proposal counts: one to remember puts the fact in effect, a `forget` takes it back.
 */
export function factsInEffect(proposals: readonly MemoryProposal[]): RememberedFact[] {
  const byId = new Map(proposals.map((p) => [p.proposal_id, p]));
  const rootOf = (p: MemoryProposal): string => {
    let current = p;
    const seen = new Set<string>();
    while (current.follows && byId.has(current.follows) && !seen.has(current.follows)) {
      seen.add(current.proposal_id);
      current = byId.get(current.follows)!;
    }
    return current.proposal_id;
  };
  const histories = new Map<string, MemoryProposal[]>();
  for (const p of proposals) {
    const root = rootOf(p);
    const list = histories.get(root) ?? [];
    list.push(p);
    histories.set(root, list);
  }
  const facts: RememberedFact[] = [];
  for (const history of histories.values()) {
    // The store lists records in the order they were written, so the last accepted one is the latest decision.
    const latest = history.filter((p) => p.status === 'accepted').at(-1);
    if (latest && latest.change !== 'forget')
      facts.push({ fact: latest.fact, proposal_id: latest.proposal_id, history: history.map((p) => p.proposal_id) });
  }
  const position = new Map(proposals.map((p, i) => [p.proposal_id, i]));
  return facts.sort((a, b) => position.get(a.proposal_id)! - position.get(b.proposal_id)!);
}

/** The first proposal of the history `proposalId` belongs to (the one every later one follows). */
export function firstOfHistory(proposals: readonly MemoryProposal[], proposalId: string): string {
  const byId = new Map(proposals.map((p) => [p.proposal_id, p]));
  let current = byId.get(proposalId);
  const seen = new Set<string>();
  while (current?.follows && byId.has(current.follows) && !seen.has(current.follows)) {
    seen.add(current.proposal_id);
    current = byId.get(current.follows);
  }
  return current?.proposal_id ?? proposalId;
}

/** The newest proposal of the history that starts at `firstId`: the one that stands for the fact now. */
export function latestOfHistory(proposals: readonly MemoryProposal[], firstId: string): MemoryProposal | undefined {
  const byId = new Map(proposals.map((p) => [p.proposal_id, p]));
  const next = new Map<string, MemoryProposal>();
  for (const p of proposals) if (p.follows) next.set(p.follows, p);
  let current = byId.get(firstId);
  const seen = new Set<string>();
  while (current && next.has(current.proposal_id) && !seen.has(current.proposal_id)) {
    seen.add(current.proposal_id);
    current = next.get(current.proposal_id);
  }
  return current;
}
