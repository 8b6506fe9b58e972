import type { MemberRole } from '../../../src-shared';
import { useStore } from '../store';

/** The role the state reports for this device (before the first state: none, so nothing admin shows). */
export function useViewerRole(): MemberRole | undefined {
  return useStore((s) => s.home.data?.viewer_role);
}

export function useIsAdmin(): boolean {
  return useViewerRole() === 'admin';
}

/** Adults and admins see the family's documents and the cameras. */
export function useIsAdult(): boolean {
  const role = useViewerRole();
  return role === 'admin' || role === 'adult';
}
