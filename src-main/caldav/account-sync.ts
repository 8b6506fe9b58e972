// Two-way sync of a member's calendar with one calendar of a CalDAV account they already
// have, through tsdav. JARVIS acts as a CalDAV client of that server and, on its own side,
// writes exactly as a CalDAV client of its own server would (CaldavService.put/delete:
// the household's tools). Per object the ETags of both sides at the last sync tell what
// changed: unchanged objects are not rewritten; changed on one side, the change goes
// across; changed on both, both versions are kept (the remote one as a copy titled
// "Konflikt: …" on both sides).
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { createDAVClient, type DAVCalendar, type DAVObject } from 'tsdav';
import type { CalendarAccount, CalendarAccountProblem, CalendarAccountSyncResult, Member, RemoteCalendar } from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { Logger } from '../platform/trace';
import type { SecretSealer } from '../settings';
import type { Collection } from './calendars';
import type { CaldavService } from './service';
import type { AccountRepository, AccountRow, LinkRow } from './store';
import { ObjectRefusal, ToolRefusal, type ToolCaller } from './writes';

export type SyncResult = CalendarAccountSyncResult;
export type AccountView = CalendarAccount;

const PROBLEM_OF_CODE: Readonly<Record<string, CalendarAccountProblem>> = {
  CALDAV_ACCOUNT_UNREACHABLE: 'unreachable',
  CALDAV_ACCOUNT_REFUSED: 'refused',
  CALDAV_PASSWORD_UNREADABLE: 'password_unreadable',
  MEMBER_GONE: 'member_gone',
};

const PASSWORD_UNREADABLE =
  'Das gespeicherte Passwort dieser Verbindung lässt sich auf diesem Computer nicht lesen. Bitte die Verbindung löschen und neu verbinden.';

type Client = Awaited<ReturnType<typeof createDAVClient>>;

const REQUEST_TIMEOUT_MS = 20_000;
/** The UID of a conflict's copy: the original's, this mark and six hex digits. */
const CONFLICT_MARK = '-konflikt-';
const CONFLICT_UID = /-konflikt-[0-9a-f]{6}$/;

function uidOf(text: string): string | undefined {
  try {
    const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const v = cal.getFirstSubcomponent('vevent') ?? cal.getFirstSubcomponent('vtodo');
    const uid = v?.getFirstPropertyValue('uid');
    return typeof uid === 'string' && uid ? uid : undefined;
  } catch {
    return undefined;
  }
}

function summaryOf(text: string): string | undefined {
  try {
    const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const summary = cal.getFirstSubcomponent('vevent')?.getFirstPropertyValue('summary');
    return typeof summary === 'string' ? summary : undefined;
  } catch {
    return undefined;
  }
}

