// The CalDAV server's model: which collections a member's device sees, the objects in
// them as clients know them (name, ETag, change number), and writes from clients turned
// into the household's tool calls. Objects are brought up to date lazily: after the
// household changed, the next request compares every object's version with what clients
// were told and renders only the changed ones.
import { createHash } from 'node:crypto';
import type { Member, ToolResult } from '../../src-shared';
import type { CalendarObjectInfo, HouseholdService } from '../household';
import { HomeError } from '../household';
import { collectionOfObject, collectionsOf, seesCollection, type Collection } from './calendars';
import type { ObjectRepository, ObjectRow } from './store';
import {
  checkObject,
  createObject,
  deleteObject,
  ObjectRefusal,
  oneObject,
  updateObject,
  type ParsedObject,
  type ToolCaller,
} from './writes';

export const SYNC_TOKEN_PREFIX = 'https://jarvis.home/ns/sync/';

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export interface Preconditions {
  readonly ifMatch?: string | undefined;
  readonly ifNoneMatch?: string | undefined;
}

/** A failed precondition (412) or a missing object (404). */
export class PreconditionFailed extends Error {}
export class ObjectNotFound extends Error {}

function matches(header: string, etag: string | undefined): boolean {
  if (header.trim() === '*') return etag !== undefined;
  return etag !== undefined && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export class CaldavService {
  private dirty = true;

  constructor(
    private readonly household: HouseholdService,
    private readonly repo: ObjectRepository,
    private readonly language: 'de' | 'en',
  ) {}

  /** The household changed: the next read compares versions again. */
  markChanged(): void {
    this.dirty = true;
  }

  member(id: string | undefined): Member | undefined {
    return id === undefined ? undefined : this.household.members.get(id);
  }

  /** Every collection of the household, whoever may see it. */
  allCollections(): Collection[] {
    return collectionsOf(this.household.members.list(), this.language);
  }

  /** Whether a member's device may read and write a collection, by the roles of both. */
  sees(viewer: Member, c: Pick<Collection, 'owner'>): boolean {
    return seesCollection(viewer, c, (id) => this.household.members.get(id)?.role);
  }

  /** The collections a member's device sees. */
  collectionsFor(viewer: Member): Collection[] {
    return collectionsOf(this.household.members.list(), this.language).filter((c) => this.sees(viewer, c));
  }

  collection(viewer: Member, id: string): Collection | undefined {
    return this.collectionsFor(viewer).find((c) => c.id === id);
  }

  /** Gives every changed object a new ETag and change number, and tombstones the gone ones. */
  refresh(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const infos = this.household.calendarObjects();
    this.repo.transaction(() => {
      const live = this.repo.live();
      const byItem = new Map<string, ObjectRow>();
      for (const r of live) byItem.set(`${r.kind}:${r.itemId}`, r);
      const seen = new Set<string>();
      for (const info of infos) {
        const key = `${info.kind}:${info.id}`;
        seen.add(key);
        const row = byItem.get(key);
        const collection = collectionOfObject(info.kind, info.assignees);
        if (row && row.collection === collection && row.version === info.version) continue;
        if (row && row.collection !== collection) this.repo.tombstone(row.collection, row.name, this.repo.nextSeq());
        this.write(info, collection, row);
      }
      for (const r of live) if (!seen.has(`${r.kind}:${r.itemId}`)) this.repo.tombstone(r.collection, r.name, this.repo.nextSeq());
    });
  }

  private write(info: CalendarObjectInfo, collection: string, row: ObjectRow | undefined): void {
    const uid = row?.uid ?? info.icsUid ?? `${info.id}@jarvis.home`;
    let name = row?.name ?? `${info.id}.ics`;
    // A client's own name may be taken in the collection the object moved to.
    if (row && row.collection !== collection) {
      const there = this.repo.get(collection, name);
      if (there && !there.deleted) name = `${info.id}.ics`;
    }
    const body = this.household.calendarObjectIcs(info.kind, info.id, uid);
    if (body === undefined) return;
    this.repo.put(
      { collection, name, kind: info.kind, itemId: info.id, uid, version: info.version, etag: etagOf(body), body },
      this.repo.nextSeq(),
    );
  }

  objects(collection: string): ObjectRow[] {
    this.refresh();
    return this.repo.inCollection(collection);
  }

  object(collection: string, name: string): ObjectRow | undefined {
    this.refresh();
    const row = this.repo.get(collection, name);
    return row && !row.deleted ? row : undefined;
  }

  body(collection: string, name: string): string | undefined {
    this.refresh();
    return this.repo.body(collection, name);
  }

  /** The collection's sync token (and ctag): its latest change number. */
  syncToken(collection: string): string {
    this.refresh();
    return `${SYNC_TOKEN_PREFIX}${this.repo.collectionSeq(collection)}`;
  }

  /** What changed in a collection after a sync token; undefined for a token this server did not give. */
  changesSince(collection: string, token: string): { rows: ObjectRow[]; token: string } | undefined {
    this.refresh();
    let since = 0;
    if (token !== '') {
      if (!token.startsWith(SYNC_TOKEN_PREFIX)) return undefined;
      const n = Number(token.slice(SYNC_TOKEN_PREFIX.length));
      if (!Number.isSafeInteger(n) || n < 0 || n > this.repo.currentSeq()) return undefined;
      since = n;
    }
    const rows = this.repo.changedSince(collection, since).filter((r) => since > 0 || !r.deleted);
    return { rows, token: `${SYNC_TOKEN_PREFIX}${this.repo.collectionSeq(collection)}` };
  }

  /** Ids of the events with an occurrence in [fromMs, toMs). */
  eventIdsBetween(fromMs: number, toMs: number): Set<string> {
    return this.household.eventIdsBetween(fromMs, toMs);
  }

  private parse(text: string): ParsedObject {
    try {
      return oneObject(this.household.readCalendarObject(text));
    } catch (err) {
      if (err instanceof HomeError) throw new ObjectRefusal('valid-calendar-data', err.message);
      throw err;
    }
  }

  /**
   * A client's PUT: checked whole, then made with the household's tools. Answers the new
   * ETag and whether the object is new.
   */
  async put(
    collection: Collection,
    name: string,
    text: string,
    pre: Preconditions,
    call: ToolCaller,
  ): Promise<{ etag: string | undefined; created: boolean }> {
    const existing = this.object(collection.id, name);
    if (pre.ifMatch !== undefined && !matches(pre.ifMatch, existing?.etag)) throw new PreconditionFailed();
    if (pre.ifNoneMatch !== undefined && matches(pre.ifNoneMatch, existing?.etag)) throw new PreconditionFailed();
    const parsed = this.parse(text);
    if (parsed.kind !== collection.kind)
      throw new ObjectRefusal(
        'supported-calendar-component',
        collection.kind === 'event' ? 'In diesen Kalender gehören Termine (VEVENT).' : 'In diese Aufgabenliste gehören Aufgaben (VTODO).',
      );
    checkObject(parsed);
    const clash = this.repo.inCollection(collection.id).find((r) => r.uid === parsed.uid && r.name !== name);
    if (clash) throw new ObjectRefusal('no-uid-conflict', `Die UID gehört schon zu ${clash.name} in diesem Kalender.`);
    if (existing && existing.uid !== parsed.uid)
      throw new ObjectRefusal('no-uid-conflict', 'Die UID eines Kalenderobjekts lässt sich nicht ändern.');
    const tz = this.household.timezone;
    if (existing) {
      const before = this.parse(this.repo.body(collection.id, name) ?? '');
      const reread = () => {
        const body = this.household.calendarObjectIcs(existing.kind, existing.itemId, existing.uid);
        return body === undefined ? before : this.parse(body);
      };
      try {
        await updateObject(call, existing.itemId, before, parsed, tz, reread);
      } finally {
        this.markChanged();
      }
      return { etag: this.object(collection.id, name)?.etag, created: false };
    }
    const id = await createObject(call, parsed, collection.owner, tz);
    // The client's name and UID are kept; the next refresh renders the object under them.
    this.repo.transaction(() =>
      this.repo.put(
        { collection: collection.id, name, kind: parsed.kind, itemId: id, uid: parsed.uid, version: '', etag: '""', body: '' },
        this.repo.nextSeq(),
      ),
    );
    this.markChanged();
    return { etag: this.object(collection.id, name)?.etag, created: true };
  }

  async delete(collection: Collection, name: string, pre: Preconditions, call: ToolCaller): Promise<void> {
    const existing = this.object(collection.id, name);
    if (!existing) throw new ObjectNotFound();
    if (pre.ifMatch !== undefined && !matches(pre.ifMatch, existing.etag)) throw new PreconditionFailed();
    try {
      await deleteObject(call, existing.kind, existing.itemId);
    } finally {
      this.markChanged();
    }
  }
}

export type { ToolResult, ObjectRow };
