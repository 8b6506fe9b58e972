// Which calendar collection an event or task lives in, and who may open which one. The
// one place that maps the household's members onto CalDAV collections: a member's own
// calendar and task list, and the family's. When events get several assignees, only
// `collectionOfObject` and `seesCollection` change.
import type { Member } from '../../src-shared';
import type { ObjectKind } from './store';

export const FAMILY = 'familie';
/** The family's colour where it has none of its own (the app's accent). */
export const FAMILY_COLOR = '#2f80ed';

/**
 * Whether an admin's devices also see the other members' own calendars. Off: a member's
 * calendar is private to that member; the family calendar is everyone's. The roles of the
 * household (admin, adult, child, guest) decide here once they are finer than is_admin.
 */
export const ADMINS_SEE_MEMBER_CALENDARS = false;

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

/** The collection an event or task is in, by whom it is for (null = everyone's). */
export function collectionOfObject(kind: ObjectKind, assignee: string | null): string {
  const owner = assignee ?? FAMILY;
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

/** Whether a device acting for `viewer` may read and write collection `c`. */
export function seesCollection(viewer: Pick<Member, 'id' | 'is_admin'>, c: Pick<Collection, 'owner'>): boolean {
  if (c.owner === null || c.owner === viewer.id) return true;
  return ADMINS_SEE_MEMBER_CALENDARS && viewer.is_admin;
}
