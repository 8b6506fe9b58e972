/**
 * One LearningRecord of the household: a remembered fact, a proposed sequence of tool calls
 * (a pipeline) or a skill improvement (an overlay). Nothing in it is used before the member it
 * belongs to (or an admin, for the whole household) accepted it.
 */
export type LearnedKind = 'fact' | 'pipeline' | 'overlay';
export type LearnedState = 'proposed' | 'accepted' | 'refused';

export interface LearnedRecord {
  readonly id: string;
  readonly kind: LearnedKind;
  /** In plain words: the fact, the pipeline's name, or what the improvement changes. */
  readonly content: string;
  /** A pipeline's tool calls in order. */
  readonly steps?: readonly string[];
  /** Who it came from: the assistant in a chat, a member, or the skill optimizer. */
  readonly source: 'assistant' | 'member' | 'optimizer';
  /** The member whose request it came from. */
  readonly from_member_id?: string;
  /** The member it belongs to; null = the whole household. */
  readonly member_id: string | null;
  readonly member_name?: string;
  readonly state: LearnedState;
  readonly created_at: string;
  readonly decided_at?: string;
  readonly decided_by?: string;
  /**
   * A remembered fact: the protocol MemoryProposal it was proposed with (`GET
   * /api/protocol/memory-proposals`). Deciding either decides both; a later forget or restore
   * is a new proposal that `follows` it.
   */
  readonly memory_proposal_id?: string;
}

/** `GET /api/learned`: the viewer's own records and the household's; an admin sees all. */
export interface LearnedListResponse {
  readonly records: readonly LearnedRecord[];
  /** The viewer may accept and forget what belongs to the whole household. */
  readonly may_decide_household: boolean;
}

/** `POST /api/learned/{id}/accept`. */
export interface LearnedAcceptResponse {
  readonly record: LearnedRecord;
}

/** `DELETE /api/learned/{id}`: the record is no longer shown or used. */
export interface LearnedForgetResponse {
  readonly forgotten: string;
  /** A forgotten fact or pipeline comes back with `POST /api/learned/{id}/restore`; an improvement does not. */
  readonly undoable: boolean;
}

/** `POST /api/learned/{id}/restore`: the forgotten record is back as it was before. */
export interface LearnedRestoreResponse {
  readonly record: LearnedRecord;
}
