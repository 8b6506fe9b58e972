// Private read-only feeds: one address with a secret per member's calendar or the family's,
// for calendar apps that can only subscribe. Revoking one ends it at once. The feed is the
// same text the CalDAV clients get, all of a collection's events in one VCALENDAR.
import { createHash, randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import type { CalendarFeed, CalendarFeedCreated, Member } from '../../src-shared';
import { CALENDAR_FEED_PREFIX } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { FAMILY, type Collection } from './calendars';
import type { CaldavService } from './service';
import type { FeedRepository, FeedRow } from './store';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export class FeedService {
  constructor(
    private readonly repo: FeedRepository,
    private readonly caldav: CaldavService,
    private readonly clock: () => Date,
    private readonly redact: (secret: string) => void,
  ) {}

  private collections(): Collection[] {
    // Every event collection, whoever asks: permission is checked by the caller.
    const all = this.caldav.allCollections();
    return all.filter((c) => c.kind === 'event');
  }

  private view(row: FeedRow): CalendarFeed {
    const c = this.collections().find((x) => x.id === row.collection);
    return {
      id: row.id,
      member_id: row.collection === FAMILY ? null : row.collection,
      name: c?.displayName ?? '',
      created_at: new Date(row.createdMs).toISOString(),
    };
  }

  /** The feeds a viewer may see: all for the desktop (viewer undefined), else the ones of collections the member sees. */
  list(viewer: Member | undefined): CalendarFeed[] {
    return this.repo
      .all()
      .filter((r) => this.collections().some((c) => c.id === r.collection && (!viewer || this.caldav.sees(viewer, c))))
      .map((r) => this.view(r));
  }

  create(viewer: Member | undefined, memberId: string | null): CalendarFeedCreated {
    const collection = this.collections().find((c) => c.owner === memberId);
    if (!collection || (viewer && !this.caldav.sees(viewer, collection)))
      throw new Refusal('not_found', 'CALENDAR_NOT_FOUND', 'Diesen Kalender gibt es nicht, oder er gehört jemand anderem.', '/member_id');
    const secret = randomBytes(24).toString('base64url');
    this.redact(secret);
    const row: FeedRow = {
      id: `feed_${randomBytes(6).toString('hex')}`,
      collection: collection.id,
      secretSha256: hashOf(secret),
      createdMs: this.clock().getTime(),
    };
    this.repo.insert(row);
    return { ...this.view(row), path: `${CALENDAR_FEED_PREFIX}${secret}.ics` };
  }

  revoke(viewer: Member | undefined, id: string): void {
    const row = this.repo.all().find((r) => r.id === id);
    const c = row && this.collections().find((x) => x.id === row.collection);
    if (!row || (viewer && c && !this.caldav.sees(viewer, c)) || !this.repo.delete(id))
      throw new Refusal('not_found', 'FEED_NOT_FOUND', 'Diese Feed-Adresse gibt es nicht (mehr).');
  }

  /** The feed's calendar text for a secret, or undefined for an unknown (or revoked) one. */
  render(secret: string): string | undefined {
    if (!/^[A-Za-z0-9_-]{32}$/.test(secret)) return undefined;
    const row = this.repo.bySecret(hashOf(secret));
    if (!row) return undefined;
    const cal = new ICAL.Component(['vcalendar', [], []]);
    cal.updatePropertyWithValue('prodid', '-//JARVIS Home Command//Household//DE');
    cal.updatePropertyWithValue('version', '2.0');
    const name = this.view(row).name;
    if (name) cal.updatePropertyWithValue('x-wr-calname', name);
    const zones = new Set<string>();
    const events: InstanceType<typeof ICAL.Component>[] = [];
    for (const r of this.caldav.objects(row.collection)) {
      const body = this.caldav.body(row.collection, r.name);
      if (!body) continue;
      const one = new ICAL.Component(ICAL.parse(body) as unknown[]);
      for (const tz of one.getAllSubcomponents('vtimezone')) {
        const id = String(tz.getFirstPropertyValue('tzid'));
        if (zones.has(id)) continue;
        zones.add(id);
        cal.addSubcomponent(tz);
      }
      events.push(...one.getAllSubcomponents('vevent'));
    }
    for (const e of events) cal.addSubcomponent(e);
    return cal.toString() + '\r\n';
  }
}
