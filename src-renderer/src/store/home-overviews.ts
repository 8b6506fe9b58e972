import type { HomeIntegrationId } from '../../../src-shared';
import type { Resource } from './resource';
import type { Store } from './index';

export interface HomeOverview {
  /** The resource the integration's overview is kept in. */
  readonly resource: (store: Store) => Resource<object>;
  readonly load: (store: Store) => Promise<void>;
}

/** Where each row of HOME_INTEGRATIONS keeps and loads its overview: a new row without one does not compile. */
export const HOME_OVERVIEWS: { readonly [I in HomeIntegrationId]: HomeOverview } = {
  hue: { resource: (s) => s.hue, load: (s) => s.loadHue() },
  machines: { resource: (s) => s.machines, load: (s) => s.loadMachines() },
  proxmox: { resource: (s) => s.proxmox, load: (s) => s.loadProxmox() },
  unifi: { resource: (s) => s.unifi, load: (s) => s.loadUnifi() },
  protect: { resource: (s) => s.protect, load: (s) => s.loadProtect() },
};

/** Whether the master follows the overview's devices live right now (its `live` flag). */
export function followedLive(overview: object | undefined): boolean {
  return overview !== undefined && 'live' in overview && overview.live === true;
}
