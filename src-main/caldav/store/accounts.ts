import type { Db } from '../../platform/database/database';

// CalDAV accounts a member connected (Nextcloud, iCloud, Radicale …) with the one remote
// calendar synced with their calendar, and per object what both sides looked like at the
// last sync (their ETags), which is how a change on either side is told from none.

export interface AccountRow {
  readonly id: string;
  readonly memberId: string | null;
  readonly serverUrl: string;
  readonly username: string;
  /** The account's (app) password, sealed (SecretSealer): opened only in memory, never answered by the API. */
  readonly passwordSealed: string;
  readonly calendarUrl: string;
  readonly calendarName: string;
  readonly createdMs: number;
  readonly syncedMs: number | null;
  readonly error: string | null;
  /** The refusal code of `error`, which the UI says in the member's language. */
  readonly errorCode: string | null;
  /** Both sides' collection tags after the last complete round: equal again means nothing changed. */
  readonly remoteCtag: string | null;
  readonly localToken: string | null;
  /** What the last round could not take over, each with its reason in plain words. */
  readonly lastSkipped: readonly { readonly uid: string; readonly reason: string }[];
}

export interface LinkRow {
  readonly accountId: string;
  readonly uid: string;
  readonly remoteUrl: string;
  readonly remoteEtag: string;
  readonly localName: string;
  readonly localEtag: string;
}

function skippedOf(value: unknown): AccountRow['lastSkipped'] {
  try {
    const list: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(list) ? (list as AccountRow['lastSkipped']) : [];
  } catch {
    return [];
  }
}

export class AccountRepository {
  private readonly allStmt;
  private readonly putStmt;
  private readonly deleteStmt;
  private readonly linksStmt;
  private readonly putLinkStmt;
  private readonly deleteLinkStmt;
  private readonly deleteLinksStmt;
  private readonly clearStmt;
  private readonly sealStmt;

  /** The tables come with the caldav component's migrations (ObjectRepository applies them). */
  constructor(db: Db) {
    this.allStmt = db.prepare<[], Record<string, unknown>>('SELECT * FROM caldav_accounts ORDER BY created_ms, id');
    this.putStmt = db.prepare(
      `INSERT OR REPLACE INTO caldav_accounts (id, member_id, server_url, username, password, password_sealed, calendar_url, calendar_name, created_ms, synced_ms, error, remote_ctag, local_token, last_skipped, error_code)
       VALUES (@id, @memberId, @serverUrl, @username, '', @passwordSealed, @calendarUrl, @calendarName, @createdMs, @syncedMs, @error, @remoteCtag, @localToken, @lastSkipped, @errorCode)`,
    );
    this.deleteStmt = db.prepare('DELETE FROM caldav_accounts WHERE id = ?');
    this.clearStmt = db.prepare<[], { id: string; password: string }>(
      "SELECT id, password FROM caldav_accounts WHERE password_sealed IS NULL AND password != ''",
    );
    this.sealStmt = db.prepare("UPDATE caldav_accounts SET password = '', password_sealed = ? WHERE id = ?");
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
      passwordSealed: String(r.password_sealed ?? ''),
      calendarUrl: String(r.calendar_url),
      calendarName: String(r.calendar_name),
      createdMs: Number(r.created_ms),
      syncedMs: (r.synced_ms as number | null) ?? null,
      error: (r.error as string | null) ?? null,
      remoteCtag: (r.remote_ctag as string | null) ?? null,
      localToken: (r.local_token as string | null) ?? null,
      lastSkipped: skippedOf(r.last_skipped),
      errorCode: (r.error_code as string | null) ?? null,
    }));
  }

  /** Passwords an earlier version kept in clear, by account: to be sealed. */
  clearPasswords(): { id: string; password: string }[] {
    return this.clearStmt.all();
  }

  /** Replaces a clear password with its sealed text; the clear one is gone from the row. */
  sealPassword(id: string, sealed: string): void {
    this.sealStmt.run(sealed, id);
  }

  get(id: string): AccountRow | undefined {
    return this.all().find((a) => a.id === id);
  }

  put(a: AccountRow): void {
    this.putStmt.run({ ...a, lastSkipped: JSON.stringify(a.lastSkipped) });
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
