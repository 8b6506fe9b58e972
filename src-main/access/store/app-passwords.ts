import type { Db } from '../../platform/database/database';
import { applyMigrations, type Migration } from '../../platform/database/migrations';

// App passwords: one per paired device, for its calendar program (CalDAV over HTTP Basic).
// Like the device credential only the SHA-256 is kept. A component of its own, so its
// migrations never collide with the devices table's.

export const APP_PASSWORD_COMPONENT = 'access_app_passwords';

export const APP_PASSWORD_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'app passwords per device',
    up(db) {
      db.exec(`
        CREATE TABLE access_app_passwords (
          device_id TEXT PRIMARY KEY,
          secret_sha256 TEXT NOT NULL UNIQUE,
          created_at TEXT NOT NULL
        );
      `);
    },
  },
];

export interface AppPasswordRow {
  readonly deviceId: string;
  readonly secretSha256: string;
  readonly createdAt: string;
}

export class AppPasswordRepository {
  private readonly allStmt;
  private readonly putStmt;
  private readonly deleteStmt;

  constructor(db: Db) {
    applyMigrations(db, APP_PASSWORD_COMPONENT, APP_PASSWORD_MIGRATIONS);
    this.allStmt = db.prepare<[], { device_id: string; secret_sha256: string; created_at: string }>(
      'SELECT device_id, secret_sha256, created_at FROM access_app_passwords',
    );
    this.putStmt = db.prepare('INSERT OR REPLACE INTO access_app_passwords (device_id, secret_sha256, created_at) VALUES (?, ?, ?)');
    this.deleteStmt = db.prepare('DELETE FROM access_app_passwords WHERE device_id = ?');
  }

  all(): AppPasswordRow[] {
    return this.allStmt.all().map((r) => ({ deviceId: r.device_id, secretSha256: r.secret_sha256, createdAt: r.created_at }));
  }

  put(row: AppPasswordRow): void {
    this.putStmt.run(row.deviceId, row.secretSha256, row.createdAt);
  }

  delete(deviceId: string): boolean {
    return this.deleteStmt.run(deviceId).changes > 0;
  }
}
