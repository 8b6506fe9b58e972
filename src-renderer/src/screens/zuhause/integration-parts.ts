import type { HomeIntegrationId } from '../../../../src-shared';
import type { AnyIntegrationPart, IntegrationPart } from './integration-part';
import { huePart } from './parts/hue';
import { machinesPart } from './parts/machines';
import { protectPart } from './parts/protect';
import { proxmoxPart } from './parts/proxmox';
import { unifiPart } from './parts/unifi';

/** The small part of each row of HOME_INTEGRATIONS on the Zuhause screen: a new row without one does not compile. */
export const INTEGRATION_PARTS: { readonly [I in HomeIntegrationId]: IntegrationPart<I> } = {
  hue: huePart,
  machines: machinesPart,
  proxmox: proxmoxPart,
  unifi: unifiPart,
  protect: protectPart,
};

export function partOf(id: HomeIntegrationId): AnyIntegrationPart {
  // Each part is typed by its own overview; the generic sections hand it only that overview.
  return INTEGRATION_PARTS[id] as unknown as AnyIntegrationPart;
}
