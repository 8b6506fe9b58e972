import { randomBytes } from 'node:crypto';
import type { LearnedListResponse, LearnedRecord, SkillLearningRecord } from '../../../src-shared';
import { Refusal } from '../../platform/errors';
import type { LearnedRecordStore, StoredLearned } from '../../skills';

/** Who looks at or decides a record. */
export interface LearnedViewer {
  readonly memberId: string;
  readonly admin: boolean;
  /** Skill improvements are decided on the computer JARVIS runs on, as on the skills card. */
  readonly onDesktop: boolean;
}

/** The skills' improvements, which keep their own records and undo. */
export interface OverlayRecords {
  list(): readonly SkillLearningRecord[];
  decide(id: string, decision: 'accept' | 'reject', by: string): SkillLearningRecord;
  undo(id: string, by: string): SkillLearningRecord;
}

export interface LearnedDeps {
  readonly store: LearnedRecordStore;
  readonly clock: () => Date;
  readonly nameOf?: (memberId: string) => string | undefined;
  readonly overlays?: OverlayRecords;
  /** A record was added, decided or forgotten. */
  readonly changed?: () => void;
  /** Pipelines that are skills waiting for activation (`jarvis skill discover`): decided with their record. */
  readonly pipelineSkills?: PipelineSkills;
  /** The protocol's MemoryProposal behind a remembered fact: decided with its record, in the same transaction. */
  readonly factProposals?: FactProposals;
}

/** Where a fact's record stands after a member's decision on the Gelernt card (`gone`: forgotten). */
export type FactStanding = 'accepted' | 'proposed' | 'refused' | 'gone';

/** The protocol's proposal behind a fact: it follows every decision taken on the record. */
export interface FactProposals {
  /** Records in the protocol that member `by` brought the fact to `standing`; throwing undoes the decision. */
  decided(record: StoredLearned, standing: FactStanding, by: string): void;
}

/** The skill behind a pipeline record, when there is one: it is activated or rejected with the record. */
export interface PipelineSkills {
  /** True when the record stands for such a skill (and the decision went to it); may refuse. */
  decided(record: StoredLearned, decision: 'accept' | 'reject', by: string): boolean;
}

export interface LearnedProposal {
  readonly kind: 'fact' | 'pipeline';
  readonly content: string;
  readonly steps?: readonly string[];
  readonly source: 'assistant' | 'member';
  readonly fromMemberId?: string;
  /** null = the whole household. */
  readonly memberId: string | null;
}

/** How long a forget can be undone; after it the forgotten text is deleted for good. */
export const FORGET_UNDO_WINDOW_MS = 60 * 60 * 1000;

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

function overlayRecord(r: SkillLearningRecord): LearnedRecord | undefined {
  // An improvement taken back or refused is no longer on the list: it is forgotten.
  if (r.kind !== 'overlay' || r.undone || r.status === 'rejected') return undefined;
  return {
    id: r.learning_id,
    kind: 'overlay',
    content: `${r.skill_id}: ${r.change.description_after}`,
    source: 'optimizer',
    member_id: null,
    state: r.status,
    created_at: r.created_at,
    ...(r.decided_at ? { decided_at: r.decided_at } : {}),
    ...(r.decided_by ? { decided_by: r.decided_by } : {}),
  };
}

/**
 * The household's consent to everything the assistant learns. A record belongs to one member
 * (private to them and the admins) or to the whole household (decided by an admin). Only an
 * accepted record is used; a forgotten one is neither shown nor used until the forget is undone.
 */
export class LearnedRecords {
  constructor(private readonly d: LearnedDeps) {}

  /** A proposal, or the record already holding the same content for the same member. */
  propose(p: LearnedProposal): StoredLearned {
    const content = p.content.trim().replace(/\s+/g, ' ');
    const existing = this.d.store
      .list()
      .find((r) => r.kind === p.kind && r.member_id === p.memberId && same(r.content, content) && r.state !== 'refused');
    if (existing) return existing;
    const record: StoredLearned = {
      id: `lrd_${randomBytes(8).toString('hex')}`,
      kind: p.kind,
      content,
      ...(p.steps ? { steps: [...p.steps] } : {}),
      source: p.source,
      ...(p.fromMemberId ? { from_member_id: p.fromMemberId } : {}),
      member_id: p.memberId,
      state: 'proposed',
      created_at: this.d.clock().toISOString(),
    };
    this.d.store.insert(record);
    this.d.changed?.();
    return record;
  }

