// Where the CalDAV server lives on the LAN listener. The LAN guard lets these paths in
// with a device's app password (HTTP Basic) instead of the web app's cookie.

/** The CalDAV tree: principal, calendar home and the calendars under it. */
export const CALDAV_ROOT = '/dav';
/** RFC 6764 discovery: redirects to CALDAV_ROOT. */
export const CALDAV_WELL_KNOWN = '/.well-known/caldav';

/** Whether a request path belongs to CalDAV (and so authenticates with an app password). */
export function isCaldavPath(path: string): boolean {
  return path === CALDAV_WELL_KNOWN || path === CALDAV_ROOT || path.startsWith(`${CALDAV_ROOT}/`);
}

/** `POST /api/devices/{id}/app-password`: shown once, kept only hashed. */
export interface AppPasswordResponse {
  /** Any user name works; this one is what the guide tells the family to type. */
  readonly username: string;
  readonly password: string;
  /** The address to give a calendar program (the LAN listener's origin). */
  readonly server_url?: string;
}

/** A subscribed calendar (ICS/webcal address): read-only, its own layer and colour. */
export interface CalendarSubscription {
  readonly id: string;
  readonly name: string;
  /** The address without its query (a private link's secret stays out of the UI). */
  readonly source: string;
  /** `#rrggbb`. */
  readonly color: string;
  readonly refresh_minutes: number;
  readonly refreshed_at: string | null;
  /** Why the last refresh failed, in plain words; null when it worked. */
  readonly error: string | null;
  readonly event_count: number;
  /** Reminders the evening before events whose title contains `match` (e.g. "Restmüll"); null = off. */
  readonly evening_reminders: { readonly match: string; readonly time: string } | null;
}

export interface CalendarSubscriptionsResponse {
  readonly subscriptions: readonly CalendarSubscription[];
}

export interface CalendarSubscriptionCreateRequest {
  readonly url: string;
  readonly name: string;
  readonly color?: string;
  readonly refresh_minutes?: number;
}

export interface CalendarSubscriptionUpdateRequest {
  readonly name?: string;
  readonly color?: string;
  readonly refresh_minutes?: number;
  readonly evening_reminders?: { readonly match: string; readonly time: string } | null;
}

/** One occurrence of a subscribed calendar. */
export interface SubscriptionEvent {
  readonly subscription_id: string;
  readonly title: string;
  readonly location: string;
  readonly start: string;
  readonly end: string;
  readonly all_day: boolean;
  readonly color: string;
}

export interface SubscriptionEventsResponse {
  readonly events: readonly SubscriptionEvent[];
}

/** Private read-only feeds: `GET /feeds/{secret}.ics`, open without a login (the secret is the key). */
export const CALENDAR_FEED_PREFIX = '/feeds/';

export function isCalendarFeedPath(path: string): boolean {
  return path.startsWith(CALENDAR_FEED_PREFIX);
}

export interface CalendarFeed {
  readonly id: string;
  /** Whose calendar: a member id, or null for the family's. */
  readonly member_id: string | null;
  readonly name: string;
  readonly created_at: string;
}

export interface CalendarFeedsResponse {
  readonly feeds: readonly CalendarFeed[];
}

/** A new feed: its address is shown once. */
export interface CalendarFeedCreated extends CalendarFeed {
  readonly path: string;
}

/** Why a connected CalDAV account's last sync failed; the UI says it in the member's words. */
export const CALENDAR_ACCOUNT_PROBLEMS = ['unreachable', 'refused', 'password_unreadable', 'member_gone', 'failed'] as const;
export type CalendarAccountProblem = (typeof CALENDAR_ACCOUNT_PROBLEMS)[number];

/** A CalDAV calendar a member connected (Nextcloud, iCloud, Fastmail …), synced both ways with theirs. */
export interface CalendarAccount {
  readonly id: string;
  /** Whose calendar it syncs with: a member id, or null for the family's. */
  readonly member_id: string | null;
  readonly server_url: string;
  readonly username: string;
  readonly calendar_name: string;
  readonly synced_at: string | null;
  readonly problem: CalendarAccountProblem | null;
  /** The problem in the household's words (German); null when the last sync worked. */
  readonly error: string | null;
  /**
   * Conflicts not yet settled (changed on both sides): both versions are in both calendars,
   * the other side's as a copy whose title starts "Konflikt:". These are the copies' titles.
   */
  readonly conflicts: readonly string[];
  /** Objects of the other side the last sync could not take over, each with its reason. */
  readonly skipped: readonly { readonly uid: string; readonly reason: string }[];
}

export interface CalendarAccountsResponse {
  readonly accounts: readonly CalendarAccount[];
}

export interface CalendarAccountLogin {
  readonly server_url: string;
  readonly username: string;
  /** Never answered by any route; kept sealed. */
  readonly password: string;
}

export interface RemoteCalendar {
  readonly url: string;
  readonly name: string;
}

export interface CalendarAccountDiscoverResponse {
  readonly calendars: readonly RemoteCalendar[];
}

export interface CalendarAccountConnectRequest extends CalendarAccountLogin {
  readonly calendar_url: string;
  readonly member_id: string | null;
}

export interface CalendarAccountSyncResult {
  readonly pulled: number;
  readonly pushed: number;
  readonly deleted_here: number;
  readonly deleted_there: number;
  readonly conflicts: number;
  readonly unchanged: number;
  readonly skipped: readonly { readonly uid: string; readonly reason: string }[];
}

export interface CalendarAccountConnected {
  readonly account: CalendarAccount;
  readonly result: CalendarAccountSyncResult;
}
