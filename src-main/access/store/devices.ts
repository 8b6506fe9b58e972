import type { Db } from '../../platform/database/database';
import { applyMigrations, type Migration } from '../../platform/database/migrations';

// Paired devices. The credential itself is never stored: only its SHA-256, so a copy of the
// database (a backup, a debug export) lets nobody act as a device.

export const ACCESS_COMPONENT = 'access';

export const ACCESS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'paired devices',
    up(db) {
      db.exec(`
        CREATE TABLE access_devices (
          id TEXT PRIMARY KEY,
          credential_sha256 TEXT NOT NULL UNIQUE,
          member_id TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at TEXT NOT NULL,
          last_seen_at TEXT NOT NULL
        );
      `);
    },
  },
];

export interface DeviceRow {
  readonly id: string;
  readonly credentialSha256: string;
  readonly memberId: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
}

interface Row {
  id: string;
  credential_sha256: string;
  member_id: string;
  name: string;
  created_at: string;
  last_seen_at: string;
}

const fromRow = (r: Row): DeviceRow => ({
  id: r.id,
  credentialSha256: r.credential_sha256,
  memberId: r.member_id,
  name: r.name,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
});

export class DeviceRepository {
  private readonly allStmt;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly seenStmt;

  constructor(db: Db) {
    applyMigrations(db, ACCESS_COMPONENT, ACCESS_MIGRATIONS);
    this.allStmt = db.prepare<[], Row>('SELECT * FROM access_devices ORDER BY created_at, id');
    this.insertStmt = db.prepare(
      'INSERT INTO access_devices (id, credential_sha256, member_id, name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.deleteStmt = db.prepare('DELETE FROM access_devices WHERE id = ?');
    this.seenStmt = db.prepare('UPDATE access_devices SET last_seen_at = ? WHERE id = ?');
  }

  all(): DeviceRow[] {
    return this.allStmt.all().map(fromRow);
  }

  insert(device: DeviceRow): void {
    this.insertStmt.run(device.id, device.credentialSha256, device.memberId, device.name, device.createdAt, device.lastSeenAt);
  }

  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  markSeen(id: string, at: string): void {
    this.seenStmt.run(at, id);
  }
}
