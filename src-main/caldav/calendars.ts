// Which calendar collection an event or task lives in, and who may open which one. The
// one place that maps the household's members onto CalDAV collections: a member's own
// calendar and task list, and the family's.
import type { Member, MemberRole } from '../../src-shared';
import type { ObjectKind } from './store';

export const FAMILY = 'familie';
/** The family's colour where it has none of its own (the app's accent). */
export const FAMILY_COLOR = '#2f80ed';

/**
 * Whose own calendars a role sees besides its own and the family's. A parent (admin or
 * adult) keeps an eye on the children's calendars; another adult's calendar stays private,
 * and a child or a guest sees no one else's.
 */
const SEES_CALENDARS_OF: Readonly<Record<MemberRole, readonly MemberRole[]>> = {
  admin: ['child'],
  adult: ['child'],
  child: [],
  guest: [],
};

export interface Collection {
  /** The path segment under the calendar home. */
  readonly id: string;
  /** The member it belongs to; null for the family's. */
  readonly owner: string | null;
  readonly kind: ObjectKind;
  readonly displayName: string;
  readonly color: string;
}

const WORDS = {
  de: { family: 'Familie', tasks: (who: string) => `Aufgaben ${who}`, familyTasks: 'Aufgaben Familie' },
  en: { family: 'Family', tasks: (who: string) => `${who}'s tasks`, familyTasks: 'Family tasks' },
} as const;

function tasksId(owner: string): string {
  return `${owner}-aufgaben`;
}

/**
 * The collection an event or task is in, by whom it is for: one member, their own; no one
 * (everyone's) or several members, the family's, where each of them (and everyone else of
 * the household) sees it once, under one UID, rather than as copies that drift apart.
 */
export function collectionOfObject(kind: ObjectKind, assignees: readonly string[]): string {
  const owner = assignees.length === 1 ? assignees[0]! : FAMILY;
  return kind === 'event' ? owner : tasksId(owner);
}

/** Every collection of the household: the family's calendar and task list, then each member's. */
export function collectionsOf(members: readonly Member[], language: 'de' | 'en'): Collection[] {
  const w = WORDS[language];
  const out: Collection[] = [
    { id: FAMILY, owner: null, kind: 'event', displayName: w.family, color: FAMILY_COLOR },
    { id: tasksId(FAMILY), owner: null, kind: 'task', displayName: w.familyTasks, color: FAMILY_COLOR },
  ];
  for (const m of members) {
    out.push({ id: m.id, owner: m.id, kind: 'event', displayName: m.name, color: m.color });
    out.push({ id: tasksId(m.id), owner: m.id, kind: 'task', displayName: w.tasks(m.name), color: m.color });
  }
  return out;
}

/**
 * Whether a device acting for `viewer` may read and write collection `c`; `roleOf` answers
 * the role of the collection's owner (undefined for someone no longer in the household).
 */
export function seesCollection(
  viewer: Pick<Member, 'id' | 'role'>,
  c: Pick<Collection, 'owner'>,
  roleOf: (memberId: string) => MemberRole | undefined,
): boolean {
  if (c.owner === null || c.owner === viewer.id) return true;
  const owner = roleOf(c.owner);
  return owner !== undefined && SEES_CALENDARS_OF[viewer.role].includes(owner);
}
