import type { ComponentType } from 'react';
import type { Store } from '../../store';
import { ChecksSection } from './ChecksSection';
import { HomeAssistantSection } from './HomeAssistantSection';
import { HueSection } from './HueSection';
import { MachinesSection } from './MachinesSection';
import { ServerSection } from './ServerSection';
import { NetworkSection } from './NetworkSection';
import { CamerasSection } from './CamerasSection';

/**
 * One entry per integration, in the order the Zuhause screen shows them. Each section owns
 * its card (and its "not set up" card); `load` fetches what it shows when the screen opens.
 */
export interface ZuhauseSection {
  readonly id: string;
  readonly View: ComponentType;
  readonly load?: (store: Store) => void;
}

export const SECTIONS: readonly ZuhauseSection[] = [
  { id: 'hue', View: HueSection, load: (s) => void s.loadHue() },
  { id: 'machines', View: MachinesSection, load: (s) => void s.loadMachines() },
  { id: 'checks', View: ChecksSection },
  { id: 'homeassistant', View: HomeAssistantSection, load: (s) => void s.loadHomeAssistant() },
  { id: 'server', View: ServerSection, load: (s) => void Promise.all([s.loadProxmox(), s.loadStacks()]) },
  { id: 'network', View: NetworkSection, load: (s) => void s.loadUnifi() },
  { id: 'cameras', View: CamerasSection, load: (s) => void s.loadProtect() },
];
