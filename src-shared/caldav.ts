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
