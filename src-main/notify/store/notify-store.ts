import type { NotifySettings, Reminder } from '../../../src-shared';
import { applyMigrations, type Db } from '../../platform/database';
import { NOTIFY_MIGRATIONS } from './migrations';

export interface StoredSubscription {
  readonly endpoint: string;
  readonly memberId: string;
  readonly deviceId: string | null;
  readonly p256dh: string;
  readonly auth: string;
}

export interface DeferredNotice {
  readonly id: number;
  readonly memberId: string;
  readonly reminder: Reminder;
}

/** Push subscriptions per member and device, each member's channels, and notices held back by quiet hours. */
export class NotifyStore {
  constructor(private readonly db: Db) {
    applyMigrations(db, 'notify', NOTIFY_MIGRATIONS);
  }

  /** A device subscribes again with the same endpoint after a reinstall: the newest owner wins. */
  saveSubscription(sub: StoredSubscription, nowMs: number): void {
    this.db
      .prepare(
        `INSERT INTO push_subscriptions (endpoint, member_id, device_id, p256dh, auth, created_ms) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(endpoint) DO UPDATE SET member_id = excluded.member_id, device_id = excluded.device_id,
           p256dh = excluded.p256dh, auth = excluded.auth, created_ms = excluded.created_ms`,
      )
      .run(sub.endpoint, sub.memberId, sub.deviceId, sub.p256dh, sub.auth, nowMs);
  }

  subscription(endpoint: string): StoredSubscription | undefined {
    const row = this.db.prepare('SELECT * FROM push_subscriptions WHERE endpoint = ?').get(endpoint) as SubscriptionRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  removeSubscription(endpoint: string): boolean {
    return this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?').run(endpoint).changes > 0;
  }

  /** A revoked device gets no more pushes. */
  removeDeviceSubscriptions(deviceId: string): number {
    return this.db.prepare('DELETE FROM push_subscriptions WHERE device_id = ?').run(deviceId).changes;
  }

  subscriptionsOf(memberId: string): StoredSubscription[] {
    const rows = this.db
      .prepare('SELECT * FROM push_subscriptions WHERE member_id = ? ORDER BY created_ms')
      .all(memberId) as SubscriptionRow[];
    return rows.map(fromRow);
  }

  settingsOf(memberId: string): NotifySettings {
    const row = this.db.prepare('SELECT * FROM notify_settings WHERE member_id = ?').get(memberId) as SettingsRow | undefined;
    if (!row) return { member_id: memberId, push: true, ntfy: false, quiet_hours: null };
    return {
      member_id: memberId,
      push: row.push === 1,
      ntfy: row.ntfy === 1,
      quiet_hours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    };
  }

  saveSettings(settings: NotifySettings): void {
    this.db
      .prepare(
        `INSERT INTO notify_settings (member_id, push, ntfy, quiet_start, quiet_end) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(member_id) DO UPDATE SET push = excluded.push, ntfy = excluded.ntfy,
           quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end`,
      )
      .run(
        settings.member_id,
        settings.push ? 1 : 0,
        settings.ntfy ? 1 : 0,
        settings.quiet_hours?.start ?? null,
        settings.quiet_hours?.end ?? null,
      );
  }

  defer(memberId: string, reminder: Reminder, notBeforeMs: number): void {
    this.db
      .prepare('INSERT INTO notify_deferred (member_id, reminder, not_before_ms) VALUES (?, ?, ?)')
      .run(memberId, JSON.stringify(reminder), notBeforeMs);
  }

  /** Takes the notices whose quiet hours are over: each is handed out once. */
  takeDeferred(nowMs: number): DeferredNotice[] {
    return this.db.transaction(() => {
      const rows = this.db
        .prepare('SELECT id, member_id, reminder FROM notify_deferred WHERE not_before_ms <= ? ORDER BY not_before_ms, id')
        .all(nowMs) as { id: number; member_id: string; reminder: string }[];
      this.db.prepare('DELETE FROM notify_deferred WHERE not_before_ms <= ?').run(nowMs);
      return rows.map((r) => ({ id: r.id, memberId: r.member_id, reminder: JSON.parse(r.reminder) as Reminder }));
    })();
  }
}

interface SubscriptionRow {
  endpoint: string;
  member_id: string;
  device_id: string | null;
  p256dh: string;
  auth: string;
}

interface SettingsRow {
  push: number;
  ntfy: number;
  quiet_start: string | null;
  quiet_end: string | null;
}

function fromRow(row: SubscriptionRow): StoredSubscription {
  return { endpoint: row.endpoint, memberId: row.member_id, deviceId: row.device_id, p256dh: row.p256dh, auth: row.auth };
}
