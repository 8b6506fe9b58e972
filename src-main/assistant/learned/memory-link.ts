import type { MemoryProposal } from '../../../src-shared';
import { HOST_IDS, type ProtocolRecorder, type ProtocolService } from '../../protocol';
import type { LearnedRecordStore, StoredLearned } from '../../skills';
import type { FactProposals, FactStanding, LearnedRecords } from './consent';

export interface MemoryLinkDeps {
  readonly recorder: ProtocolRecorder;
  readonly protocol: Pick<ProtocolService, 'onChangeWithin' | 'list'>;
  readonly store: LearnedRecordStore;
  /** A member's name for their protocol Actor; undefined when there is no such member. */
  readonly nameOf: (memberId: string) => string | undefined;
  readonly warn?: (message: string) => void;
}

const MEMBER_ACTOR = 'act_member_';
/** A fact's record and its proposal are written in one tool call: an old pair is at most this far apart. */
const LINK_WINDOW_MS = 60_000;

const same = (a: string, b: string): boolean => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A remembered fact is a record on the Gelernt card and a MemoryProposal in the protocol; the
 * record names the proposal. A decision taken on either is recorded on the other in the same
 * transaction, and in the protocol as the decision of the member who took it. A decided
 * proposal is never changed (its session is sealed): a later forget, or a restore after one,
 * is a new proposal that follows it. The record keeps naming the first; the newest stands.
 */
export class MemoryLink implements FactProposals {
  private learned?: LearnedRecords;

  constructor(private readonly d: MemoryLinkDeps) {}

  /** Starts mirroring the protocol's decisions onto the records; links and reconciles old pairs once. */
  bind(learned: LearnedRecords): () => void {
    this.learned = learned;
    this.linkOldPairs();
    this.reconcile();
    return this.d.protocol.onChangeWithin((change) => {
      if (change.op !== 'decideMemory') return;
      const proposal = (change.body as { proposal?: MemoryProposal }).proposal;
      if (!proposal || proposal.change === 'forget' || proposal.status === 'proposed') return;
      learned.decidedInProtocol(
        this.d.recorder.firstMemoryProposal(proposal.proposal_id),
        proposal.status === 'accepted' ? 'accepted' : 'refused',
        this.memberOf(change.actorId),
      );
    });
  }

  decided(record: StoredLearned, standing: FactStanding, by: string): void {
    const id = record.memory_proposal_id;
    const proposal = id ? this.d.recorder.currentMemoryProposal(id) : undefined;
    if (!proposal) return;
    const actor = this.actorOf(by);
    const pending = proposal.status === 'proposed';
    const inEffect = proposal.status === 'accepted' && proposal.change !== 'forget';
    if (standing === 'accepted') {
      if (pending) this.d.recorder.decideMemory(proposal.proposal_id, 'accept', actor);
      else if (!inEffect) this.d.recorder.followMemory(proposal, { accepted: true }, actor);
    } else if (standing === 'proposed') {
      // Brought back undecided: proposed again, for the household to decide once more.
      if (!pending && !inEffect) this.d.recorder.followMemory(proposal, { accepted: false }, actor);
    } else if (pending) {
      this.d.recorder.decideMemory(proposal.proposal_id, standing === 'refused' ? 'reject' : 'withdraw', actor);
    } else if (inEffect) {
      this.d.recorder.followMemory(proposal, { change: 'forget', accepted: true }, actor);
    }
  }

  /** The member who decided in the protocol, as the Gelernt card names deciders. */
  private memberOf(actorId: string): string {
    if (actorId.startsWith(MEMBER_ACTOR)) {
      const id = actorId.slice(MEMBER_ACTOR.length);
      if (this.d.nameOf(id) !== undefined) return id;
    }
    return actorId === HOST_IDS.household ? 'household' : actorId;
  }

  /** The member's protocol Actor; the household's when the decider is no member (an old record, the household itself). */
  private actorOf(memberId: string): string {
    const name = this.d.nameOf(memberId);
    return name === undefined ? HOST_IDS.household : this.d.recorder.memberActor(memberId, name);
  }

  /**
   * Facts proposed before records named their proposal: each is linked to the proposal of the
   * same text written with it (the closest in time, within a minute). One that finds none stays
   * unlinked and keeps working as before; no record is dropped or changed otherwise.
   */
  private linkOldPairs(): void {
    const facts = this.d.store.facts();
    const unlinked = facts.filter((f) => !f.memory_proposal_id && f.source === 'assistant');
    if (unlinked.length === 0) return;
    const taken = new Set(facts.map((f) => f.memory_proposal_id).filter((id): id is string => id !== undefined));
    const originals = this.d.protocol.list<MemoryProposal>('MemoryProposal').filter((p) => !p.follows && !taken.has(p.proposal_id));
    for (const fact of unlinked) {
      const at = Date.parse(fact.created_at);
      let best: MemoryProposal | undefined;
      for (const p of originals) {
        if (taken.has(p.proposal_id) || !same(p.fact, fact.content)) continue;
        const gap = Math.abs(Date.parse(p.created_at) - at);
        if (gap <= LINK_WINDOW_MS && (!best || gap < Math.abs(Date.parse(best.created_at) - at))) best = p;
      }
      if (!best) continue;
      taken.add(best.proposal_id);
      this.d.store.link(fact.id, best.proposal_id);
    }
  }

  /**
   * Where a linked pair disagrees (written before they were linked): a decision taken on the
   * Gelernt card is recorded in the protocol as its member's; a record still undecided takes
   * the protocol's decision.
   */
  private reconcile(): void {
    for (const fact of this.d.store.facts()) {
      if (!fact.memory_proposal_id) continue;
      try {
        this.d.store.transaction(() => {
          if (fact.forgotten) return this.decided(fact, 'gone', fact.forgotten_by ?? 'household');
          if (fact.state !== 'proposed') return this.decided(fact, fact.state, fact.decided_by ?? 'household');
          const proposal = this.d.recorder.currentMemoryProposal(fact.memory_proposal_id!);
          if (proposal && proposal.change !== 'forget' && (proposal.status === 'accepted' || proposal.status === 'rejected'))
            this.learned?.decidedInProtocol(
              proposal.proposal_id,
              proposal.status === 'accepted' ? 'accepted' : 'refused',
              this.memberOf(proposal.decided_by ?? HOST_IDS.household),
            );
        });
      } catch (err) {
        this.d.warn?.(
          `learned: fact ${fact.id} could not be brought in line with its proposal: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}
