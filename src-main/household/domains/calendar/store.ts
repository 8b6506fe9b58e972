import type { Db } from '../../../platform/database/database';
import type { EventRecord, OverrideRecord } from '../../store/records';
import { assigneesOfRecord } from '../../store/records';

/** The columns every event query reads, in this order: rows come back as arrays (see `overlapping`). */
const COLUMNS =
  'id, title, start_ms, end_ms, all_day, location, notes, ics_uid, created_ms, updated_ms, rrule, exdates, tzid, series_end_ms, reminded_through_ms, assignee, ' +
  // Everyone the event is for, in order, as one comma-separated column (member ids hold no comma).
  '(SELECT group_concat(member_id) FROM (SELECT member_id FROM household_event_assignees a WHERE a.event_id = household_events.id ORDER BY position)) AS assignees, reminder_minutes';
type EventRow = [
  string,
  string,
  number,
  number,
  number,
  string,
  string,
  string | null,
  number,
  number,
  string | null,
  string,
  string | null,
  number | null,
  number | null,
  string | null,
  string | null,
  number | null,
];

const NO_ASSIGNEES: readonly string[] = [];
const NO_EXDATES: number[] = [];

const fromRow = (r: EventRow): EventRecord => ({
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
  rrule: r[10],
  // One-off events (nearly every row) skip JSON.parse: the range query maps hundreds of them.
  exdates: r[11] === '[]' ? NO_EXDATES : (JSON.parse(r[11]) as number[]),
  tzid: r[12],
  seriesEndMs: r[13],
  remindedThroughMs: r[14],
  // The list is the truth: a removed first member leaves the others.
  assignee: r[16] ? r[16].split(',')[0]! : null,
  assignees: r[16] ? r[16].split(',') : NO_ASSIGNEES,
  // Only an event with its own lead carries one (most keep the household's 30 minutes).
  ...(r[17] === null ? {} : { reminderMinutes: r[17] }),
});

const toParams = (e: EventRecord) => ({
  id: e.id,
  title: e.title,
  startMs: e.startMs,
  endMs: e.endMs,
  durationMs: e.endMs - e.startMs,
  allDay: e.allDay ? 1 : 0,
  location: e.location,
  notes: e.notes,
  icsUid: e.icsUid,
  createdMs: e.createdMs,
  updatedMs: e.updatedMs,
  rrule: e.rrule,
  exdates: e.exdates.length === 0 ? '[]' : JSON.stringify([...e.exdates].sort((a, b) => a - b)),
  tzid: e.tzid,
  seriesEndMs: e.seriesEndMs,
  remindedThroughMs: e.remindedThroughMs,
  assignee: assigneesOfRecord(e)[0] ?? null,
  reminderMinutes: e.reminderMinutes ?? null,
});

