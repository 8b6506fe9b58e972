import type { Db } from '../../platform/database/database';
import type { EventRecord } from './records';

interface Row {
  id: string;
  title: string;
  start_ms: number;
  end_ms: number;
  all_day: number;
  location: string;
  notes: string;
  ics_uid: string | null;
  created_ms: number;
  updated_ms: number;
}

const fromRow = (r: Row): EventRecord => ({
  id: r.id,
  title: r.title,
  startMs: r.start_ms,
  endMs: r.end_ms,
  allDay: r.all_day === 1,
  location: r.location,
  notes: r.notes,
  icsUid: r.ics_uid,
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});

/** The range query's columns, in this order: rows come back as arrays (see `overlapping`). */
const RANGE_COLUMNS = 'id, title, start_ms, end_ms, all_day, location, notes, ics_uid, created_ms, updated_ms';
type RangeRow = [string, string, number, number, number, string, string, string | null, number, number];

const fromRangeRow = (r: RangeRow): EventRecord => ({
  id: r[0],
  title: r[1],
  startMs: r[2],
  endMs: r[3],
  allDay: r[4] === 1,
  location: r[5],
  notes: r[6],
  icsUid: r[7],
  createdMs: r[8],
  updatedMs: r[9],
});

export class EventRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly byUidStmt;
  private readonly allStmt;
  private readonly maxDurationStmt;
  private readonly rangeStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, location, notes, ics_uid, created_ms, updated_ms) VALUES (@id, @title, @startMs, @endMs, @durationMs, @allDay, @location, @notes, @icsUid, @createdMs, @updatedMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_events SET title = @title, start_ms = @startMs, end_ms = @endMs, duration_ms = @durationMs, all_day = @allDay, location = @location, notes = @notes, ics_uid = @icsUid, updated_ms = @updatedMs WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_events WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_events WHERE id = ?');
    this.byUidStmt = db.prepare<[string], Row>('SELECT * FROM household_events WHERE ics_uid = ?');
    this.allStmt = db.prepare<[], Row>('SELECT * FROM household_events ORDER BY start_ms, id');
    this.maxDurationStmt = db.prepare<[], { d: number | null }>('SELECT MAX(duration_ms) AS d FROM household_events');
    // Raw arrays: better-sqlite3 builds a keyed object per row at about twice the cost of
    // an array, and a week of a busy calendar is hundreds of rows we map anyway.
    this.rangeStmt = db
      .prepare<[number, number, number], RangeRow>(
        `SELECT ${RANGE_COLUMNS} FROM household_events WHERE start_ms >= ? AND start_ms < ? AND end_ms > ? ORDER BY start_ms`,
      )
      .raw(true);
  }

  insert(e: EventRecord): void {
    this.insertStmt.run({ ...e, durationMs: e.endMs - e.startMs, allDay: e.allDay ? 1 : 0 });
  }

  update(e: EventRecord): void {
    this.updateStmt.run({ ...e, durationMs: e.endMs - e.startMs, allDay: e.allDay ? 1 : 0 });
  }

  get(id: string): EventRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  byIcsUid(uid: string): EventRecord | undefined {
    const r = this.byUidStmt.get(uid);
    return r && fromRow(r);
  }

  all(): EventRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  /** Events overlapping [fromMs, toMs), by start. Uses the start index only. */
  overlapping(fromMs: number, toMs: number): EventRecord[] {
    const longest = this.maxDurationStmt.get()?.d ?? 0;
    // An event that overlaps the window starts at most `longest` before it.
    return this.rangeStmt.all(fromMs - longest, toMs, fromMs).map(fromRangeRow);
  }
}
