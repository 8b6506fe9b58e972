import type { Db } from '../../platform/database/database';

// Private read-only feed addresses: a secret in the URL for calendar apps that can only
// subscribe. Only the secret's SHA-256 is kept.

export interface FeedRow {
  readonly id: string;
  readonly collection: string;
  readonly secretSha256: string;
  readonly createdMs: number;
}

export class FeedRepository {
  private readonly allStmt;
  private readonly bySecretStmt;
  private readonly insertStmt;
  private readonly deleteStmt;

  /** The table comes with the caldav component's migrations (ObjectRepository applies them). */
  constructor(db: Db) {
    this.allStmt = db.prepare<[], { id: string; collection: string; secret_sha256: string; created_ms: number }>(
      'SELECT * FROM caldav_feeds ORDER BY created_ms, id',
    );
    this.bySecretStmt = db.prepare<[string], { id: string; collection: string; secret_sha256: string; created_ms: number }>(
      'SELECT * FROM caldav_feeds WHERE secret_sha256 = ?',
    );
    this.insertStmt = db.prepare('INSERT INTO caldav_feeds (id, collection, secret_sha256, created_ms) VALUES (?, ?, ?, ?)');
    this.deleteStmt = db.prepare('DELETE FROM caldav_feeds WHERE id = ?');
  }

  all(): FeedRow[] {
    return this.allStmt.all().map((r) => ({ id: r.id, collection: r.collection, secretSha256: r.secret_sha256, createdMs: r.created_ms }));
  }

  bySecret(hash: string): FeedRow | undefined {
    const r = this.bySecretStmt.get(hash);
    return r && { id: r.id, collection: r.collection, secretSha256: r.secret_sha256, createdMs: r.created_ms };
  }

  insert(row: FeedRow): void {
    this.insertStmt.run(row.id, row.collection, row.secretSha256, row.createdMs);
  }

  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }
}
