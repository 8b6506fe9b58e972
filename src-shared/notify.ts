// Notifications that reach people: each household member's channels and quiet hours,
// the browsers' push subscriptions, and what a push message carries.

/** A local wall-clock time "HH:MM" of the household. */
export type QuietTime = string;

export interface QuietHours {
  /** From this time (e.g. "22:00") ... */
  readonly start: QuietTime;
  /** ... until this time (e.g. "07:00"); an end before the start runs past midnight. */
  readonly end: QuietTime;
}

const QUIET_SETTING = /^([01][0-9]|2[0-3]):([0-5][0-9])-([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** The household's quiet hours as the Settings screen keeps them ("22:00-07:00"), or undefined for another text. */
export function parseQuietHours(text: string): QuietHours | undefined {
  const m = QUIET_SETTING.exec(text.trim());
  return m ? { start: `${m[1]}:${m[2]}`, end: `${m[3]}:${m[4]}` } : undefined;
}

export function quietHoursSetting(hours: QuietHours): string {
  return `${hours.start}-${hours.end}`;
}

/** How one member is told that something is due. In-page notices (while the app is open) always come. */
export interface NotifySettings {
  readonly member_id: string;
  /** Web Push to each of the member's devices that allowed notifications. */
  readonly push: boolean;
  /** ntfy (the household's ntfy server and topic), for members who use the ntfy app. */
  readonly ntfy: boolean;
  /** No push and no ntfy in these hours; what falls due in them is sent when they end. */
  readonly quiet_hours: QuietHours | null;
}

export interface NotifySettingsUpdate {
  readonly push?: boolean;
  readonly ntfy?: boolean;
  readonly quiet_hours?: QuietHours | null;
}

export interface NotifySettingsResponse {
  readonly members: readonly (NotifySettings & { readonly name: string; readonly devices: number })[];
  /** Whether the household's ntfy server is set up (NTFY_URL and NTFY_TOPIC). */
  readonly ntfy_configured: boolean;
}

/** The browser's PushSubscription.toJSON(). */
export interface PushSubscriptionRequest {
  readonly endpoint: string;
  readonly expirationTime?: number | null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface PushUnsubscribeRequest {
  readonly endpoint: string;
}

export interface PushSubscriptionResponse {
  readonly member_id: string;
  readonly device_id: string | null;
}

export interface VapidKeyResponse {
  /** The application server key, base64url (uncompressed P-256 point), for pushManager.subscribe. */
  readonly public_key: string;
}

/** The JSON inside a Web Push message (encrypted end to end; the push service never reads it). */
export interface PushMessage {
  readonly kind: 'reminder';
  readonly title: string;
  readonly body: string;
  /** Where tapping the notification leads (an app path). */
  readonly url: string;
  readonly reminder: { readonly id: string; readonly text: string; readonly at: string };
  /** The action buttons' labels in the member's language ("Erledigt", "In 10 Min.", "In 1 Std."). */
  readonly actions: { readonly done: string; readonly snooze_short: string; readonly snooze_long: string };
}

/** What a notification's two snooze buttons move a reminder by, in minutes. */
export const PHONE_SNOOZE_MINUTES = { snooze_short: 10, snooze_long: 60 } as const;
export type PhoneSnoozeAction = keyof typeof PHONE_SNOOZE_MINUTES;

/** The body of `POST /api/notify/reminders/{id}/snooze`; without minutes, the short snooze. */
export interface NotifySnoozeRequest {
  readonly minutes?: number;
}
