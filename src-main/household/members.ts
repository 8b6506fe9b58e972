// The household's members: the desktop member made on the first run, the household's own
// management (create, update, remove), and who an item's `assignee` names.
import type {
  AssignedCounts,
  HomeDomain,
  Member,
  MemberCreateRequest,
  MemberLanguage,
  MemberRemoveChoice,
  MemberRemoveResponse,
  MemberRole,
  MemberUpdateRequest,
} from '../../src-shared';
import { isMemberRole, MEMBER_COLORS, MEMBER_ID_PREFIX, MEMBER_LANGUAGES, MEMBER_NAME_MAX, MEMBER_ROLES } from '../../src-shared';
import type { MemberRecord } from './store';
import type { HouseholdStore } from './household-store';
import { newPrefixedId } from './store';
import { HomeError } from './errors';
import { toRfc3339 } from './time';

/** What other capabilities read of the members (the LAN pairing, devices, notifications). */
export interface MemberDirectory {
  list(): readonly Member[];
  /** undefined for an unknown id. */
  get(id: string): Member | undefined;
  /** The member the desktop (loopback requests) acts for; there always is one. */
  desktopMember(): Member;
}

export interface MembersOptions {
  readonly store: HouseholdStore;
  readonly timezone: string;
  readonly clock: () => Date;
  /** The language a new member starts with. */
  readonly language: MemberLanguage;
  /** The desktop's user name; the first run makes the desktop member from it. */
  readonly desktopUser: string;
  /** Called after every change of the members, with the other domains the change touched. */
  readonly changed?: (alsoTouched: readonly HomeDomain[]) => void;
}

/** A removal makes the member's items everyone's, and the member's row leaves the chore chart. */
function touchedByRemoval(unassigned: AssignedCounts): HomeDomain[] {
  const items: [HomeDomain, number][] = [
    ['calendar', unassigned.events],
    ['tasks', unassigned.tasks],
    ['reminders', unassigned.reminders],
    ['kanban', unassigned.kanban],
  ];
  return [...items.filter(([, n]) => n > 0).map(([d]) => d), 'chores'];
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
// Words the assignee arguments read as "the asking member" or "no filter", never as names.
const RESERVED = new Set(['me', 'mine', 'ich', 'mich', 'mir', 'everyone', 'all', 'alle']);
// Control characters would break a list line or a notification title.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function presentMember(m: MemberRecord, tz: string): Member {
  return {
    id: m.id,
    name: m.name,
    color: m.color,
    initial: m.initial,
    language: m.language,
    role: m.role,
    is_admin: m.role === 'admin',
    is_desktop: m.isDesktop,
    created_at: toRfc3339(m.createdMs, tz),
  };
}

function firstLetter(name: string): string {
  return ([...name][0] ?? '?').toLocaleUpperCase();
}

function checkName(name: string, path = '/name'): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new HomeError('INVALID_INPUT', 'Der Name fehlt.', path);
  if ([...trimmed].length > MEMBER_NAME_MAX)
    throw new HomeError('INVALID_INPUT', `Der Name ist länger als ${MEMBER_NAME_MAX} Zeichen.`, path);
  if (CONTROL.test(trimmed)) throw new HomeError('INVALID_INPUT', 'Der Name enthält Steuerzeichen.', path);
  if (RESERVED.has(trimmed.toLowerCase()) || trimmed.startsWith(MEMBER_ID_PREFIX))
    throw new HomeError('INVALID_INPUT', `„${trimmed}“ kann kein Name sein.`, path);
  return trimmed;
}

function checkColor(color: string): string {
  if (!COLOR.test(color)) throw new HomeError('INVALID_INPUT', 'Die Farbe muss die Form #rrggbb haben.', '/color');
  return color.toLowerCase();
}

function checkInitial(initial: string): string {
  const chars = [...initial.trim()];
  if (chars.length !== 1 || CONTROL.test(chars[0]!))
    throw new HomeError('INVALID_INPUT', 'Der Buchstabe muss genau ein Zeichen sein.', '/initial');
  return chars[0]!.toLocaleUpperCase();
}

function checkLanguage(language: string): MemberLanguage {
  if (!(MEMBER_LANGUAGES as readonly string[]).includes(language))
    throw new HomeError('INVALID_INPUT', `Die Sprache muss ${MEMBER_LANGUAGES.join(' oder ')} sein.`, '/language');
  return language as MemberLanguage;
}

function checkRole(role: string): MemberRole {
  if (!isMemberRole(role)) throw new HomeError('INVALID_INPUT', `Die Rolle muss ${MEMBER_ROLES.join(', ')} sein.`, '/role');
  return role;
}

/** The role a request asks for: `role` wins; `is_admin` is the older spelling of admin or not. */
function requestedRole(req: MemberUpdateRequest, before: MemberRole | undefined): MemberRole | undefined {
  if (req.role !== undefined) return checkRole(req.role);
  if (req.is_admin === true) return 'admin';
  if (req.is_admin === false) return before === 'admin' || before === undefined ? 'adult' : before;
  return undefined;
}

/** A user name as a person's name: "paul" -> "Paul"; an unusable one becomes "Desktop". */
export function nameOfDesktopUser(user: string): string {
  const trimmed = user.trim().slice(0, MEMBER_NAME_MAX);
  if (trimmed.length === 0 || CONTROL.test(trimmed) || RESERVED.has(trimmed.toLowerCase()) || trimmed.startsWith(MEMBER_ID_PREFIX))
    return 'Desktop';
  return trimmed[0]!.toLocaleUpperCase() + trimmed.slice(1);
}

export class MembersService implements MemberDirectory {
  private readonly store: HouseholdStore;
  private readonly tz: string;
  private readonly clock: () => Date;
  private readonly language: MemberLanguage;
  private readonly changed: (alsoTouched: readonly HomeDomain[]) => void;

