// Who the household is, as notifications need it. The household's member directory
// provides this; until it is wired in, the household is its one desktop member.

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

export const DESKTOP_MEMBER_ID = 'desktop';

/** A household that has not named its members yet: everyone is the desktop user. */
export function desktopOnlyMembers(name = 'Zuhause'): MemberDirectory {
  const desktop: NotifyMember = Object.freeze({ id: DESKTOP_MEMBER_ID, name });
  return {
    list: () => [desktop],
    get: (id) => (id === desktop.id ? desktop : undefined),
    desktopMember: () => desktop,
  };
}

/** The member a reminder belongs to; null = everyone. */
export function assigneeOf(reminder: object): string | null {
  const value = (reminder as { assignee?: unknown }).assignee;
  return typeof value === 'string' && value ? value : null;
}
