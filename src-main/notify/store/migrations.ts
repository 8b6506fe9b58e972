import type { Migration } from '../../platform/database';

export const NOTIFY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'push subscriptions, channels per member, deferred notices',
    up(db) {
      db.exec(`
        CREATE TABLE push_subscriptions (
          endpoint TEXT PRIMARY KEY,
          member_id TEXT NOT NULL,
          device_id TEXT,
          p256dh TEXT NOT NULL,
          auth TEXT NOT NULL,
          created_ms INTEGER NOT NULL
        );
        CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);
        CREATE TABLE notify_settings (
          member_id TEXT PRIMARY KEY,
          push INTEGER NOT NULL,
          ntfy INTEGER NOT NULL,
          quiet_start TEXT,
          quiet_end TEXT
        );
        CREATE TABLE notify_deferred (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          member_id TEXT NOT NULL,
          reminder TEXT NOT NULL,
          not_before_ms INTEGER NOT NULL
        );
        CREATE INDEX notify_deferred_due ON notify_deferred (not_before_ms);
      `);
    },
  },
];
