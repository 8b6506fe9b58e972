import type { NotifySettings, NotifySettingsUpdate, PushSubscriptionRequest } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { isQuietTime } from './quiet-hours';
import type { NotifyStore } from './store';
import { pushEndpointProblem } from './web-push-channel';

/** A browser's p256dh is an uncompressed P-256 point (65 bytes), its auth secret 16 bytes. */
function keyProblem(keys: PushSubscriptionRequest['keys']): string | undefined {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) return 'keys.p256dh is not an uncompressed P-256 public key';
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return 'keys.auth is not a 16-byte secret';
  return undefined;
}

/** Who is asking, as far as notifications care. */
export interface Asker {
  readonly memberId: string;
  readonly deviceId: string | null;
  /** The desktop may change every member's notifications; a phone only its own. */
  readonly desktop: boolean;
}

/** The devices' push subscriptions and each member's channels, with the household's rules on who changes what. */
export class NotifyService {
  constructor(
    private readonly store: NotifyStore,
    private readonly clock: () => Date,
  ) {}

  mayChange(asker: Asker, memberId: string): boolean {
    return asker.desktop || asker.memberId === memberId;
  }

  subscribe(asker: Asker, sub: PushSubscriptionRequest): void {
    const problem = pushEndpointProblem(sub.endpoint) ?? keyProblem(sub.keys);
    if (problem) throw new Refusal('invalid', 'INVALID_SUBSCRIPTION', `This push subscription cannot be used: ${problem}.`);
    this.store.saveSubscription(
      { endpoint: sub.endpoint, memberId: asker.memberId, deviceId: asker.deviceId, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
      this.clock().getTime(),
    );
  }

  unsubscribe(asker: Asker, endpoint: string): void {
    const found = this.store.subscription(endpoint);
    if (!found) throw new Refusal('not_found', 'SUBSCRIPTION_NOT_FOUND', 'This device has no push subscription here.');
    if (!asker.desktop && found.deviceId !== asker.deviceId)
      throw new Refusal('forbidden', 'NOT_YOUR_SUBSCRIPTION', 'A device can only turn off its own notifications.');
    this.store.removeSubscription(endpoint);
  }

  settingsOf(memberId: string): NotifySettings & { readonly devices: number } {
    return { ...this.store.settingsOf(memberId), devices: this.store.subscriptionsOf(memberId).length };
  }

  update(asker: Asker, memberId: string, change: NotifySettingsUpdate): NotifySettings {
    if (!this.mayChange(asker, memberId))
      throw new Refusal('forbidden', 'NOT_YOUR_SETTINGS', "Only the desktop changes another member's notifications.");
    const quiet = change.quiet_hours;
    if (quiet && (!isQuietTime(quiet.start) || !isQuietTime(quiet.end)))
      throw new Refusal('invalid', 'INVALID_QUIET_HOURS', 'Quiet hours are two times of day such as 22:00 and 07:00.', '/quiet_hours');
    const current = this.store.settingsOf(memberId);
    const next: NotifySettings = {
      member_id: memberId,
      push: change.push ?? current.push,
      ntfy: change.ntfy ?? current.ntfy,
      quiet_hours: quiet === undefined ? current.quiet_hours : quiet,
    };
    this.store.saveSettings(next);
    return next;
  }

  forgetDevice(deviceId: string): number {
    return this.store.removeDeviceSubscriptions(deviceId);
  }
}
