import type { Db } from '../../../platform/database/database';
import type { CardRecord } from '../../store/records';

interface Row {
  id: string;
  title: string;
  column_name: CardRecord['column'];
  position: number;
  task_id: string | null;
  manual_override: number;
  created_ms: number;
  updated_ms: number;
  assignee: string | null;
}

const fromRow = (r: Row): CardRecord => ({
  id: r.id,
  title: r.title,
  column: r.column_name,
  position: r.position,
  taskId: r.task_id,
  manualOverride: r.manual_override === 1,
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
  assignee: r.assignee,
});

const toParams = (c: CardRecord) => ({ ...c, manualOverride: c.manualOverride ? 1 : 0, assignee: c.assignee ?? null });

/** The list in the order screens show it; `first` takes its head. */
const LISTED =
  "SELECT * FROM household_kanban ORDER BY CASE column_name WHEN 'BACKLOG' THEN 0 WHEN 'TODO' THEN 1 WHEN 'DOING' THEN 2 ELSE 3 END, position, id";

export class KanbanRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly byTaskStmt;
  private readonly deleteStmt;
  private readonly allStmt;
  private readonly firstStmt;
  private readonly totalStmt;
  private readonly columnStmt;
  private readonly setPositionStmt;
  private readonly countStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_kanban (id, title, column_name, position, task_id, manual_override, created_ms, updated_ms, assignee) VALUES (@id, @title, @column, @position, @taskId, @manualOverride, @createdMs, @updatedMs, @assignee)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_kanban SET title = @title, column_name = @column, position = @position, task_id = @taskId, manual_override = @manualOverride, updated_ms = @updatedMs, assignee = @assignee WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_kanban WHERE id = ?');
    this.byTaskStmt = db.prepare<[string], Row>('SELECT * FROM household_kanban WHERE task_id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_kanban WHERE id = ?');
    this.allStmt = db.prepare<[], Row>(LISTED);
    this.firstStmt = db.prepare<[number], Row>(`${LISTED} LIMIT ?`);
    this.totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM household_kanban');
    this.columnStmt = db.prepare<[string], Row>('SELECT * FROM household_kanban WHERE column_name = ? ORDER BY position, id');
    this.countStmt = db.prepare<[string], { n: number | null }>(
      'SELECT MAX(position) + 1 AS n FROM household_kanban WHERE column_name = ?',
    );
    this.setPositionStmt = db.prepare('UPDATE household_kanban SET position = ? WHERE id = ?');
  }

  insert(c: CardRecord): void {
    this.insertStmt.run(toParams(c));
  }

  update(c: CardRecord): void {
    this.updateStmt.run(toParams(c));
  }

  get(id: string): CardRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  forTask(taskId: string): CardRecord | undefined {
    const r = this.byTaskStmt.get(taskId);
    return r && fromRow(r);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  all(): CardRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  /** The first `limit` in the order of all(), for views that show a bounded list. */
  first(limit: number): CardRecord[] {
    return this.firstStmt.all(limit).map(fromRow);
  }

  total(): number {
    return this.totalStmt.get()!.n;
  }

  inColumn(column: CardRecord['column']): CardRecord[] {
    return this.columnStmt.all(column).map(fromRow);
  }

  /** Cards in a column. Positions are dense, so this is the last position + 1 (an index seek). */
  count(column: CardRecord['column']): number {
    return this.countStmt.get(column)?.n ?? 0;
  }

  setPosition(id: string, position: number): void {
    this.setPositionStmt.run(position, id);
  }
}
