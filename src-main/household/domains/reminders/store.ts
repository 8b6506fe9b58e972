import type { Db } from '../../../platform/database/database';
import type { ReminderRecord } from '../../store/records';

interface Row {
  id: string;
  text: string;
  at_ms: number;
  source: ReminderRecord['source'];
  event_id: string | null;
  fired_ms: number | null;
  created_ms: number;
  occurrence_ms: number | null;
  assignee: string | null;
}

const fromRow = (r: Row): ReminderRecord => ({
  id: r.id,
  text: r.text,
  atMs: r.at_ms,
  source: r.source,
  eventId: r.event_id,
  firedMs: r.fired_ms,
  createdMs: r.created_ms,
  occurrenceMs: r.occurrence_ms,
  assignee: r.assignee,
});

export class ReminderRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly byEventStmt;
  private readonly pendingStmt;
  private readonly sinceStmt;
  private readonly dueStmt;
  private readonly leadStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_reminders (id, text, at_ms, source, event_id, fired_ms, created_ms, occurrence_ms, assignee) VALUES (@id, @text, @atMs, @source, @eventId, @firedMs, @createdMs, @occurrenceMs, @assignee)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_reminders SET text = @text, at_ms = @atMs, fired_ms = @firedMs, assignee = @assignee WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_reminders WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_reminders WHERE id = ?');
    // An event's lead is start - at; for a series' reminder the occurrence's start.
    this.leadStmt = db.prepare<[], { event_id: string; lead_ms: number }>(
      `SELECT r.event_id AS event_id, COALESCE(r.occurrence_ms, e.start_ms) - r.at_ms AS lead_ms FROM household_reminders r
       JOIN household_events e ON e.id = r.event_id WHERE r.source = 'event' ORDER BY r.event_id, r.at_ms`,
    );
    this.byEventStmt = db.prepare<[string], Row>('SELECT * FROM household_reminders WHERE event_id = ? ORDER BY at_ms, id');
    this.pendingStmt = db.prepare<[], Row>('SELECT * FROM household_reminders WHERE fired_ms IS NULL ORDER BY at_ms, id');
    this.sinceStmt = db.prepare<[number], Row>(
      'SELECT * FROM household_reminders WHERE fired_ms IS NULL OR fired_ms >= ? ORDER BY at_ms, id',
    );
    this.dueStmt = db.prepare<[number], Row>('SELECT * FROM household_reminders WHERE fired_ms IS NULL AND at_ms <= ? ORDER BY at_ms, id');
  }

  insert(r: ReminderRecord): void {
    this.insertStmt.run({ ...r, occurrenceMs: r.occurrenceMs ?? null, assignee: r.assignee ?? null });
  }

  update(r: ReminderRecord): void {
    this.updateStmt.run({ id: r.id, text: r.text, atMs: r.atMs, firedMs: r.firedMs, assignee: r.assignee ?? null });
  }

  get(id: string): ReminderRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  /** Per event, how long before its start (or its occurrence's) its first reminder is, in ms. */
  eventLeads(): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.leadStmt.all()) if (!out.has(r.event_id)) out.set(r.event_id, r.lead_ms);
    return out;
  }

  forEvent(eventId: string): ReminderRecord[] {
    return this.byEventStmt.all(eventId).map(fromRow);
  }

  pending(): ReminderRecord[] {
    return this.pendingStmt.all().map(fromRow);
  }

  /** Pending reminders plus those fired at or after `sinceMs`. */
  pendingOrFiredSince(sinceMs: number): ReminderRecord[] {
    return this.sinceStmt.all(sinceMs).map(fromRow);
  }

  /** Not yet fired and due at or before `nowMs`. */
  due(nowMs: number): ReminderRecord[] {
    return this.dueStmt.all(nowMs).map(fromRow);
  }
}
