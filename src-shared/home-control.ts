// Home control: what the Zuhause screen reads (GET /api/home/<integration>), the live
// updates it patches in, and the tools of the bundled home skills it calls.
import type { LightView, MachineView } from './home-devices';
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

/** Whether a follower of live changes is connected; while it is not, since when nothing was heard. */
export interface LiveStatus {
  readonly live: boolean;
  /** ISO time of the last sign of life, when the follower is down (the screen says "no live updates since …"). */
  readonly last_live_update?: string;
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

/** One changed resource from the bridge's event stream (event `home.hue`): only the fields that changed. */
export interface HueLiveChange {
  readonly id: string;
  readonly type: 'light' | 'grouped_light' | 'scene';
  readonly on?: boolean;
  readonly brightness?: number;
  readonly mirek?: number;
  readonly xy?: { readonly x: number; readonly y: number };
  readonly active?: string;
}

/** Event `home.hue`: changes as the bridge reported them, in order. */
export interface HueLiveEvent {
  readonly changes: readonly HueLiveChange[];
}

/** Event `home.hue.connection`: whether the master follows the bridge's event stream now. */
export interface HueConnectionEvent {
  readonly live: boolean;
  readonly last_live_update?: string;
}

/** Applies live changes to an overview (the screen and the master's tests share this). */
export function applyHueChanges(hue: HueOverview, changes: readonly HueLiveChange[]): HueOverview {
  let { lights, rooms, scenes } = hue;
  for (const c of changes) {
    const patch = {
      ...(c.on !== undefined ? { on: c.on } : {}),
      ...(c.brightness !== undefined ? { brightness: c.brightness } : {}),
      ...(c.mirek !== undefined ? { mirek: c.mirek } : {}),
      ...(c.xy !== undefined ? { xy: c.xy } : {}),
    };
    if (c.type === 'light') lights = lights.map((l) => (l.id === c.id ? { ...l, ...patch } : l));
    else if (c.type === 'grouped_light')
      rooms = rooms.map((r) =>
        r.grouped_light === c.id
          ? { ...r, ...(c.on !== undefined ? { on: c.on } : {}), ...(c.brightness !== undefined ? { brightness: c.brightness } : {}) }
          : r,
      );
    else if (c.type === 'scene' && c.active !== undefined) scenes = scenes.map((s) => (s.id === c.id ? { ...s, active: c.active! } : s));
  }
  return { lights, rooms, scenes };
}
