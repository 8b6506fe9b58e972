// Calendar subscriptions: an ICS or webcal address fetched on a schedule, read on the
// household's calendar-reader thread, its occurrences kept as a read-only layer of their
// own (never written into the household's calendar). A subscription can remind the
// evening before events whose title says so ("Restmüll"): those reminders are the
// household's reminders_create tool calls, as if a person had made them.
import { randomBytes } from 'node:crypto';
import type { CalendarSubscription, SubscriptionEvent, ToolResult } from '../../src-shared';
import { instantOf, localDateOf, toRfc3339 } from '../../src-shared/time-zone';
import type { HouseholdService } from '../household';
import { HomeError } from '../household';
import { Refusal } from '../platform/errors';
import type { SubscriptionEventRow, SubscriptionRepository, SubscriptionRow } from './store';

const DAY_MS = 86_400_000;
/** Occurrences kept: a month back, a year ahead. */
const PAST_MS = 31 * DAY_MS;
const AHEAD_MS = 400 * DAY_MS;
/** Evening reminders are made this far ahead, so a refresh does not fill the reminder list for a year. */
const REMIND_AHEAD_MS = 45 * DAY_MS;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;
const DEFAULT_COLOR = '#8e44ad';

export type Fetcher = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

export interface SubscriptionDeps {
  readonly household: HouseholdService;
  readonly repo: SubscriptionRepository;
  readonly clock: () => Date;
  readonly timezone: string;
  /** reminders_create through the registry. */
  readonly remind: (args: Record<string, unknown>) => Promise<ToolResult>;
  readonly fetch?: Fetcher;
  readonly changed: () => void;
}

