import type { LearnedRecord } from '../../../src-shared';
import type { Db } from '../../platform/database/database';
import { applyMigrations } from '../../platform/database/migrations';
import { SKILL_LEARNING_MIGRATIONS } from './learning-migrations';
import { SKILL_LEARNING_COMPONENT } from './learning-records';

interface Row {
  id: string;
  kind: 'fact' | 'pipeline';
  content: string;
  steps_json: string | null;
  source: 'assistant' | 'member';
  from_member_id: string | null;
  member_id: string | null;
  state: 'proposed' | 'accepted' | 'refused';
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  forgotten_at: string | null;
  forgotten_by: string | null;
  memory_proposal_id: string | null;
}

/** A fact or pipeline as stored; overlays keep their own records beside the skills. */
export type StoredLearned = LearnedRecord & { readonly kind: 'fact' | 'pipeline'; readonly source: 'assistant' | 'member' };

/**
 * The household's learnt facts and pipelines: proposed, decided once. Forgetting marks a record
 * (who, when) rather than deleting it, so that the forget can be undone; a forgotten record is
 * absent from `get` and `list`, hence neither shown nor used.
 */
export class LearnedRecordStore {
  constructor(private readonly db: Db) {
    applyMigrations(db, SKILL_LEARNING_COMPONENT, SKILL_LEARNING_MIGRATIONS);
  }

  insert(record: StoredLearned): void {
    this.db
      .prepare(
        `INSERT INTO learned_records
          (id, kind, content, steps_json, source, from_member_id, member_id, state, created_at, decided_at, decided_by, memory_proposal_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        record.id,
        record.kind,
        record.content,
        record.steps ? JSON.stringify(record.steps) : null,
        record.source,
        record.from_member_id ?? null,
        record.member_id,
        record.state,
        record.created_at,
        record.decided_at ?? null,
        record.decided_by ?? null,
        record.memory_proposal_id ?? null,
      );
  }

  /** Names the protocol MemoryProposal that now stands for the fact (a forgotten record too). */
  link(id: string, memoryProposalId: string): void {
    this.db.prepare('UPDATE learned_records SET memory_proposal_id = ? WHERE id = ?').run(memoryProposalId, id);
  }

  /** The record a MemoryProposal stands for, whether forgotten or not. */
  byMemoryProposal(memoryProposalId: string): (StoredLearned & { readonly forgotten: boolean }) | undefined {
    const row = this.db.prepare('SELECT * FROM learned_records WHERE memory_proposal_id = ?').get(memoryProposalId) as Row | undefined;
    return row ? { ...fromRow(row), forgotten: row.forgotten_at !== null } : undefined;
  }

  /** Every fact, forgotten or not, with whether it is: what is linked to the protocol and what still needs a link. */
  facts(): (StoredLearned & { readonly forgotten: boolean; readonly forgotten_by?: string })[] {
    return (this.db.prepare(`SELECT * FROM learned_records WHERE kind = 'fact' ORDER BY created_at, rowid`).all() as Row[]).map((row) => ({
      ...fromRow(row),
      forgotten: row.forgotten_at !== null,
      ...(row.forgotten_by ? { forgotten_by: row.forgotten_by } : {}),
    }));
  }

  /** Runs `fn` in one transaction of the shared database (a record and the protocol's proposal change together). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  get(id: string): StoredLearned | undefined {
    const row = this.db.prepare('SELECT * FROM learned_records WHERE id = ? AND forgotten_at IS NULL').get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** A forgotten record, as it was before it was forgotten. */
  getForgotten(id: string): StoredLearned | undefined {
    const row = this.db.prepare('SELECT * FROM learned_records WHERE id = ? AND forgotten_at IS NOT NULL').get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** Every record not forgotten, newest first. */
  list(): StoredLearned[] {
    return (
      this.db.prepare('SELECT * FROM learned_records WHERE forgotten_at IS NULL ORDER BY created_at DESC, rowid DESC').all() as Row[]
    ).map(fromRow);
  }

  /** Decides a proposed record; false when it was no longer proposed (or is gone). */
  decide(id: string, state: 'accepted' | 'refused', by: string, at: string): boolean {
    return (
      this.db
        .prepare(`UPDATE learned_records SET state = ?, decided_by = ?, decided_at = ? WHERE id = ? AND state = 'proposed'`)
        .run(state, by, at, id).changes === 1
    );
  }

  /** Marks the record forgotten by `by` at `at`; false when there was no such record or it was already forgotten. */
  forget(id: string, by: string, at: string): boolean {
    return (
      this.db.prepare('UPDATE learned_records SET forgotten_at = ?, forgotten_by = ? WHERE id = ? AND forgotten_at IS NULL').run(at, by, id)
        .changes === 1
    );
  }

  /** Deletes for good what was forgotten before `cutoff`: past the undo window the text is not kept. */
  purgeForgottenBefore(cutoff: string): number {
    return this.db.prepare('DELETE FROM learned_records WHERE forgotten_at IS NOT NULL AND forgotten_at < ?').run(cutoff).changes;
  }

  /** Deletes a forgotten record for good; false when it was not forgotten. */
  dropForgotten(id: string): boolean {
    return this.db.prepare('DELETE FROM learned_records WHERE id = ? AND forgotten_at IS NOT NULL').run(id).changes === 1;
  }

  /** Undoes a forget: every other field is untouched, so the record is back as it was. False when it was not forgotten. */
  restore(id: string): boolean {
    return (
      this.db
        .prepare('UPDATE learned_records SET forgotten_at = NULL, forgotten_by = NULL WHERE id = ? AND forgotten_at IS NOT NULL')
        .run(id).changes === 1
    );
  }
}

function fromRow(row: Row): StoredLearned {
  return {
    id: row.id,
    kind: row.kind,
    content: row.content,
    ...(row.steps_json ? { steps: JSON.parse(row.steps_json) as string[] } : {}),
    source: row.source,
    ...(row.from_member_id ? { from_member_id: row.from_member_id } : {}),
    member_id: row.member_id,
    state: row.state,
    created_at: row.created_at,
    ...(row.decided_at ? { decided_at: row.decided_at } : {}),
    ...(row.decided_by ? { decided_by: row.decided_by } : {}),
    ...(row.memory_proposal_id ? { memory_proposal_id: row.memory_proposal_id } : {}),
  };
}