/** A resource name for a UID that this server's names allow. */
function nameOf(uid: string): string {
  const safe = uid.replace(/[^A-Za-z0-9._@+=~-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return `${(safe || 'x').slice(0, 180)}.ics`;
}

/** The remote version of a conflict as a copy: a new UID, the title marked. */
function conflictCopy(text: string, uid: string): { text: string; uid: string } {
  const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const copyUid = `${uid}${CONFLICT_MARK}${randomBytes(3).toString('hex')}`;
  for (const v of cal.getAllSubcomponents('vevent')) {
    v.updatePropertyWithValue('uid', copyUid);
    const summary = v.getFirstPropertyValue('summary');
    v.updatePropertyWithValue('summary', `Konflikt: ${typeof summary === 'string' ? summary : ''}`);
  }
  return { text: cal.toString(), uid: copyUid };
}

function refusalText(err: unknown): string | undefined {
  if (err instanceof ObjectRefusal) return err.message;
  if (err instanceof ToolRefusal) return err.result.message ?? 'abgelehnt';
  return undefined;
}

export class AccountSync {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** One logged-in client per account: discovery (well-known, principal, home) runs once, not every round. */
  private readonly clients = new Map<string, { key: string; client: Client }>();

  /** The opened passwords by account, only in memory. */
  private readonly passwords = new Map<string, string>();

  constructor(
    private readonly repo: AccountRepository,
    private readonly sealer: SecretSealer,
    private readonly caldav: CaldavService,
    private readonly caller: (memberId: string | null) => ToolCaller,
    private readonly clock: () => Date,
    private readonly redact: (secret: string) => void,
    log: Logger,
    private readonly fetchImpl: typeof fetch = (input, init) =>
      // A server that never answers must not hold a sync (or a request) forever.
      fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
  ) {
    // A database from before passwords were sealed: sealed now, the clear text gone from it.
    for (const { id, password } of repo.clearPasswords()) {
      redact(password);
      repo.sealPassword(id, sealer.seal(password));
    }
    for (const a of repo.all()) {
      try {
        const plain = sealer.open(a.passwordSealed);
        redact(plain);
        this.passwords.set(a.id, plain);
      } catch {
        // Another computer's key (a restored backup, a new keychain): the person connects again.
        log.warn(`caldav: the password of a connected calendar cannot be read on this computer (${a.id})`);
      }
    }
  }

  private passwordOf(a: AccountRow): string {
    const plain = this.passwords.get(a.id);
    if (plain === undefined) throw new Refusal('conflict', 'CALDAV_PASSWORD_UNREADABLE', PASSWORD_UNREADABLE);
    return plain;
  }

  private async client(serverUrl: string, username: string, password: string): Promise<Client> {
    try {
      return await createDAVClient({
        serverUrl,
        credentials: { username, password },
        authMethod: 'Basic',
        defaultAccountType: 'caldav',
        fetch: this.fetchImpl,
      });
    } catch {
      throw new Refusal(
        'bad_gateway',
        'CALDAV_ACCOUNT_UNREACHABLE',
        'Unter dieser Adresse antwortet kein Kalender-Server, oder Benutzername und Passwort stimmen nicht.',
      );
    }
  }

  /** The calendars (with events) of an account, found from its server address. */
  async discover(serverUrl: string, username: string, password: string): Promise<RemoteCalendar[]> {
    const client = await this.client(serverUrl, username, password);
    let calendars: DAVCalendar[];
    try {
      calendars = await client.fetchCalendars();
    } catch {
      throw new Refusal('bad_gateway', 'CALDAV_ACCOUNT_UNREACHABLE', 'Der Kalender-Server hat die Kalender nicht genannt.');
    }
    return calendars
      .filter((c) => !c.components || c.components.includes('VEVENT'))
      .map((c) => ({ url: c.url, name: typeof c.displayName === 'string' && c.displayName ? c.displayName : c.url }));
  }

  view(a: AccountRow): AccountView {
    return {
      id: a.id,
      member_id: a.memberId,
      server_url: a.serverUrl,
      username: a.username,
      calendar_name: a.calendarName,
      synced_at: a.syncedMs === null ? null : new Date(a.syncedMs).toISOString(),
      problem: !this.passwords.has(a.id)
        ? 'password_unreadable'
        : a.error === null
          ? null
          : (PROBLEM_OF_CODE[a.errorCode ?? ''] ?? 'failed'),
      error: this.passwords.has(a.id) ? a.error : PASSWORD_UNREADABLE,
      conflicts: this.openConflicts(a),
      skipped: a.lastSkipped,
    };
  }

  private openConflicts(a: AccountRow): string[] {
    const c = this.caldav.allCollections().find((x) => x.kind === 'event' && x.owner === a.memberId);
    if (!c) return [];
    const out: string[] = [];
    for (const l of this.repo.links(a.id)) {
      if (!CONFLICT_UID.test(l.uid)) continue;
      const body = this.caldav.body(c.id, l.localName);
      if (body !== undefined) out.push(summaryOf(body) ?? '');
    }
    return out;
  }

  list(viewer: Member | undefined): AccountView[] {
    return this.repo
      .all()
      .filter((a) => !viewer || a.memberId === viewer.id)
      .map((a) => this.view(a));
  }

  async connect(input: {
    serverUrl: string;
    username: string;
    password: string;
    calendarUrl: string;
    memberId: string | null;
  }): Promise<{ account: AccountView; result: SyncResult }> {
    const found = await this.discover(input.serverUrl, input.username, input.password);
    const calendar = found.find((c) => c.url === input.calendarUrl);
    if (!calendar) throw new Refusal('invalid', 'CALENDAR_NOT_FOUND', 'Diesen Kalender hat das Konto nicht.', '/calendar_url');
    this.redact(input.password);
    const row: AccountRow = {
      id: `acct_${randomBytes(8).toString('hex')}`,
      memberId: input.memberId,
      serverUrl: input.serverUrl,
      username: input.username,
      passwordSealed: this.sealer.seal(input.password),
      calendarUrl: calendar.url,
      calendarName: calendar.name,
      createdMs: this.clock().getTime(),
      syncedMs: null,
      error: null,
      errorCode: null,
      remoteCtag: null,
      localToken: null,
      lastSkipped: [],
    };
    this.repo.put(row);
    this.passwords.set(row.id, input.password);
    const result = await this.sync(row.id);
    return { account: this.view(this.repo.get(row.id)!), result };
  }

  /** Ends a connection; the copied events stay, or go with it (`keepEvents` false). */
  async disconnect(id: string, keepEvents: boolean): Promise<void> {
    const a = this.repo.get(id);
    if (!a) throw new Refusal('not_found', 'ACCOUNT_NOT_FOUND', 'Diese Kalender-Verbindung gibt es nicht (mehr).');
    await this.queued(id, async () => {
      if (!keepEvents) {
        const c = this.collectionOf(a);
        for (const l of this.repo.links(id)) {
          if (this.caldav.object(c.id, l.localName)) await this.caldav.delete(c, l.localName, {}, this.caller(a.memberId));
        }
      }
      this.repo.delete(id);
      this.clients.delete(id);
      this.passwords.delete(id);
    });
  }

  async syncAll(): Promise<void> {
    for (const a of this.repo.all()) await this.sync(a.id).catch(() => undefined);
  }

  /** One sync round; rounds of one account never overlap. */
  sync(id: string): Promise<SyncResult> {
    return this.queued(id, () => this.round(id));
  }

  private queued<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(id) ?? Promise.resolve();
    const next = before.then(fn, fn);
    this.queues.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }

  private collectionOf(a: AccountRow): Collection {
    const c = this.caldav.allCollections().find((x) => x.kind === 'event' && x.owner === a.memberId);
    if (!c) throw new Refusal('conflict', 'MEMBER_GONE', 'Die Person dieser Kalender-Verbindung gehört nicht mehr zum Haushalt.');
    return c;
  }

  private async round(id: string): Promise<SyncResult> {
    const a = this.repo.get(id);
    if (!a) throw new Refusal('not_found', 'ACCOUNT_NOT_FOUND', 'Diese Kalender-Verbindung gibt es nicht (mehr).');
    const counts = { pulled: 0, pushed: 0, deleted_here: 0, deleted_there: 0, conflicts: 0, unchanged: 0 };
    const skipped: { uid: string; reason: string }[] = [];
    try {
      const c = this.collectionOf(a);
      const call = this.caller(a.memberId);
      const password = this.passwordOf(a);
      const key = `${a.serverUrl}\u0000${a.username}\u0000${password}`;
      let cached = this.clients.get(id);
      if (cached?.key !== key) {
        cached = { key, client: await this.client(a.serverUrl, a.username, password) };
        this.clients.set(id, cached);
      }
      const client = cached.client;
      const calendar = { url: a.calendarUrl } as DAVCalendar;
      // Neither collection changed since the last complete round: nothing to read or write.
      const ctagBefore = (await client.fetchCalendars()).find((x) => x.url === a.calendarUrl)?.ctag ?? null;
      const tokenBefore = this.caldav.syncToken(c.id);
      if (ctagBefore !== null && ctagBefore === a.remoteCtag && tokenBefore === a.localToken) {
        this.repo.put({ ...a, syncedMs: this.clock().getTime(), error: null, errorCode: null, lastSkipped: [] });
        return { ...counts, unchanged: this.repo.links(id).length, skipped };
      }
      const remote = new Map<string, DAVObject & { uid: string }>();
      for (const o of await client.fetchCalendarObjects({ calendar })) {
        const uid = typeof o.data === 'string' ? uidOf(o.data) : undefined;
        if (uid) remote.set(uid, { ...o, uid });
      }
      const links = new Map(this.repo.links(id).map((l) => [l.uid, l]));
      const local = new Map(this.caldav.objects(c.id).map((r) => [r.uid, r]));
      const link = (l: LinkRow) => {
        this.repo.putLink(l);
        links.set(l.uid, l);
      };
      const etagOfPut = async (res: Response, url: string): Promise<string> => {
        const tag = res.headers.get('etag');
        if (tag) return tag;
        const [again] = await client.fetchCalendarObjects({ calendar, objectUrls: [url] });
        return again?.etag ?? '';
      };
      const pull = async (o: DAVObject & { uid: string }, name: string) => {
        const existing = this.caldav.object(c.id, name);
        const put = await this.caldav.put(c, name, String(o.data), {}, call);
        counts.pulled++;
        link({
          accountId: id,
          uid: o.uid,
          remoteUrl: o.url,
          remoteEtag: o.etag ?? '',
          localName: name,
          localEtag: put.etag ?? existing?.etag ?? '',
        });
      };
      const push = async (uid: string, name: string, url: string | undefined, etag: string | undefined) => {
        const body = this.caldav.body(c.id, name) ?? '';
        const res = url
          ? await client.updateCalendarObject({ calendarObject: { url, data: body, ...(etag ? { etag } : {}) } })
          : await client.createCalendarObject({ calendar, iCalString: body, filename: nameOf(uid), headers: { 'if-none-match': '*' } });
        if (!res.ok)
          throw new Refusal('bad_gateway', 'CALDAV_ACCOUNT_REFUSED', `Der Kalender-Server hat eine Änderung abgelehnt (${res.status}).`);
        const target = url ?? new URL(nameOf(uid), a.calendarUrl.endsWith('/') ? a.calendarUrl : `${a.calendarUrl}/`).toString();
        counts.pushed++;
        link({
          accountId: id,
          uid,
          remoteUrl: target,
          remoteEtag: await etagOfPut(res, target),
          localName: name,
          localEtag: this.caldav.object(c.id, name)?.etag ?? '',
        });
      };

      for (const l of [...links.values()]) {
        const r = remote.get(l.uid);
        const here = this.caldav.object(c.id, l.localName);
        const remoteChanged = r !== undefined && r.etag !== l.remoteEtag;
        const localChanged = here !== undefined && here.etag !== l.localEtag;
        try {
          if (!r && !here) this.repo.deleteLink(id, l.uid);
          else if (!r && here) {
            this.repo.deleteLink(id, l.uid);
            links.delete(l.uid);
            // Deleted there, changed here: the change is kept (and goes across again below).
            if (!localChanged) {
              await this.caldav.delete(c, l.localName, {}, call);
              counts.deleted_here++;
              local.delete(l.uid);
            }
          } else if (r && !here) {
            if (!remoteChanged) {
              await client.deleteCalendarObject({ calendarObject: { url: r.url, ...(r.etag ? { etag: r.etag } : {}) } });
              this.repo.deleteLink(id, l.uid);
              counts.deleted_there++;
              remote.delete(l.uid);
            } else {
              this.repo.deleteLink(id, l.uid);
              links.delete(l.uid);
            }
          } else if (r && here) {
            if (!remoteChanged && !localChanged) counts.unchanged++;
            else if (remoteChanged && !localChanged) await pull(r, l.localName);
            else if (!remoteChanged && localChanged) await push(l.uid, l.localName, r.url, r.etag);
            else {
              // Changed on both sides: this side's version stays and goes across; the other's becomes a copy.
              counts.conflicts++;
              await push(l.uid, l.localName, r.url, r.etag);
              const copy = conflictCopy(String(r.data), l.uid);
              const name = nameOf(copy.uid);
              await this.caldav.put(c, name, copy.text, { ifNoneMatch: '*' }, call);
              await push(copy.uid, name, undefined, undefined);
              counts.pushed--;
            }
          }
        } catch (err) {
          const reason = refusalText(err);
          if (reason === undefined) throw err;
          skipped.push({ uid: l.uid, reason });
        }
      }
      // New on the other side: taken over.
      for (const r of remote.values()) {
        if (links.has(r.uid)) continue;
        const name = local.get(r.uid)?.name ?? nameOf(r.uid);
        try {
          await pull(r, name);
        } catch (err) {
          const reason = refusalText(err);
          if (reason === undefined) throw err;
          skipped.push({ uid: r.uid, reason });
        }
      }
      // New on this side: sent across.
      for (const row of this.caldav.objects(c.id)) {
        if (links.has(row.uid)) continue;
        await push(row.uid, row.name, undefined, undefined);
      }
      // The tags from before the round count only when the round wrote nothing on that side
      // (a change someone made meanwhile then shows as a difference); otherwise the next
      // round compares object by object once more.
      const wroteThere = counts.pushed + counts.deleted_there + counts.conflicts > 0;
      const wroteHere = counts.pulled + counts.deleted_here + counts.conflicts > 0;
      const clean = skipped.length === 0;
      this.repo.put({
        ...a,
        syncedMs: this.clock().getTime(),
        error: null,
        errorCode: null,
        remoteCtag: clean && !wroteThere ? ctagBefore : null,
        localToken: clean && !wroteHere ? tokenBefore : null,
        lastSkipped: skipped.slice(0, 50),
      });
    } catch (err) {
      const message = err instanceof Refusal ? err.message : 'Der Abgleich ist fehlgeschlagen.';
      this.clients.delete(id);
      this.repo.put({
        ...a,
        syncedMs: this.clock().getTime(),
        error: message,
        errorCode: err instanceof Refusal ? err.code : 'CALDAV_SYNC_FAILED',
        remoteCtag: null,
        localToken: null,
      });
      throw err instanceof Refusal ? err : new Refusal('bad_gateway', 'CALDAV_SYNC_FAILED', message);
    }
    return { ...counts, skipped };
  }
}