  /** What the viewer may see: their own, the household's; an admin everything. */
  list(viewer: LearnedViewer): LearnedListResponse {
    const overlays = (this.d.overlays?.list() ?? []).map(overlayRecord).filter((r): r is LearnedRecord => r !== undefined);
    const records = [...this.d.store.list(), ...overlays]
      .filter((r) => mayView(r, viewer))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((r) => this.named(r));
    return { records, may_decide_household: viewer.admin };
  }

  accept(id: string, viewer: LearnedViewer): LearnedRecord {
    const record = this.decidable(id, this.d.store.get(id), viewer);
    if (record.kind === 'overlay') {
      this.d.overlays!.decide(id, 'accept', viewer.memberId);
      this.d.changed?.();
      return this.named({ ...record, state: 'accepted' });
    }
    const at = this.d.clock().toISOString();
    const accepted = this.d.store.transaction(() => {
      if (!this.d.store.decide(id, 'accepted', viewer.memberId, at))
        throw new Refusal('conflict', 'LEARNED_DECIDED', 'This was already accepted.');
      const accepted = this.d.store.get(id)!;
      if (record.kind === 'pipeline') this.d.pipelineSkills?.decided(accepted, 'accept', viewer.memberId);
      if (record.kind === 'fact') this.d.factProposals?.decided(accepted, 'accepted', viewer.memberId);
      return accepted;
    });
    this.d.changed?.();
    return this.named(accepted);
  }

  /**
   * From now on the record is neither shown nor used. A fact or pipeline is marked forgotten
   * (by whom, when) and `restore` brings it back; an improvement is taken back through its own
   * undo record. True when the forget can be undone here.
   */
  forget(id: string, viewer: LearnedViewer): boolean {
    const stored = this.d.store.get(id);
    const record = this.decidable(id, stored, viewer);
    let undoable = false;
    this.purgeExpiredForgets();
    if (record.kind === 'overlay') {
      if (record.state === 'accepted') this.d.overlays!.undo(id, viewer.memberId);
      else this.d.overlays!.decide(id, 'reject', viewer.memberId);
    } else {
      undoable = this.d.store.transaction(() => {
        // A discovered pipeline's skill is rejected with it, for good: its forget cannot be undone.
        const skill = stored?.kind === 'pipeline' && this.d.pipelineSkills?.decided(stored, 'reject', viewer.memberId);
        if (!this.d.store.forget(id, viewer.memberId, this.d.clock().toISOString()))
          throw new Refusal('not_found', 'LEARNED_NOT_FOUND', 'This is no longer remembered.');
        if (stored?.kind === 'fact') this.d.factProposals?.decided(stored, 'gone', viewer.memberId);
        return !skill;
      });
    }
    this.d.changed?.();
    return undoable;
  }

  /** Undoes a forget: the record is back with every field as before, shown and (if accepted) used again. */
  restore(id: string, viewer: LearnedViewer): LearnedRecord {
    // Who may forget a record may bring it back; for anyone else it stays absent.
    this.purgeExpiredForgets();
    const forgotten = this.decidable(id, this.d.store.getForgotten(id), viewer);
    // Proposed again since the forget: the record already there stands, so the fact is not held twice.
    const again = forgotten.kind === 'overlay' ? undefined : this.find(forgotten.kind, forgotten.content, forgotten.member_id);
    if (again) {
      this.d.store.dropForgotten(id);
      this.d.changed?.();
      return this.named(again);
    }
    const restored = this.d.store.transaction(() => {
      if (!this.d.store.restore(id)) throw new Refusal('not_found', 'LEARNED_NOT_FORGOTTEN', 'This was not forgotten.');
      const restored = this.d.store.get(id)!;
      if (restored.kind === 'fact')
        this.d.factProposals?.decided(restored, restored.state === 'refused' ? 'gone' : restored.state, viewer.memberId);
      return restored;
    });
    this.d.changed?.();
    return this.named(this.d.store.get(id) ?? restored);
  }