  constructor(options: MembersOptions) {
    this.store = options.store;
    this.tz = options.timezone;
    this.clock = options.clock;
    this.language = options.language;
    this.changed = options.changed ?? (() => {});
    if (!this.store.members.desktop()) this.makeDesktopMember(options.desktopUser);
  }

  private makeDesktopMember(user: string): void {
    const name = nameOfDesktopUser(user);
    // A member of that name may exist from before (a database moved to another computer).
    const existing = this.store.members.byName(name);
    if (existing) {
      this.store.members.markDesktop(existing.id);
      return;
    }
    this.store.members.insert({
      id: newPrefixedId(MEMBER_ID_PREFIX),
      name,
      color: MEMBER_COLORS[0],
      initial: firstLetter(name),
      language: this.language,
      role: 'admin',
      isDesktop: true,
      createdMs: this.clock().getTime(),
    });
  }

  list(): Member[] {
    return this.store.members.all().map((m) => presentMember(m, this.tz));
  }

  get(id: string): Member | undefined {
    const m = this.store.members.get(id);
    return m && presentMember(m, this.tz);
  }

  desktopMember(): Member {
    return presentMember(this.store.members.desktop()!, this.tz);
  }

  /** The member a request acts for: its own when given and known, else the desktop member. */
  memberOf(memberId: string | undefined): Member {
    return (memberId !== undefined ? this.get(memberId) : undefined) ?? this.desktopMember();
  }

  /** The member a name (any case) or an id stands for. */
  find(nameOrId: string): Member | undefined {
    const m = nameOrId.startsWith(MEMBER_ID_PREFIX) ? this.store.members.get(nameOrId) : this.store.members.byName(nameOrId.trim());
    return m && presentMember(m, this.tz);
  }

  create(req: MemberCreateRequest): Member {
    const name = checkName(req.name);
    const created = this.store.transaction(() => {
      if (this.store.members.byName(name)) throw new HomeError('NAME_TAKEN', `Ein Mitglied „${name}“ gibt es schon.`, '/name');
      const used = new Set(this.store.members.all().map((m) => m.color));
      const record: MemberRecord = {
        id: newPrefixedId(MEMBER_ID_PREFIX),
        name,
        color:
          req.color !== undefined
            ? checkColor(req.color)
            : (MEMBER_COLORS.find((c) => !used.has(c)) ?? MEMBER_COLORS[used.size % MEMBER_COLORS.length]!),
        initial: req.initial !== undefined ? checkInitial(req.initial) : firstLetter(name),
        language: req.language !== undefined ? checkLanguage(req.language) : this.language,
        role: requestedRole(req, undefined) ?? 'adult',
        isDesktop: false,
        createdMs: this.clock().getTime(),
      };
      this.store.members.insert(record);
      return record;
    });
    this.changed([]);
    return presentMember(created, this.tz);
  }

  update(id: string, req: MemberUpdateRequest): Member {
    const updated = this.store.transaction(() => {
      const before = this.required(id);
      const name = req.name !== undefined ? checkName(req.name) : before.name;
      const same = this.store.members.byName(name);
      if (same && same.id !== id) throw new HomeError('NAME_TAKEN', `Ein Mitglied „${name}“ gibt es schon.`, '/name');
      const role = requestedRole(req, before.role) ?? before.role;
      if (before.isDesktop && role !== 'admin')
        throw new HomeError('CONFLICT', 'Das Mitglied dieses Computers bleibt Verwalter.', req.role !== undefined ? '/role' : '/is_admin');
      const record: MemberRecord = {
        ...before,
        name,
        color: req.color !== undefined ? checkColor(req.color) : before.color,
        // A rename without a new letter takes the new name's first letter when the old letter was the old name's.
        initial:
          req.initial !== undefined
            ? checkInitial(req.initial)
            : req.name !== undefined && before.initial === firstLetter(before.name)
              ? firstLetter(name)
              : before.initial,
        language: req.language !== undefined ? checkLanguage(req.language) : before.language,
        role,
      };
      this.store.members.update(record);
      return record;
    });
    this.changed([]);
    return presentMember(updated, this.tz);
  }

  /** How many items are assigned to a member. */
  assigned(id: string): AssignedCounts {
    this.required(id);
    return this.store.members.assignedCounts(id);
  }

  /**
   * Removes a member. Their items are never deleted: with assigned items the removal needs
   * the choice `unassign` (the items become everyone's), else it is refused with the counts.
   */
  remove(id: string, choice?: MemberRemoveChoice): MemberRemoveResponse {
    const result = this.store.transaction(() => {
      const member = this.required(id);
      if (member.isDesktop) throw new HomeError('CONFLICT', 'Das Mitglied dieses Computers kann nicht entfernt werden.', '/id');
      const counts = this.store.members.assignedCounts(id);
      const total = counts.tasks + counts.events + counts.reminders + counts.kanban;
      if (total > 0 && choice !== 'unassign')
        throw new HomeError(
          'MEMBER_HAS_ITEMS',
          `${member.name} sind noch ${total} ${total === 1 ? 'Eintrag' : 'Einträge'} zugeordnet. Beim Entfernen werden sie allen zugeordnet (assigned=unassign).`,
          '/assigned',
        );
      this.store.members.unassign(id);
      this.store.members.delete(id);
      return { member: presentMember(member, this.tz), unassigned: counts };
    });
    this.changed(touchedByRemoval(result.unassigned));
    return result;
  }

  private required(id: string): MemberRecord {
    const m = this.store.members.get(id);
    if (!m) throw new HomeError('NOT_FOUND', 'Dieses Mitglied gibt es nicht (mehr).', '/id');
    return m;
  }
}
