import type { Db } from '../../platform/database/database';

// CalDAV accounts a member connected (Nextcloud, iCloud, Radicale …) with the one remote
// calendar synced with their calendar, and per object what both sides looked like at the
// last sync (their ETags), which is how a change on either side is told from none.

export interface AccountRow {
  readonly id: string;
  readonly memberId: string | null;
  readonly serverUrl: string;
  readonly username: string;
  /** The account's (app) password: needed for every sync; never answered by the API. */
  readonly password: string;
  readonly calendarUrl: string;
  readonly calendarName: string;
  readonly createdMs: number;
  readonly syncedMs: number | null;
  readonly error: string | null;
  /** Both sides' collection tags after the last complete round: equal again means nothing changed. */
  readonly remoteCtag: string | null;
  readonly localToken: string | null;
}

export interface LinkRow {
  readonly accountId: string;
  readonly uid: string;
  readonly remoteUrl: string;
  readonly remoteEtag: string;
  readonly localName: string;
  readonly localEtag: string;
}

export class AccountRepository {
  private readonly allStmt;
  private readonly putStmt;
  private readonly deleteStmt;
  private readonly linksStmt;
  private readonly putLinkStmt;
  private readonly deleteLinkStmt;
  private readonly deleteLinksStmt;

  /** The tables come with the caldav component's migrations (ObjectRepository applies them). */
  constructor(db: Db) {
    this.allStmt = db.prepare<[], Record<string, unknown>>('SELECT * FROM caldav_accounts ORDER BY created_ms, id');
    this.putStmt = db.prepare(
      `INSERT OR REPLACE INTO caldav_accounts (id, member_id, server_url, username, password, calendar_url, calendar_name, created_ms, synced_ms, error, remote_ctag, local_token)
       VALUES (@id, @memberId, @serverUrl, @username, @password, @calendarUrl, @calendarName, @createdMs, @syncedMs, @error, @remoteCtag, @localToken)`,
    );
    this.deleteStmt = db.prepare('DELETE FROM caldav_accounts WHERE id = ?');
    this.linksStmt = db.prepare<[string], Record<string, unknown>>('SELECT * FROM caldav_account_links WHERE account_id = ?');
    this.putLinkStmt = db.prepare(
      `INSERT OR REPLACE INTO caldav_account_links (account_id, uid, remote_url, remote_etag, local_name, local_etag)
       VALUES (@accountId, @uid, @remoteUrl, @remoteEtag, @localName, @localEtag)`,
    );
    this.deleteLinkStmt = db.prepare('DELETE FROM caldav_account_links WHERE account_id = ? AND uid = ?');
    this.deleteLinksStmt = db.prepare('DELETE FROM caldav_account_links WHERE account_id = ?');
  }

  all(): AccountRow[] {
    return this.allStmt.all().map((r) => ({
      id: String(r.id),
      memberId: (r.member_id as string | null) ?? null,
      serverUrl: String(r.server_url),
      username: String(r.username),
      password: String(r.password),
      calendarUrl: String(r.calendar_url),
      calendarName: String(r.calendar_name),
      createdMs: Number(r.created_ms),
      syncedMs: (r.synced_ms as number | null) ?? null,
      error: (r.error as string | null) ?? null,
      remoteCtag: (r.remote_ctag as string | null) ?? null,
      localToken: (r.local_token as string | null) ?? null,
    }));
  }

  get(id: string): AccountRow | undefined {
    return this.all().find((a) => a.id === id);
  }

  put(a: AccountRow): void {
    this.putStmt.run(a);
  }

  delete(id: string): void {
    this.deleteLinksStmt.run(id);
    this.deleteStmt.run(id);
  }

  links(accountId: string): LinkRow[] {
    return this.linksStmt.all(accountId).map((r) => ({
      accountId: String(r.account_id),
      uid: String(r.uid),
      remoteUrl: String(r.remote_url),
      remoteEtag: String(r.remote_etag),
      localName: String(r.local_name),
      localEtag: String(r.local_etag),
    }));
  }

  putLink(l: LinkRow): void {
    this.putLinkStmt.run(l);
  }

  deleteLink(accountId: string, uid: string): void {
    this.deleteLinkStmt.run(accountId, uid);
  }
}
