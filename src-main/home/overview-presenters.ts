import type { HomeMachine, HueOverview, LiveStatus, ProxmoxOverview, UnifiOverview } from '../../src-shared';
import { liveStatusOf } from './live-status';
import { cameraView, type SkillCamera } from './protect-cameras';
import type { ProtectEventFollower } from './protect-events';
import type { OverviewPresenters } from './routes';

export interface OverviewPresentersDeps {
  /** Whether the master follows the Hue bridge's event stream right now. */
  readonly hueLive: () => LiveStatus;
  /** Undefined while UNIFI_URL or UNIFI_API_KEY is not in JARVIS's own settings. */
  readonly protectEvents?: ProtectEventFollower;
}

/** What each integration's overview route answers, beside its skill's data: live status, detections. */
export function overviewPresenters(deps: OverviewPresentersDeps): OverviewPresenters {
  return {
    hue: {
      ready: (data) => ({ state: 'ready', hue: data as HueOverview, ...deps.hueLive() }),
      problem: (problem) => ({ ...problem, ...deps.hueLive() }),
    },
    machines: { ready: (data) => ({ state: 'ready', machines: (data as { machines: HomeMachine[] }).machines }) },
    proxmox: { ready: (data) => ({ state: 'ready', proxmox: data as ProxmoxOverview }) },
    unifi: { ready: (data) => ({ state: 'ready', unifi: data as UnifiOverview }) },
    protect: {
      ready: (data) => {
        const follower = deps.protectEvents;
        const cameras = (data as { cameras: SkillCamera[] }).cameras.map((c) => cameraView(c, follower?.latestOf(c.id)));
        // The detections follow the console's subscription: while it is down, since when nothing came.
        return { state: 'ready', cameras, ...(follower ? liveStatusOf(follower.state()) : {}) };
      },
    },
  };
}
