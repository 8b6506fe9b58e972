import type { Reminder } from '../../src-shared';

// Who the household is, as notifications need it: the household's member directory
// satisfies this.

export interface NotifyMember {
  readonly id: string;
  readonly name: string;
  /** The language the member's notifications speak (default: the household's). */
  readonly language?: 'de' | 'en';
}

export interface MemberDirectory {
  list(): readonly NotifyMember[];
  get(id: string): NotifyMember | undefined;
  /** The member who uses the desktop (the loopback listener acts for them). */
  desktopMember(): NotifyMember;
}

/** The member a reminder belongs to; null = everyone. */
export function assigneeOf(reminder: Pick<Reminder, 'assignee'>): string | null {
  return reminder.assignee || null;
}