type OverrideRow = [string, number, string, number, number, number, string, string, number];
const OVERRIDE_COLUMNS = 'event_id, occurrence_ms, title, start_ms, end_ms, all_day, location, notes, updated_ms';
const fromOverrideRow = (r: OverrideRow): OverrideRecord => ({
  eventId: r[0],
  occurrenceMs: r[1],
  title: r[2],
  startMs: r[3],
  endMs: r[4],
  allDay: r[5] === 1,
  location: r[6],
  notes: r[7],
  updatedMs: r[8],
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
  private readonly seriesStmt;
  private readonly remindableSeriesStmt;
  private readonly overridesOfStmt;
  private readonly overridesInStmt;
  private readonly putOverrideStmt;
  private readonly deleteOverrideStmt;
  private readonly maxOverrideDurationStmt;
  private readonly uidPrefixStmt;
  private readonly overriddenInStmt;
  private readonly allOverridesStmt;
  private readonly clearAssigneesStmt;
  private readonly addAssigneeStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_events (id, title, start_ms, end_ms, duration_ms, all_day, location, notes, ics_uid, created_ms, updated_ms, rrule, exdates, tzid, series_end_ms, reminded_through_ms, assignee, reminder_minutes) VALUES (@id, @title, @startMs, @endMs, @durationMs, @allDay, @location, @notes, @icsUid, @createdMs, @updatedMs, @rrule, @exdates, @tzid, @seriesEndMs, @remindedThroughMs, @assignee, @reminderMinutes)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_events SET title = @title, start_ms = @startMs, end_ms = @endMs, duration_ms = @durationMs, all_day = @allDay, location = @location, notes = @notes, ics_uid = @icsUid, updated_ms = @updatedMs, rrule = @rrule, exdates = @exdates, tzid = @tzid, series_end_ms = @seriesEndMs, reminded_through_ms = @remindedThroughMs, assignee = @assignee, reminder_minutes = @reminderMinutes WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], EventRow>(`SELECT ${COLUMNS} FROM household_events WHERE id = ?`).raw(true);
    this.deleteStmt = db.prepare('DELETE FROM household_events WHERE id = ?');
    this.byUidStmt = db.prepare<[string], EventRow>(`SELECT ${COLUMNS} FROM household_events WHERE ics_uid = ?`).raw(true);
    this.allStmt = db.prepare<[], EventRow>(`SELECT ${COLUMNS} FROM household_events ORDER BY start_ms, id`).raw(true);
    this.maxDurationStmt = db.prepare<[], { d: number | null }>('SELECT MAX(duration_ms) AS d FROM household_events');
    // Raw arrays: better-sqlite3 builds a keyed object per row at about twice the cost of
    // an array, and a week of a busy calendar is hundreds of rows we map anyway.
    this.rangeStmt = db
      .prepare<[number, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM household_events WHERE start_ms >= ? AND start_ms < ? AND end_ms > ? AND rrule IS NULL ORDER BY start_ms`,
      )
      .raw(true);
    this.seriesStmt = db
      .prepare<[number, number], EventRow>(
        `SELECT ${COLUMNS} FROM household_events WHERE rrule IS NOT NULL AND start_ms < ? AND (series_end_ms IS NULL OR series_end_ms > ?)`,
      )
      .raw(true);
    this.remindableSeriesStmt = db
      .prepare<[number, number], EventRow>(
        `SELECT ${COLUMNS} FROM household_events WHERE rrule IS NOT NULL AND all_day = 0 AND (reminded_through_ms IS NULL OR reminded_through_ms <= ?) AND (series_end_ms IS NULL OR series_end_ms > ?)`,
      )
      .raw(true);
    this.overridesOfStmt = db
      .prepare<[string], OverrideRow>(`SELECT ${OVERRIDE_COLUMNS} FROM household_event_overrides WHERE event_id = ? ORDER BY occurrence_ms`)
      .raw(true);
    this.overridesInStmt = db
      .prepare<[number, number, number], OverrideRow>(
        `SELECT ${OVERRIDE_COLUMNS} FROM household_event_overrides WHERE start_ms >= ? AND start_ms < ? AND end_ms > ? ORDER BY start_ms`,
      )
      .raw(true);
    this.maxOverrideDurationStmt = db.prepare<[], { d: number | null }>(
      'SELECT MAX(end_ms - start_ms) AS d FROM household_event_overrides',
    );
    this.putOverrideStmt = db.prepare(
      'INSERT OR REPLACE INTO household_event_overrides (event_id, occurrence_ms, title, start_ms, end_ms, all_day, location, notes, updated_ms) VALUES (@eventId, @occurrenceMs, @title, @startMs, @endMs, @allDay, @location, @notes, @updatedMs)',
    );
    this.deleteOverrideStmt = db.prepare('DELETE FROM household_event_overrides WHERE event_id = ? AND occurrence_ms = ?');
    this.overriddenInStmt = db
      .prepare<[number, number], [string, number]>(
        'SELECT event_id, occurrence_ms FROM household_event_overrides WHERE occurrence_ms >= ? AND occurrence_ms < ?',
      )
      .raw(true);
    this.allOverridesStmt = db
      .prepare<[], OverrideRow>(`SELECT ${OVERRIDE_COLUMNS} FROM household_event_overrides ORDER BY event_id, occurrence_ms`)
      .raw(true);
    this.clearAssigneesStmt = db.prepare('DELETE FROM household_event_assignees WHERE event_id = ?');
    this.addAssigneeStmt = db.prepare('INSERT INTO household_event_assignees (event_id, member_id, position) VALUES (?, ?, ?)');
    // A prefix compare instead of LIKE: UIDs may hold % and _.
    this.uidPrefixStmt = db.prepare<[{ p: string }], { id: string; ics_uid: string }>(
      'SELECT id, ics_uid FROM household_events WHERE ics_uid >= @p AND substr(ics_uid, 1, length(@p)) = @p',
    );
  }

  /** Events whose ICS UID starts with `prefix`, as [id, uid]. */
  byIcsUidPrefix(prefix: string): [string, string][] {
    return this.uidPrefixStmt.all({ p: prefix }).map((r) => [r.id, r.ics_uid]);
  }

  deleteOverridesOf(eventId: string): void {
    for (const o of this.overridesOf(eventId)) this.deleteOverride(eventId, o.occurrenceMs);
  }

  insert(e: EventRecord): void {
    this.insertStmt.run(toParams(e));
    this.writeAssignees(e);
  }

  update(e: EventRecord): void {
    this.updateStmt.run(toParams(e));
    this.writeAssignees(e);
  }

  /** The callers run inside the tool's transaction, so the row and its list change together. */
  private writeAssignees(e: EventRecord): void {
    this.clearAssigneesStmt.run(e.id);
    assigneesOfRecord(e).forEach((member, i) => this.addAssigneeStmt.run(e.id, member, i));
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

  /** One-off events overlapping [fromMs, toMs), by start. Uses the start index only. */
  overlapping(fromMs: number, toMs: number): EventRecord[] {
    const longest = this.maxDurationStmt.get()?.d ?? 0;
    // An event that overlaps the window starts at most `longest` before it.
    return this.rangeStmt.all(fromMs - longest, toMs, fromMs).map(fromRow);
  }

  /** Series that began before `toMs` and have not ended by `fromMs` (their occurrences are computed). */
  seriesActiveIn(fromMs: number, toMs: number): EventRecord[] {
    return this.seriesStmt.all(toMs, fromMs).map(fromRow);
  }

  /** Timed series still running at `nowMs` whose next occurrence has no reminder yet. */
  seriesToRemind(nowMs: number): EventRecord[] {
    return this.remindableSeriesStmt.all(nowMs, nowMs).map(fromRow);
  }

  /** Original starts in [fromMs, toMs) that have an override, per series. */
  overriddenBetween(fromMs: number, toMs: number): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    for (const [id, ms] of this.overriddenInStmt.all(fromMs, toMs)) {
      let keys = out.get(id);
      if (!keys) out.set(id, (keys = new Set()));
      keys.add(ms);
    }
    return out;
  }

  /** Every changed occurrence of every series, grouped by series (one query for a whole calendar export). */
  allOverrides(): Map<string, OverrideRecord[]> {
    const out = new Map<string, OverrideRecord[]>();
    for (const r of this.allOverridesStmt.all()) {
      const o = fromOverrideRow(r);
      const list = out.get(o.eventId);
      if (list) list.push(o);
      else out.set(o.eventId, [o]);
    }
    return out;
  }

  overridesOf(eventId: string): OverrideRecord[] {
    return this.overridesOfStmt.all(eventId).map(fromOverrideRow);
  }

  /** Changed occurrences (of any series) overlapping [fromMs, toMs) at their new times. */
  overridesOverlapping(fromMs: number, toMs: number): OverrideRecord[] {
    const longest = this.maxOverrideDurationStmt.get()?.d ?? 0;
    return this.overridesInStmt.all(fromMs - longest, toMs, fromMs).map(fromOverrideRow);
  }

  putOverride(o: OverrideRecord): void {
    this.putOverrideStmt.run({ ...o, allDay: o.allDay ? 1 : 0 });
  }

  deleteOverride(eventId: string, occurrenceMs: number): void {
    this.deleteOverrideStmt.run(eventId, occurrenceMs);
  }
}
