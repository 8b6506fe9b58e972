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