function sourceOf(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/** http(s) or webcal (which is https); anything else, and credentials in the address, are refused. */
export function subscriptionUrl(text: string): string {
  let u: URL;
  try {
    u = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new Refusal(
      'invalid',
      'INVALID_URL',
      'Das ist keine Internet-Adresse. Bitte die ICS- oder webcal-Adresse des Kalenders einfügen.',
      '/url',
    );
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new Refusal('invalid', 'INVALID_URL', 'Nur http-, https- und webcal-Adressen lassen sich abonnieren.', '/url');
  if (u.username || u.password)
    throw new Refusal('invalid', 'INVALID_URL', 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.', '/url');
  return u.toString();
}

function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - DAY_MS).toISOString().slice(0, 10);
}

export class SubscriptionService {
  private readonly fetcher: Fetcher;
  private readonly running = new Map<string, Promise<CalendarSubscription>>();

  constructor(private readonly deps: SubscriptionDeps) {
    this.fetcher = deps.fetch ?? ((url, init) => fetch(url, init));
  }

  private view(s: SubscriptionRow): CalendarSubscription {
    return {
      id: s.id,
      name: s.name,
      source: sourceOf(s.url),
      color: s.color,
      refresh_minutes: s.refreshMinutes,
      refreshed_at: s.refreshedMs === null ? null : new Date(s.refreshedMs).toISOString(),
      error: s.error,
      event_count: this.deps.repo.eventCount(s.id),
      evening_reminders: s.reminderMatch && s.reminderTime ? { match: s.reminderMatch, time: s.reminderTime } : null,
    };
  }

  list(): CalendarSubscription[] {
    return this.deps.repo.all().map((s) => this.view(s));
  }

  private find(id: string): SubscriptionRow {
    const s = this.deps.repo.get(id);
    if (!s) throw new Refusal('not_found', 'SUBSCRIPTION_NOT_FOUND', 'Dieses Kalender-Abo gibt es nicht (mehr).');
    return s;
  }

  /** Subscribes and reads the calendar once: an address that does not answer with a calendar is refused and nothing is kept. */
  async add(input: { url: string; name: string; color?: string; refresh_minutes?: number }): Promise<CalendarSubscription> {
    const url = subscriptionUrl(input.url);
    const row: SubscriptionRow = {
      id: `sub_${randomBytes(8).toString('hex')}`,
      url,
      name: input.name.trim(),
      color: input.color ?? DEFAULT_COLOR,
      refreshMinutes: input.refresh_minutes ?? 360,
      createdMs: this.deps.clock().getTime(),
      refreshedMs: null,
      error: null,
      reminderMatch: null,
      reminderTime: null,
    };
    const events = await this.read(row);
    this.deps.repo.transaction(() => {
      this.deps.repo.put({ ...row, refreshedMs: this.deps.clock().getTime() });
      this.deps.repo.replaceEvents(row.id, events);
    });
    this.deps.changed();
    return this.view(this.find(row.id));
  }

  update(
    id: string,
    patch: { name?: string; color?: string; refresh_minutes?: number; evening_reminders?: { match: string; time: string } | null },
  ): Promise<CalendarSubscription> {
    const s = this.find(id);
    const next: SubscriptionRow = {
      ...s,
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.color !== undefined ? { color: patch.color } : {}),
      ...(patch.refresh_minutes !== undefined ? { refreshMinutes: patch.refresh_minutes } : {}),
      ...(patch.evening_reminders !== undefined
        ? { reminderMatch: patch.evening_reminders?.match.trim() ?? null, reminderTime: patch.evening_reminders?.time ?? null }
        : {}),
    };
    this.deps.repo.put(next);
    this.deps.changed();
    return this.remindEvenings(next).then(() => this.view(this.find(id)));
  }

  remove(id: string): void {
    if (!this.deps.repo.delete(id)) throw new Refusal('not_found', 'SUBSCRIPTION_NOT_FOUND', 'Dieses Kalender-Abo gibt es nicht (mehr).');
    this.deps.changed();
  }

  /** Fetches again now; a failure is kept on the subscription (its last occurrences stay) and answered. */
  refresh(id: string): Promise<CalendarSubscription> {
    const busy = this.running.get(id);
    if (busy) return busy;
    const job = this.refreshNow(this.find(id)).finally(() => this.running.delete(id));
    this.running.set(id, job);
    return job;
  }

  private async refreshNow(s: SubscriptionRow): Promise<CalendarSubscription> {
    const now = this.deps.clock().getTime();
    try {
      const events = await this.read(s);
      this.deps.repo.transaction(() => {
        this.deps.repo.put({ ...s, refreshedMs: now, error: null });
        this.deps.repo.replaceEvents(s.id, events);
      });
      await this.remindEvenings(s);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      this.deps.repo.put({ ...s, refreshedMs: now, error: err.message });
    }
    this.deps.changed();
    return this.view(this.find(s.id));
  }

  /** Refreshes every subscription whose interval has run out, one after the other. */
  async refreshDue(): Promise<void> {
    const now = this.deps.clock().getTime();
    for (const s of this.deps.repo.all()) {
      if (s.refreshedMs !== null && now - s.refreshedMs < s.refreshMinutes * 60_000) continue;
      await this.refresh(s.id);
    }
  }

  eventsBetween(fromMs: number, toMs: number): SubscriptionEvent[] {
    const colors = new Map(this.deps.repo.all().map((s) => [s.id, s.color]));
    return this.deps.repo.eventsBetween(fromMs, toMs).map((e) => ({
      subscription_id: e.subscriptionId,
      title: e.title,
      location: e.location,
      start: toRfc3339(e.startMs, this.deps.timezone),
      end: toRfc3339(e.endMs, this.deps.timezone),
      all_day: e.allDay,
      color: colors.get(e.subscriptionId) ?? DEFAULT_COLOR,
    }));
  }

  private async download(url: string): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
    try {
      const res = await this.fetcher(url, { signal: controller.signal, headers: { accept: 'text/calendar, */*;q=0.5' } });
      if (!res.ok) throw new Refusal('bad_gateway', 'SUBSCRIPTION_UNREACHABLE', `Der Kalender antwortet mit Fehler ${res.status}.`);
      const reader = res.body?.getReader();
      if (!reader) return '';
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > MAX_FEED_BYTES) {
          await reader.cancel();
          throw new Refusal(
            'too_large',
            'SUBSCRIPTION_TOO_LARGE',
            'Der abonnierte Kalender ist größer als 5 MB und wurde nicht übernommen.',
          );
        }
        chunks.push(value);
      }
      return Buffer.concat(chunks).toString('utf8');
    } catch (err) {
      if (err instanceof Refusal) throw err;
      throw new Refusal('bad_gateway', 'SUBSCRIPTION_UNREACHABLE', 'Der Kalender ist unter dieser Adresse nicht erreichbar.');
    } finally {
      clearTimeout(timer);
    }
  }

  /** The subscription's occurrences in the kept window, read from its address. */
  private async read(s: SubscriptionRow): Promise<Omit<SubscriptionEventRow, 'subscriptionId'>[]> {
    const text = await this.download(s.url);
    if (!/BEGIN:VCALENDAR/i.test(text))
      throw new Refusal('unprocessable', 'SUBSCRIPTION_NOT_A_CALENDAR', 'Unter dieser Adresse liegt kein Kalender (ICS).');
    let parsed;
    try {
      parsed = await this.deps.household.readCalendarFile(text);
    } catch (err) {
      if (err instanceof HomeError) throw new Refusal('unprocessable', 'SUBSCRIPTION_NOT_A_CALENDAR', err.message);
      throw err;
    }
    const now = this.deps.clock().getTime();
    const from = now - PAST_MS;
    const to = now + AHEAD_MS;
    const out: Omit<SubscriptionEventRow, 'subscriptionId'>[] = [];
    for (const e of parsed.events) {
      if (e.endMs > from && e.startMs < to)
        out.push({ uid: e.icsUid ?? '', startMs: e.startMs, endMs: e.endMs, allDay: e.allDay, title: e.title, location: e.location });
    }
    for (const series of parsed.series) {
      for (const o of this.deps.household.seriesOccurrences(series, from, to))
        out.push({ uid: series.icsUid ?? '', startMs: o.startMs, endMs: o.endMs, allDay: o.allDay, title: o.title, location: o.location });
    }
    return out.sort((a, b) => a.startMs - b.startMs);
  }

  /** Reminders the evening before the coming matching events, each made once. */
  private async remindEvenings(s: SubscriptionRow): Promise<void> {
    if (!s.reminderMatch || !s.reminderTime) return;
    const needle = s.reminderMatch.toLocaleLowerCase('de');
    const now = this.deps.clock().getTime();
    const tz = this.deps.timezone;
    for (const e of this.deps.repo.eventsBetween(now, now + REMIND_AHEAD_MS)) {
      if (e.subscriptionId !== s.id || !e.title.toLocaleLowerCase('de').includes(needle)) continue;
      const key = `${e.uid}@${e.startMs}`;
      if (this.deps.repo.reminded(s.id, key)) continue;
      const date = dayBefore(localDateOf(e.startMs, tz));
      const [hour, minute] = s.reminderTime.split(':').map(Number) as [number, number];
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      // The evening before has passed already: nothing to remind of any more.
      if (instantOf({ year, month, day, hour, minute }, tz) <= now) continue;
      const result = await this.deps.remind({ text: `Morgen: ${e.title}`, when: { kind: 'absolute', date, time: s.reminderTime } });
      if (result.success) this.deps.repo.markReminded(s.id, key);
    }
  }
}
