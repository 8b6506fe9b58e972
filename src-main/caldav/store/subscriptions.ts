import type { Db } from '../../platform/database/database';

// Subscribed calendars (an ICS or webcal address): the subscription, the occurrences of its
// last successful refresh (read-only, never in the household's own calendar), and which
// of them already got an evening-before reminder.

export interface SubscriptionRow {
  readonly id: string;
  readonly url: string;
  readonly name: string;
  readonly color: string;
  readonly refreshMinutes: number;
  readonly createdMs: number;
  readonly refreshedMs: number | null;
  readonly error: string | null;
  /** Evening-before reminders: the words an event's title must contain, and the time; null = off. */
  readonly reminderMatch: string | null;
  readonly reminderTime: string | null;
}

export interface SubscriptionEventRow {
  readonly subscriptionId: string;
  readonly uid: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly allDay: boolean;
  readonly title: string;
  readonly location: string;
}

interface Row {
  id: string;
  url: string;
  name: string;
  color: string;
  refresh_minutes: number;
  created_ms: number;
  refreshed_ms: number | null;
  error: string | null;
  reminder_match: string | null;
  reminder_time: string | null;
}

const fromRow = (r: Row): SubscriptionRow => ({
  id: r.id,
  url: r.url,
  name: r.name,
  color: r.color,
  refreshMinutes: r.refresh_minutes,
  createdMs: r.created_ms,
  refreshedMs: r.refreshed_ms,
  error: r.error,
  reminderMatch: r.reminder_match,
  reminderTime: r.reminder_time,
});

export class SubscriptionRepository {
  private readonly allStmt;
  private readonly putStmt;
  private readonly deleteStmt;
  private readonly deleteEventsStmt;
  private readonly insertEventStmt;
  private readonly eventsStmt;
  private readonly countStmt;
  private readonly remindedStmt;
  private readonly remindStmt;
  private readonly deleteRemindedStmt;
  private readonly runInTransaction: (fn: () => unknown) => unknown;

  /** The tables come with the caldav component's migrations (ObjectRepository applies them). */
  constructor(db: Db) {
    this.runInTransaction = db.transaction((fn: () => unknown) => fn());
    this.allStmt = db.prepare<[], Row>('SELECT * FROM caldav_subscriptions ORDER BY created_ms, id');
    this.putStmt = db.prepare(
      `INSERT OR REPLACE INTO caldav_subscriptions (id, url, name, color, refresh_minutes, created_ms, refreshed_ms, error, reminder_match, reminder_time)
       VALUES (@id, @url, @name, @color, @refreshMinutes, @createdMs, @refreshedMs, @error, @reminderMatch, @reminderTime)`,
    );
    this.deleteStmt = db.prepare('DELETE FROM caldav_subscriptions WHERE id = ?');
    this.deleteEventsStmt = db.prepare('DELETE FROM caldav_subscription_events WHERE subscription_id = ?');
    this.insertEventStmt = db.prepare(
      'INSERT INTO caldav_subscription_events (subscription_id, uid, start_ms, end_ms, all_day, title, location) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.eventsStmt = db.prepare<
      [number, number],
      { subscription_id: string; uid: string; start_ms: number; end_ms: number; all_day: number; title: string; location: string }
    >('SELECT * FROM caldav_subscription_events WHERE start_ms < ? AND end_ms > ? ORDER BY start_ms');
    this.countStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM caldav_subscription_events WHERE subscription_id = ?');
    this.remindedStmt = db.prepare<[string, string], { key: string }>(
      'SELECT key FROM caldav_subscription_reminders WHERE subscription_id = ? AND key = ?',
    );
    this.remindStmt = db.prepare('INSERT OR IGNORE INTO caldav_subscription_reminders (subscription_id, key) VALUES (?, ?)');
    this.deleteRemindedStmt = db.prepare('DELETE FROM caldav_subscription_reminders WHERE subscription_id = ?');
  }

  transaction<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }

  all(): SubscriptionRow[] {
    return this.allStmt.all().map(fromRow);
  }

  get(id: string): SubscriptionRow | undefined {
    return this.all().find((s) => s.id === id);
  }

  put(s: SubscriptionRow): void {
    this.putStmt.run(s);
  }

  delete(id: string): boolean {
    return this.transaction(() => {
      this.deleteEventsStmt.run(id);
      this.deleteRemindedStmt.run(id);
      return this.deleteStmt.run(id).changes > 0;
    });
  }

  /** Replaces a subscription's occurrences (inside the caller's transaction). */
  replaceEvents(id: string, events: readonly Omit<SubscriptionEventRow, 'subscriptionId'>[]): void {
    this.deleteEventsStmt.run(id);
    for (const e of events) this.insertEventStmt.run(id, e.uid, e.startMs, e.endMs, e.allDay ? 1 : 0, e.title, e.location);
  }

  eventsBetween(fromMs: number, toMs: number): SubscriptionEventRow[] {
    return this.eventsStmt.all(toMs, fromMs).map((r) => ({
      subscriptionId: r.subscription_id,
      uid: r.uid,
      startMs: r.start_ms,
      endMs: r.end_ms,
      allDay: r.all_day === 1,
      title: r.title,
      location: r.location,
    }));
  }

  eventCount(id: string): number {
    return this.countStmt.get(id)?.n ?? 0;
  }

  reminded(id: string, key: string): boolean {
    return this.remindedStmt.get(id, key) !== undefined;
  }

  markReminded(id: string, key: string): void {
    this.remindStmt.run(id, key);
  }
}
