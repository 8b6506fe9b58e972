// Home control: what the Zuhause screen reads (GET /api/home/<integration>), the live
// updates it patches in, and the tools of the bundled home skills it calls.
import type { HomeDeviceChange, LightView, LiveStatus, MachineView } from './home-devices';
import { skillToolName } from './tools';

/** The tools of the bundled home pack (skills/home/*): the screen and the local intents call these. */
export const HOME_CONTROL_TOOLS = {
  hueOverview: skillToolName('home.hue', 'overview'),
  hueLight: skillToolName('home.hue', 'light_set'),
  hueRoom: skillToolName('home.hue', 'room_set'),
  hueScene: skillToolName('home.hue', 'scene_recall'),
  machines: skillToolName('home.network', 'machines'),
  wake: skillToolName('home.network', 'wake'),
  hostUp: skillToolName('home.network', 'host_up'),
  portOpen: skillToolName('home.network', 'port_open'),
  dnsLookup: skillToolName('home.network', 'dns_lookup'),
  httpCheck: skillToolName('home.network', 'http_check'),
  ntfySend: skillToolName('home.ntfy', 'send'),
} as const;

/**
 * Why a section has nothing to show: `not_configured` (a setting is missing: show the steps),
 * `unavailable` (the skill is not loaded here, e.g. process skills are off and no worker serves it),
 * `error` (set up, but the device failed: unreachable, wrong key, changed certificate).
 */
export type HomeSectionState = 'ready' | 'not_configured' | 'unavailable' | 'error';

export interface HomeSectionProblem {
  readonly state: Exclude<HomeSectionState, 'ready'>;
  /** The skill's error code (NOT_CONFIGURED, UNAUTHORIZED, CERT_FINGERPRINT_CHANGED, UNREACHABLE, …). */
  readonly code: string;
  readonly message: string;
}

export interface HueLight extends LightView {
  readonly id: string;
  readonly name: string;
  readonly on: boolean;
  /** 0–100 %. */
  readonly brightness?: number;
  readonly mirek?: number;
  readonly xy?: { readonly x: number; readonly y: number };
  readonly dimmable: boolean;
  readonly color: boolean;
  readonly color_temperature: boolean;
}

export interface HueRoom {
  readonly id: string;
  readonly kind: 'room' | 'zone';
  readonly name: string;
  /** The room's grouped_light (switches all its lights at once), if it has one. */
  readonly grouped_light: string | null;
  readonly on: boolean;
  readonly brightness?: number;
  readonly lights: readonly string[];
}

export interface HueScene {
  readonly id: string;
  readonly name: string;
  /** The room or zone the scene belongs to. */
  readonly group: string | null;
  readonly active: string;
}

export interface HueOverview {
  readonly rooms: readonly HueRoom[];
  readonly lights: readonly HueLight[];
  readonly scenes: readonly HueScene[];
}

/** GET /api/home/hue */
export type HomeHueResponse = ({ readonly state: 'ready'; readonly hue: HueOverview } & LiveStatus) | (LiveStatus & HomeSectionProblem);

export interface HomeMachine extends MachineView {
  readonly name: string;
  readonly mac: string;
  readonly address: string | null;
  /** null when its address is not known (not in the ARP table, name not in the local DNS). */
  readonly online: boolean | null;
}

/** GET /api/home/machines */
export type HomeMachinesResponse = { readonly state: 'ready'; readonly machines: readonly HomeMachine[] } | HomeSectionProblem;

/**
 * Applies live light changes (event `home.light.changed` from the Hue bridge) to an overview: a
 * change names a light, or a room's grouped light (the light resource that switches the room).
 */
export function applyHueLightChanges(hue: HueOverview, changes: readonly HomeDeviceChange<'light'>[]): HueOverview {
  let { lights, rooms } = hue;
  for (const { id, fields } of changes) {
    const patch = {
      ...(fields.on !== undefined ? { on: fields.on } : {}),
      ...(fields.brightness !== undefined ? { brightness: fields.brightness } : {}),
    };
    lights = lights.map((l) => (l.id === id ? { ...l, ...patch } : l));
    rooms = rooms.map((r) => (r.grouped_light === id ? { ...r, ...patch } : r));
  }
  return { ...hue, lights, rooms };
}
