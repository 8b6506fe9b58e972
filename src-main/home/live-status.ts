import type { LiveStatus } from '../../src-shared';
import type { FollowerState } from './reconnecting-follower';

/** What the screen reads of a follower: live, or the time of the last sign of life while it is down. */
export function liveStatusOf(state: FollowerState | undefined): LiveStatus {
  if (!state) return { live: false };
  return state.live || !state.lastHeard ? { live: state.live } : { live: false, last_live_update: state.lastHeard };
}