  /**
   * The household decided the fact's protocol proposal there (its own routes): the record
   * shows the same decision. Runs inside the protocol's transaction; an undecided record only.
   * `memoryProposalId`: the fact's first proposal, the one the record names.
   */
  decidedInProtocol(memoryProposalId: string, state: 'accepted' | 'refused', by: string): void {
    const record = this.d.store.byMemoryProposal(memoryProposalId);
    if (!record || record.forgotten || record.state !== 'proposed') return;
    if (this.d.store.decide(record.id, state, by, this.d.clock().toISOString())) this.d.changed?.();
  }

  /** A fact and its protocol proposal written together, or neither. */
  together<T>(fn: () => T): T {
    return this.d.store.transaction(fn);
  }

  /** Names the protocol proposal the fact was first proposed with. */
  link(id: string, memoryProposalId: string): void {
    this.d.store.link(id, memoryProposalId);
  }

  /** Every MemoryProposal a fact's record names (forgotten ones too): those facts are decided here, for their member. */
  memoryProposalIds(): Set<string> {
    return new Set(
      this.d.store
        .facts()
        .map((r) => r.memory_proposal_id)
        .filter((id): id is string => id !== undefined),
    );
  }

  /** The accepted facts the assistant may use for this member: their own and the household's. */
  acceptedFacts(memberId: string | undefined): string[] {
    return this.accepted('fact', memberId).map((r) => r.content);
  }

  /** The accepted pipelines the assistant may offer this member. */
  acceptedPipelines(memberId: string | undefined): { readonly name: string; readonly steps: readonly string[] }[] {
    return this.accepted('pipeline', memberId).map((r) => ({ name: r.content, steps: r.steps ?? [] }));
  }

  /**
   * A decision taken elsewhere for the household's record with this content (a discovered
   * pipeline activated or rejected on the skills card): the record shows it too.
   */
  settle(kind: 'fact' | 'pipeline', content: string, state: 'accepted' | 'refused', by: string): void {
    const record = this.find(kind, content, null);
    if (record?.state === 'proposed' && this.d.store.decide(record.id, state, by, this.d.clock().toISOString())) this.d.changed?.();
  }

  /** The member's record with this content, in any state. */
  find(kind: 'fact' | 'pipeline', content: string, memberId: string | null): StoredLearned | undefined {
    return this.d.store.list().find((r) => r.kind === kind && r.member_id === memberId && same(r.content, content));
  }

  private accepted(kind: 'fact' | 'pipeline', memberId: string | undefined): StoredLearned[] {
    return this.d.store
      .list()
      .filter((r) => r.kind === kind && r.state === 'accepted' && (r.member_id === null || r.member_id === memberId))
      .reverse();
  }

  private purgeExpiredForgets(): void {
    this.d.store.purgeForgottenBefore(new Date(this.d.clock().getTime() - FORGET_UNDO_WINDOW_MS).toISOString());
  }

  /** A record someone else may not see is absent for them; one they see but may not decide is refused. */
  private decidable(id: string, stored: StoredLearned | undefined, viewer: LearnedViewer): LearnedRecord {
    const record =
      stored ??
      (this.d.overlays?.list() ?? [])
        .filter((r) => r.learning_id === id)
        .map(overlayRecord)
        .find((r) => r !== undefined);
    if (!record || !mayView(record, viewer)) throw new Refusal('not_found', 'LEARNED_NOT_FOUND', 'This is no longer remembered.');
    if (record.member_id === null && !viewer.admin)
      throw new Refusal(
        'forbidden',
        'LEARNED_HOUSEHOLD_ONLY_ADMIN',
        'Only an admin of the household decides what the whole household learns.',
      );
    if (record.kind === 'overlay' && !viewer.onDesktop)
      throw new Refusal('forbidden', 'LOOPBACK_ONLY', 'Skill improvements are decided on the computer JARVIS runs on.');
    return record;
  }

  private named(r: LearnedRecord): LearnedRecord {
    const name = r.member_id ? this.d.nameOf?.(r.member_id) : undefined;
    return name ? { ...r, member_name: name } : r;
  }
}

/** A member's record is private to them and the admins; the household's is seen by all. */
export function mayView(r: Pick<LearnedRecord, 'member_id'>, viewer: LearnedViewer): boolean {
  return r.member_id === null || r.member_id === viewer.memberId || viewer.admin;
}
