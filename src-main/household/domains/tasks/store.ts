import type { Db } from '../../../platform/database/database';
import type { TaskRecord } from '../../store/records';

interface Row {
  id: string;
  title: string;
  notes: string;
  due_ms: number | null;
  priority: TaskRecord['priority'];
  status: TaskRecord['status'];
  tags: string;
  created_ms: number;
  updated_ms: number;
  ics_uid: string | null;
  assignee: string | null;
  rrule: string | null;
  series_id: string | null;
}

const fromRow = (r: Row): TaskRecord => ({
  id: r.id,
  title: r.title,
  notes: r.notes,
  dueMs: r.due_ms,
  priority: r.priority,
  status: r.status,
  tags: JSON.parse(r.tags) as string[],
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
  icsUid: r.ics_uid,
  assignee: r.assignee,
  rrule: r.rrule,
  seriesId: r.series_id,
});

const toParams = (t: TaskRecord) => ({
  ...t,
  tags: JSON.stringify(t.tags),
  icsUid: t.icsUid ?? null,
  assignee: t.assignee ?? null,
  rrule: t.rrule ?? null,
  seriesId: t.seriesId ?? null,
});

/** The list in the order screens show it; `first` takes its head. */
const LISTED = "SELECT * FROM household_tasks ORDER BY status = 'done', due_ms IS NULL, due_ms, created_ms, rowid";

export class TaskRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly allStmt;
  private readonly firstStmt;
  private readonly totalStmt;
  private readonly byUidStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_tasks (id, title, notes, due_ms, priority, status, tags, created_ms, updated_ms, ics_uid, assignee, rrule, series_id) VALUES (@id, @title, @notes, @dueMs, @priority, @status, @tags, @createdMs, @updatedMs, @icsUid, @assignee, @rrule, @seriesId)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_tasks SET title = @title, notes = @notes, due_ms = @dueMs, priority = @priority, status = @status, tags = @tags, updated_ms = @updatedMs, assignee = @assignee, rrule = @rrule, series_id = @seriesId WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_tasks WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_tasks WHERE id = ?');
    this.byUidStmt = db.prepare<[string], Row>('SELECT * FROM household_tasks WHERE ics_uid = ?');
    // Open work first, then by due date (undated last), then oldest first.
    this.allStmt = db.prepare<[], Row>(LISTED);
    this.firstStmt = db.prepare<[number], Row>(`${LISTED} LIMIT ?`);
    this.totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM household_tasks');
  }

  insert(t: TaskRecord): void {
    this.insertStmt.run(toParams(t));
  }

  update(t: TaskRecord): void {
    this.updateStmt.run(toParams(t));
  }

  get(id: string): TaskRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  byIcsUid(uid: string): TaskRecord | undefined {
    const r = this.byUidStmt.get(uid);
    return r && fromRow(r);
  }

  all(): TaskRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  /** The first `limit` in the order of all(), for views that show a bounded list. */
  first(limit: number): TaskRecord[] {
    return this.firstStmt.all(limit).map(fromRow);
  }

  total(): number {
    return this.totalStmt.get()!.n;
  }
}
