// The household's members: who lives here, each with a colour and a letter the screens show,
// and the language their devices speak. Items (tasks, events, reminders, kanban cards) may
// name one member as their assignee.
import type { MemberRole } from './risk';

export const MEMBER_LANGUAGES = ['de', 'en'] as const;
export type MemberLanguage = (typeof MEMBER_LANGUAGES)[number];

/** Colours a new member gets in turn; any `#rrggbb` is accepted. */
export const MEMBER_COLORS = ['#1d64c2', '#c73a24', '#217a45', '#9a5f0a', '#7445c0', '#b52f73', '#0f7c7c', '#5b6270'] as const;

export const MEMBER_ID_PREFIX = 'mem_';
export const MEMBER_NAME_MAX = 40;

export interface Member {
  readonly id: string;
  readonly name: string;
  /** `#rrggbb`. */
  readonly color: string;
  /** The letter of the avatar, one character. */
  readonly initial: string;
  readonly language: MemberLanguage;
  /** What the member may do, on every path: admin, adult, child or guest. */
  readonly role: MemberRole;
  /** `role === 'admin'`: admins manage settings, members, devices and skills. */
  readonly is_admin: boolean;
  /** The member the desktop (loopback) acts for; created on the first run from the desktop's user. */
  readonly is_desktop: boolean;
  readonly created_at: string;
}

export interface MembersResponse {
  readonly members: readonly Member[];
}

export interface MemberCreateRequest {
  readonly name: string;
  readonly color?: string;
  readonly initial?: string;
  readonly language?: MemberLanguage;
  readonly role?: MemberRole;
  /** Older clients: `true` is the role admin, `false` takes an admin back to adult. */
  readonly is_admin?: boolean;
}

export type MemberUpdateRequest = Partial<MemberCreateRequest>;

/**
 * Removing a member who has assigned items needs `?assigned=unassign`: their items stay and
 * belong to everyone. Without it the removal is refused with code MEMBER_HAS_ITEMS.
 */
export const MEMBER_REMOVE_CHOICES = ['unassign'] as const;
export type MemberRemoveChoice = (typeof MEMBER_REMOVE_CHOICES)[number];

/** How many items name a member as assignee. */
export interface AssignedCounts {
  readonly tasks: number;
  readonly events: number;
  readonly reminders: number;
  readonly kanban: number;
}

export interface MemberRemoveResponse {
  readonly member: Member;
  /** The items that were unassigned. */
  readonly unassigned: AssignedCounts;
}

/**
 * The `?assignee=` filter of the list routes: a member id, `mine` (the asking member) or
 * `everyone` (no filter). A member filter lists only the items assigned to that member.
 */
export type AssigneeFilter = 'mine' | 'everyone' | string;
