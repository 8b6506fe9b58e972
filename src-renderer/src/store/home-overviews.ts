import {
  applyHueLightChanges,
  HOME_INTEGRATIONS,
  type ApiRoutes,
  type HomeDeviceChange,
  type HomeDevicesChangedEvent,
  type HomeIntegration,
  type HomeIntegrationId,
} from '../../../src-shared';
import type { Resource } from './resource';
import type { Store } from './index';

type RowOf<I extends HomeIntegrationId> = Extract<HomeIntegration, { id: I }>;
/** What the integration's overview route answers. */
export type OverviewOf<I extends HomeIntegrationId> = ApiRoutes[RowOf<I>['route']]['response'];
/** Its answer when the devices could be read. */
export type ReadyOverviewOf<I extends HomeIntegrationId> = Extract<OverviewOf<I>, { state: 'ready' }>;

/** The store fields the overviews are kept in. */
export type OverviewKey = 'hue' | 'machines' | 'proxmox' | 'unifi' | 'protect';

export interface HomeOverview<I extends HomeIntegrationId> {
  /** The store field the overview is kept in. */
  readonly key: OverviewKey;
  readonly load: (store: Store) => Promise<void>;
  /** The skill's data inside the route's answer: where the row's device lists are. */
  readonly skillData: (ready: ReadyOverviewOf<I>) => object;
  /**
   * A device event's changes or live status applied to the overview the screen holds; without
   * it (or when it gives undefined) the screen reads the overview again.
   */
  readonly apply?: (data: OverviewOf<I>, event: HomeDevicesChangedEvent) => OverviewOf<I> | undefined;
}

/** Where each row of HOME_INTEGRATIONS keeps and loads its overview: a new row without one does not compile. */
export const HOME_OVERVIEWS: { readonly [I in HomeIntegrationId]: HomeOverview<I> } = {
  hue: {
    key: 'hue',
    load: (s) => s.loadHue(),
    skillData: (ready) => ready.hue,
    apply(data, event) {
      if (event.live) {
        const { last_live_update: _stale, ...rest } = data;
        return { ...rest, ...event.live };
      }
      if (!event.changes) return undefined;
      const lights = event.changes.filter((c): c is HomeDeviceChange<'light'> => c.kind === 'light');
      return data.state === 'ready' ? { ...data, hue: applyHueLightChanges(data.hue, lights) } : data;
    },
  },
  machines: { key: 'machines', load: (s) => s.loadMachines(), skillData: (ready) => ready },
  proxmox: { key: 'proxmox', load: (s) => s.loadProxmox(), skillData: (ready) => ready.proxmox },
  unifi: { key: 'unifi', load: (s) => s.loadUnifi(), skillData: (ready) => ready.unifi },
  protect: { key: 'protect', load: (s) => s.loadProtect(), skillData: (ready) => ready },
};

/** The overview slot of an integration named in an event (undefined for one this screen does not know). */
export function overviewOf(id: string): HomeOverview<HomeIntegrationId> | undefined {
  return HOME_INTEGRATIONS.some((row) => row.id === id)
    ? (HOME_OVERVIEWS[id as HomeIntegrationId] as HomeOverview<HomeIntegrationId>)
    : undefined;
}

/** The resource an integration's overview is kept in. */
export function overviewResource(store: Store, id: HomeIntegrationId): Resource<OverviewOf<HomeIntegrationId>> {
  return store[HOME_OVERVIEWS[id].key] as Resource<OverviewOf<HomeIntegrationId>>;
}

/** Whether the master follows the overview's devices live right now (its `live` flag). */
export function followedLive(overview: object | undefined): boolean {
  return overview !== undefined && 'live' in overview && overview.live === true;
}
