import { createElement, type ComponentType } from 'react';
import { HOME_DEVICE_KINDS, type HomeDeviceKind } from '../../../../src-shared';
import type { Store } from '../../store';
import { HOME_OVERVIEWS } from '../../store/home-overviews';
import { ChecksSection } from './ChecksSection';
import { contributorsOf, DeviceKindSection } from './DeviceKindSection';
import { HomeAssistantSection } from './HomeAssistantSection';
import { StacksSection } from './StacksSection';

/**
 * One entry per card of the Zuhause screen, in the order the screen shows them: a section per
 * device kind that some integration brings, and the cards beside them. `load` fetches what
 * the card shows when the screen opens.
 */
export interface ZuhauseSection {
  readonly id: string;
  readonly View: ComponentType;
  readonly load?: (store: Store) => void;
}

/** Cards that are not a device kind: the stacks and the network checks after the computers, Home Assistant after the network. */
const ALONGSIDE: Partial<Record<HomeDeviceKind, readonly ZuhauseSection[]>> = {
  machine: [
    { id: 'stacks', View: StacksSection, load: (s) => void s.loadStacks() },
    { id: 'checks', View: ChecksSection },
  ],
  network_client: [{ id: 'homeassistant', View: HomeAssistantSection, load: (s) => void s.loadHomeAssistant() }],
};

/** Where each kind's card stands on the screen: a new kind without a place does not compile. */
const POSITION: Readonly<Record<HomeDeviceKind, number>> = { light: 0, switch: 1, machine: 2, network_client: 3, camera: 4 };

function kindSection(kind: HomeDeviceKind): ZuhauseSection {
  const View = () => createElement(DeviceKindSection, { kind });
  return {
    id: kind,
    View,
    load: (s) => {
      for (const row of contributorsOf(kind)) void HOME_OVERVIEWS[row.id].load(s);
    },
  };
}

/** A kind no integration brings has no card. */
export const SECTIONS: readonly ZuhauseSection[] = [...HOME_DEVICE_KINDS]
  .sort((a, b) => POSITION[a] - POSITION[b])
  .flatMap((kind) => [...(contributorsOf(kind).length > 0 ? [kindSection(kind)] : []), ...(ALONGSIDE[kind] ?? [])]);
