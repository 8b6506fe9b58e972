// The home integrations, one row each: what the master's overview route, its device events,
// the Zuhause screen's sections per device kind and the screen's generic action read. Adding
// an integration is a skill folder under skills/home/ plus one row here; the compiler then
// names every place that must know it (the master's presenter, the screen's overview slot and
// its small part: setup steps, its own controls).
import type { ApiRoutes } from './api-routes';
import type { HomeDeviceKind } from './home-devices';
import { HOME_CONTROL_TOOLS } from './home-control';
import { HOME_SERVER_TOOLS } from './home-control-server';

/**
 * How the screen learns that an integration's devices changed (each as the event
 * `home.<kind>.changed` of every kind the row contributes, src-shared/home-devices.ts):
 * - `live_stream`: the master follows the device's own event stream and pushes each change;
 *   while the stream is down, the screen reads the overview again after its own actions.
 * - `changed_event`: the master publishes the event after every successful change, whoever made it.
 * - `none`: nothing changes the overview but the household's settings.
 */
export type HomeIntegrationUpdates = 'live_stream' | 'changed_event' | 'none';

export interface HomeIntegrationRow {
  readonly id: string;
  /** The skill's id in its skill.json (`home.hue`): its tools are `skill_home_hue_<action>`. */
  readonly skill: string;
  /** What the family sees as the section's name. */
  readonly words: { readonly de: string; readonly en: string };
  /**
   * The shared device views its overview returns (src-shared/home-devices.ts): for each kind,
   * the list in the overview's data that holds them.
   */
  readonly devices: Partial<Readonly<Record<HomeDeviceKind, string>>>;
  /** The read action whose result the overview route shows. */
  readonly overviewTool: string;
  /** The route the screen reads the overview from. */
  readonly route: keyof ApiRoutes & `GET /api/home/${string}`;
  /** Where the household connects it in Settings (undefined: settings only in the environment). */
  readonly connect: (keyof ApiRoutes & `POST /api/settings/connections/${string}`) | undefined;
  readonly updates: HomeIntegrationUpdates;
}

export const HOME_INTEGRATIONS = [
  {
    id: 'hue',
    skill: 'home.hue',
    words: { de: 'Licht', en: 'Lights' },
    devices: { light: 'lights' },
    overviewTool: HOME_CONTROL_TOOLS.hueOverview,
    route: 'GET /api/home/hue',
    connect: 'POST /api/settings/connections/hue',
    updates: 'live_stream',
  },
  {
    id: 'machines',
    skill: 'home.network',
    words: { de: 'Computer', en: 'Computers' },
    devices: { machine: 'machines' },
    overviewTool: HOME_CONTROL_TOOLS.machines,
    route: 'GET /api/home/machines',
    connect: undefined,
    updates: 'none',
  },
  {
    id: 'proxmox',
    skill: 'home.proxmox',
    words: { de: 'Server', en: 'Server' },
    devices: { machine: 'guests' },
    overviewTool: HOME_SERVER_TOOLS.proxmoxOverview,
    route: 'GET /api/home/proxmox',
    connect: 'POST /api/settings/connections/proxmox',
    updates: 'changed_event',
  },
  {
    id: 'unifi',
    skill: 'home.unifi.network',
    words: { de: 'Netzwerk', en: 'Network' },
    devices: { network_client: 'clients' },
    overviewTool: HOME_SERVER_TOOLS.unifiOverview,
    route: 'GET /api/home/unifi',
    connect: 'POST /api/settings/connections/unifi',
    updates: 'changed_event',
  },
  {
    id: 'protect',
    skill: 'home.unifi.protect',
    words: { de: 'Kameras', en: 'Cameras' },
    devices: { camera: 'cameras' },
    overviewTool: HOME_SERVER_TOOLS.protectCameras,
    route: 'GET /api/home/protect',
    connect: 'POST /api/settings/connections/unifi',
    updates: 'changed_event',
  },
] as const satisfies readonly HomeIntegrationRow[];

export type HomeIntegrationId = (typeof HOME_INTEGRATIONS)[number]['id'];
export type HomeIntegration = (typeof HOME_INTEGRATIONS)[number];

/** The prefix of every tool of a skill: `home.unifi.network` -> `skill_home_unifi_network_`. */
export function skillToolPrefix(skill: string): string {
  return `skill_${skill.replace(/[^A-Za-z0-9]/g, '_')}_`;
}

/** The integration whose skill offers `tool`, or undefined for any other tool. */
export function integrationOfTool(tool: string): HomeIntegration | undefined {
  return HOME_INTEGRATIONS.find((row) => tool.startsWith(skillToolPrefix(row.skill)));
}
