import type { ComponentType } from 'react';
import { HOME_INTEGRATIONS, type HomeIntegrationId } from '../../../../src-shared';
import type { Store } from '../../store';
import { HOME_OVERVIEWS } from '../../store/home-overviews';
import { ChecksSection } from './ChecksSection';
import { HomeAssistantSection } from './HomeAssistantSection';
import { HueSection } from './HueSection';
import { MachinesSection } from './MachinesSection';
import { ServerSection } from './ServerSection';
import { NetworkSection } from './NetworkSection';
import { CamerasSection } from './CamerasSection';

/**
 * One entry per card of the Zuhause screen, in the order the screen shows them. Each section
 * owns its card (and its "not set up" card); `load` fetches what it shows when the screen opens.
 */
export interface ZuhauseSection {
  readonly id: string;
  readonly View: ComponentType;
  readonly load?: (store: Store) => void;
}

/** The card of each row of HOME_INTEGRATIONS (and its name in an error): a new row without one does not compile. */
const INTEGRATION_VIEWS: { readonly [I in HomeIntegrationId]: { readonly card: string; readonly View: ComponentType } } = {
  hue: { card: 'hue', View: HueSection },
  machines: { card: 'machines', View: MachinesSection },
  proxmox: { card: 'server', View: ServerSection },
  unifi: { card: 'network', View: NetworkSection },
  protect: { card: 'cameras', View: CamerasSection },
};

/** Cards beside an integration's own: the network checks after the computers, the stacks with the server. */
const ALONGSIDE: Partial<Record<HomeIntegrationId, readonly ZuhauseSection[]>> = {
  machines: [
    { id: 'checks', View: ChecksSection },
    { id: 'homeassistant', View: HomeAssistantSection, load: (s) => void s.loadHomeAssistant() },
  ],
};

/** The stacks share the server's card; they are core tools of JARVIS, not an integration's skill. */
const ALSO_LOADS: Partial<Record<HomeIntegrationId, (store: Store) => void>> = {
  proxmox: (s) => void s.loadStacks(),
};

export const SECTIONS: readonly ZuhauseSection[] = HOME_INTEGRATIONS.flatMap(({ id }) => [
  {
    id: INTEGRATION_VIEWS[id].card,
    View: INTEGRATION_VIEWS[id].View,
    load: (s: Store) => {
      void HOME_OVERVIEWS[id].load(s);
      ALSO_LOADS[id]?.(s);
    },
  },
  ...(ALONGSIDE[id] ?? []),
]);
