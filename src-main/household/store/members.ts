import type { AssignedCounts, MemberLanguage, MemberRole } from '../../../src-shared';
import type { Db } from '../../platform/database/database';

export interface MemberRecord {
  id: string;
  name: string;
  color: string;
  initial: string;
  language: MemberLanguage;
  role: MemberRole;
  isDesktop: boolean;
  createdMs: number;
}

interface Row {
  id: string;
  name: string;
  color: string;
  initial: string;
  language: MemberLanguage;
  role: MemberRole;
  is_desktop: number;
  created_ms: number;
}

const fromRow = (r: Row): MemberRecord => ({
  id: r.id,
  name: r.name,
  color: r.color,
  initial: r.initial,
  language: r.language,
  role: r.role,
  isDesktop: r.is_desktop === 1,
  createdMs: r.created_ms,
});

const toParams = (m: MemberRecord) => ({ ...m, isAdmin: m.role === 'admin' ? 1 : 0, isDesktop: m.isDesktop ? 1 : 0 });

const ASSIGNED_TABLES = {
  tasks: 'household_tasks',
  events: 'household_events',
  reminders: 'household_reminders',
  kanban: 'household_kanban',
} as const;

export class MemberRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly byNameStmt;
  private readonly desktopStmt;
  private readonly deleteStmt;
  private readonly markDesktopStmt;
  private readonly allStmt;
  private readonly countStmts;
  private readonly unassignStmts;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_members (id, name, color, initial, language, role, is_admin, is_desktop, created_ms) VALUES (@id, @name, @color, @initial, @language, @role, @isAdmin, @isDesktop, @createdMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_members SET name = @name, color = @color, initial = @initial, language = @language, role = @role, is_admin = @isAdmin WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_members WHERE id = ?');
    this.byNameStmt = db.prepare<[string], Row>('SELECT * FROM household_members WHERE name = ? COLLATE NOCASE');
    this.desktopStmt = db.prepare<[], Row>('SELECT * FROM household_members WHERE is_desktop = 1');
    this.deleteStmt = db.prepare('DELETE FROM household_members WHERE id = ?');
    this.markDesktopStmt = db.prepare("UPDATE household_members SET is_desktop = 1, is_admin = 1, role = 'admin' WHERE id = ?");
    // The desktop member first, then in the order they joined.
    this.allStmt = db.prepare<[], Row>('SELECT * FROM household_members ORDER BY is_desktop DESC, created_ms, rowid');
    const entries = Object.entries(ASSIGNED_TABLES) as [keyof AssignedCounts, string][];
    this.countStmts = entries.map(
      ([key, table]) => [key, db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE assignee = ?`)] as const,
    );
    this.unassignStmts = entries.map(([, table]) => db.prepare(`UPDATE ${table} SET assignee = NULL WHERE assignee = ?`));
  }

  insert(m: MemberRecord): void {
    this.insertStmt.run(toParams(m));
  }

  update(m: MemberRecord): void {
    this.updateStmt.run(toParams(m));
  }

  get(id: string): MemberRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  /** By name, ignoring case. */
  byName(name: string): MemberRecord | undefined {
    const r = this.byNameStmt.get(name);
    return r && fromRow(r);
  }

  desktop(): MemberRecord | undefined {
    const r = this.desktopStmt.get();
    return r && fromRow(r);
  }

  markDesktop(id: string): void {
    this.markDesktopStmt.run(id);
  }

  all(): MemberRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  /** How many tasks, events, reminders and cards name this member. */
  assignedCounts(id: string): AssignedCounts {
    return Object.fromEntries(this.countStmts.map(([key, stmt]) => [key, stmt.get(id)!.n])) as unknown as AssignedCounts;
  }

  /** Items of this member become everyone's. */
  unassign(id: string): void {
    for (const stmt of this.unassignStmts) stmt.run(id);
  }
}
