import type { SkillLearningChange, SkillLearningEvidence, SkillLearningRecord } from '../../../src-shared';
import type { Db } from '../../platform/database/database';
import { applyMigrations } from '../../platform/database/migrations';
import { SKILL_LEARNING_MIGRATIONS } from './learning-migrations';

export const SKILL_LEARNING_COMPONENT = 'skill_learning';

interface Row {
  learning_id: string;
  kind: 'overlay' | 'undo';
  skill_id: string;
  overlay_sha256: string;
  change_json: string;
  evidence_json: string;
  status: 'proposed' | 'accepted' | 'rejected';
  undoes: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export interface NewLearningRecord {
  readonly learning_id: string;
  readonly kind: 'overlay' | 'undo';
  readonly skill_id: string;
  readonly overlay_sha256: string;
  readonly change: SkillLearningChange;
  readonly evidence: SkillLearningEvidence;
  readonly status: 'proposed' | 'accepted';
  readonly undoes?: string;
  readonly created_at: string;
  readonly decided_at?: string;
  readonly decided_by?: string;
}

/** The skills' LearningRecords: rows are added and decided once, never deleted. */
export class LearningRecordStore {
  constructor(private readonly db: Db) {
    applyMigrations(db, SKILL_LEARNING_COMPONENT, SKILL_LEARNING_MIGRATIONS);
  }

  insert(record: NewLearningRecord): void {
    this.db
      .prepare(
        `INSERT INTO skill_learning_records
          (learning_id, kind, skill_id, overlay_sha256, change_json, evidence_json, status, undoes, created_at, decided_at, decided_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        record.learning_id,
        record.kind,
        record.skill_id,
        record.overlay_sha256,
        JSON.stringify(record.change),
        JSON.stringify(record.evidence),
        record.status,
        record.undoes ?? null,
        record.created_at,
        record.decided_at ?? null,
        record.decided_by ?? null,
      );
  }

  /** Decides a proposed record; false when it was no longer proposed. */
  decide(learningId: string, status: 'accepted' | 'rejected', by: string, at: string): boolean {
    const changed = this.db
      .prepare(`UPDATE skill_learning_records SET status = ?, decided_by = ?, decided_at = ? WHERE learning_id = ? AND status = 'proposed'`)
      .run(status, by, at, learningId);
    return changed.changes === 1;
  }

  get(learningId: string): SkillLearningRecord | undefined {
    const row = this.db.prepare('SELECT * FROM skill_learning_records WHERE learning_id = ?').get(learningId) as Row | undefined;
    return row ? this.withUndone([fromRow(row)])[0] : undefined;
  }

  /** Every record, newest first; an accepted improvement says whether an undo took it back. */
  list(): SkillLearningRecord[] {
    const rows = this.db.prepare('SELECT * FROM skill_learning_records ORDER BY created_at DESC, rowid DESC').all() as Row[];
    return this.withUndone(rows.map(fromRow));
  }

  /** The records about one overlay file's content, newest first. */
  forOverlay(skillId: string, sha256: string): SkillLearningRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM skill_learning_records WHERE skill_id = ? AND overlay_sha256 = ? AND kind = 'overlay' ORDER BY created_at DESC, rowid DESC`,
      )
      .all(skillId, sha256) as Row[];
    return this.withUndone(rows.map(fromRow));
  }

  private withUndone(records: SkillLearningRecord[]): SkillLearningRecord[] {
    const undone = new Set(
      (
        this.db.prepare(`SELECT undoes FROM skill_learning_records WHERE kind = 'undo' AND status = 'accepted'`).all() as {
          undoes: string;
        }[]
      ).map((r) => r.undoes),
    );
    return records.map((r) => (r.kind === 'overlay' && r.status === 'accepted' && undone.has(r.learning_id) ? { ...r, undone: true } : r));
  }
}

function fromRow(row: Row): SkillLearningRecord {
  return {
    learning_id: row.learning_id,
    kind: row.kind,
    skill_id: row.skill_id,
    overlay_sha256: row.overlay_sha256,
    change: JSON.parse(row.change_json) as SkillLearningChange,
    evidence: JSON.parse(row.evidence_json) as SkillLearningEvidence,
    status: row.status,
    ...(row.undoes ? { undoes: row.undoes } : {}),
    created_at: row.created_at,
    ...(row.decided_at ? { decided_at: row.decided_at } : {}),
    ...(row.decided_by ? { decided_by: row.decided_by } : {}),
  };
}
