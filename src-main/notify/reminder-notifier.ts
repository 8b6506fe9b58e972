import type { ApprovalPushMessage, QuietHours, Reminder } from '../../src-shared';
import { assigneeOf, type MemberDirectory, type NotifyMember } from './members';
import { publishToNtfy, type NtfyMessage, type NtfyTarget } from './ntfy-channel';
import { effectiveQuietHours, quietUntil } from './quiet-hours';
import { ntfyMessageFor, pushMessageFor, type NotifyLanguage } from './reminder-message';
import type { NotifyStore } from './store';
import type { WebPushChannel } from './web-push-channel';

export interface ReminderNotifierOptions {
  readonly store: NotifyStore;
  readonly members: MemberDirectory;
  readonly webPush: WebPushChannel;
  /** Absent while the household has no ntfy server and topic. */
  readonly ntfy: NtfyTarget | undefined;
  readonly timezone: string;
  readonly language: NotifyLanguage;
  readonly appUrl: string | undefined;
  readonly clock: () => Date;
  readonly trace: (stage: string, data: unknown) => void;
  /** Everyone's quiet hours from the Settings screen, asked at each notice; a member's own win. */
  readonly householdQuietHours?: () => QuietHours | null;
}

/** What happened for one member: pushes delivered, ntfy sent, or held back until the quiet hours end. */
export interface MemberDelivery {
  readonly member_id: string;
  readonly pushed: number;
  readonly ntfy: boolean;
  readonly held_until?: string;
}

/**
 * Tells the right people that a reminder is due, on each channel they chose: its member,
 * or everyone when it belongs to no one. In-page notices and the desktop's own
 * notification come from the household's `reminder.due` event itself; this adds the
 * channels that reach a phone whose app is closed.
 */
export class ReminderNotifier {
  constructor(private readonly o: ReminderNotifierOptions) {}

  recipients(reminder: Reminder): readonly NotifyMember[] {
    const assignee = assigneeOf(reminder);
    const member = assignee ? this.o.members.get(assignee) : undefined;
    // A reminder for someone the household no longer knows still reaches someone.
    return member ? [member] : this.o.members.list();
  }

  async reminderDue(reminder: Reminder): Promise<MemberDelivery[]> {
    const now = this.o.clock();
    const deliveries: MemberDelivery[] = [];
    for (const member of this.recipients(reminder)) {
      const settings = this.o.store.settingsOf(member.id);
      const until = quietUntil(this.quietHoursOf(settings.quiet_hours), now, this.o.timezone);
      if (until) {
        this.o.store.defer(member.id, reminder, until.getTime());
        deliveries.push({ member_id: member.id, pushed: 0, ntfy: false, held_until: until.toISOString() });
        continue;
      }
      deliveries.push(await this.deliver(member, reminder));
    }
    this.o.trace('reminder_notified', { reminder_id: reminder.id, deliveries });
    return deliveries;
  }

  /** Sends what quiet hours held back, once they are over. */
  async deliverHeld(now: Date = this.o.clock()): Promise<MemberDelivery[]> {
    const deliveries: MemberDelivery[] = [];
    for (const notice of this.o.store.takeDeferred(now.getTime())) {
      const member = this.o.members.get(notice.memberId);
      if (member) deliveries.push(await this.deliver(member, notice.reminder));
    }
    if (deliveries.length > 0) this.o.trace('held_notified', { deliveries });
    return deliveries;
  }

  /**
   * A message for one member now, on the channels they chose (an admin asked to approve, a
   * child told the answer). Quiet hours do not hold it back: the request waits only so long.
   */
  async tell(
    memberId: string,
    message: { readonly push: ApprovalPushMessage; readonly ntfy: Omit<NtfyMessage, 'click'> },
  ): Promise<MemberDelivery | undefined> {
    const member = this.o.members.get(memberId);
    if (!member) return undefined;
    const settings = this.o.store.settingsOf(member.id);
    let pushed = 0;
    if (settings.push) {
      const subscriptions = this.o.store.subscriptionsOf(member.id);
      const outcomes = await Promise.all(subscriptions.map((sub) => this.o.webPush.send(sub, message.push)));
      outcomes.forEach((outcome, i) => {
        if (outcome === 'delivered') pushed += 1;
        if (outcome === 'gone') this.o.store.removeSubscription(subscriptions[i]!.endpoint);
      });
    }
    let ntfy = false;
    if (settings.ntfy && this.o.ntfy) {
      const click = this.o.appUrl ? new URL(message.push.url, this.o.appUrl).toString() : undefined;
      ntfy = await publishToNtfy(this.o.ntfy, { ...message.ntfy, ...(click ? { click } : {}) });
    }
    const delivery = { member_id: member.id, pushed, ntfy };
    this.o.trace('message_notified', { kind: message.push.kind, delivery });
    return delivery;
  }

  private quietHoursOf(own: QuietHours | null): QuietHours | null {
    return effectiveQuietHours(own, this.o.householdQuietHours?.() ?? null);
  }

  private async deliver(member: NotifyMember, reminder: Reminder): Promise<MemberDelivery> {
    const settings = this.o.store.settingsOf(member.id);
    const language = member.language ?? this.o.language;
    let pushed = 0;
    if (settings.push) {
      const message = pushMessageFor(reminder, language);
      const subscriptions = this.o.store.subscriptionsOf(member.id);
      const outcomes = await Promise.all(subscriptions.map((sub) => this.o.webPush.send(sub, message)));
      outcomes.forEach((outcome, i) => {
        if (outcome === 'delivered') pushed += 1;
        if (outcome === 'gone') this.o.store.removeSubscription(subscriptions[i]!.endpoint);
      });
    }
    let ntfy = false;
    if (settings.ntfy && this.o.ntfy) ntfy = await publishToNtfy(this.o.ntfy, ntfyMessageFor(reminder, language, this.o.appUrl));
    return { member_id: member.id, pushed, ntfy };
  }
}
