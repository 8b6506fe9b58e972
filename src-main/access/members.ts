// Whom a paired device may act for. The household's members live in the household
// capability (its MembersService is such a directory); access takes this narrow view of
// them as a constructor argument.
import type { MemberRole } from '../../src-shared';

export interface DirectoryMember {
  readonly id: string;
  readonly name: string;
  /** An admin member's devices may see and revoke every paired device. */
  readonly is_admin: boolean;
  /** What the member's devices may do: read at every request, so a change holds at once. */
  readonly role: MemberRole;
}

export interface MemberDirectory {
  list(): readonly DirectoryMember[];
  get(id: string): DirectoryMember | undefined;
  /** The member the desktop (the loopback listener) acts for. */
  desktopMember(): DirectoryMember;
}
