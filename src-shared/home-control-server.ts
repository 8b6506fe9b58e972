// What the Zuhause screen's Server, Netzwerk and Kameras sections read: Proxmox VE, the
// UniFi console (Network and Protect) and the household's Compose stacks.
import type { HomeSectionProblem } from './home-control';
import type { CameraView, LiveStatus, MachineView, NetworkClientView } from './home-devices';
import { skillToolName } from './tools';

/** The tools of the Proxmox and UniFi skills of the home pack that the screen calls. */
export const HOME_SERVER_TOOLS = {
  proxmoxOverview: skillToolName('home.proxmox', 'overview'),
  proxmoxStart: skillToolName('home.proxmox', 'start'),
  proxmoxShutdown: skillToolName('home.proxmox', 'shutdown'),
  proxmoxReboot: skillToolName('home.proxmox', 'reboot'),
  proxmoxStop: skillToolName('home.proxmox', 'stop'),
  unifiOverview: skillToolName('home.unifi.network', 'overview'),
  unifiRestart: skillToolName('home.unifi.network', 'restart_device'),
  unifiBlock: skillToolName('home.unifi.network', 'block_client'),
  unifiUnblock: skillToolName('home.unifi.network', 'unblock_client'),
  protectCameras: skillToolName('home.unifi.protect', 'cameras'),
  protectSnapshot: skillToolName('home.unifi.protect', 'snapshot'),
} as const;

export interface ProxmoxNodeView {
  readonly node: string;
  readonly status: string;
  readonly cpu: number;
  readonly maxcpu: number;
  readonly mem: number;
  readonly maxmem: number;
  readonly uptime: number;
}

export interface ProxmoxGuestView extends MachineView {
  readonly vmid: number;
  readonly name: string;
  readonly type: 'qemu' | 'lxc';
  readonly node: string;
  readonly status: string;
  /** Whether it runs (status `running`). */
  readonly online: boolean;
  readonly cpu: number;
  readonly maxcpu: number;
  readonly mem: number;
  readonly maxmem: number;
  readonly uptime: number;
}

export interface ProxmoxOverview {
  readonly nodes: readonly ProxmoxNodeView[];
  readonly guests: readonly ProxmoxGuestView[];
}

/** GET /api/home/proxmox */
export type HomeProxmoxResponse = { readonly state: 'ready'; readonly proxmox: ProxmoxOverview } | HomeSectionProblem;

export interface UnifiDeviceView {
  readonly id: string;
  readonly name: string;
  readonly model: string;
  readonly ip: string;
  readonly state: string;
  readonly online: boolean;
  readonly firmware: string;
  readonly firmware_update: boolean;
  readonly uptime_s: number;
  readonly gateway: boolean;
}

export interface UnifiClientView extends NetworkClientView {
  readonly id: string;
  readonly name: string;
  readonly ip: string;
  readonly mac: string;
  readonly type: string;
  readonly online: boolean;
  readonly connected_at: string;
}

export interface UnifiOverview {
  readonly site: { readonly id: string; readonly name: string };
  /** `known` is false when the site has no UniFi gateway to ask. */
  readonly internet: { readonly known: boolean; readonly online: boolean; readonly gateway: string };
  readonly devices: readonly UnifiDeviceView[];
  readonly clients: readonly UnifiClientView[];
}

/** GET /api/home/unifi */
export type HomeUnifiResponse = { readonly state: 'ready'; readonly unifi: UnifiOverview } | HomeSectionProblem;

export interface ProtectCameraView extends CameraView {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly connected: boolean;
  /** The camera's model name as Protect reports it (e.g. "G4 Doorbell Pro"); '' when it sends none. */
  readonly model: string;
  /** A doorbell: its model name says so, or it has rung while JARVIS followed the console. */
  readonly doorbell: boolean;
  /** Start of the newest motion or smart detection JARVIS saw from this camera since it started. */
  readonly last_motion?: string;
  /** Start of the newest ring of this doorbell JARVIS saw since it started. */
  readonly last_ring?: string;
  /** Where the UI loads the current picture (a JARVIS route; the console's key never leaves the master). */
  readonly snapshot_path: string;
}

/** GET /api/home/protect */
/** `GET /api/home/protect`; with the live status of the console's event subscription when JARVIS follows it. */
export type HomeProtectResponse =
  ({ readonly state: 'ready'; readonly cameras: readonly ProtectCameraView[] } & Partial<LiveStatus>) | HomeSectionProblem;

export interface ComposeContainerView {
  /** The full 64-hex container id. */
  readonly id: string;
  readonly name: string;
  /** The Compose service (label com.docker.compose.service). */
  readonly service: string;
  readonly state: string;
  readonly status: string;
}

export interface ComposeStackView {
  readonly name: string;
  /** `dockge`: a stack from Dockge's stacks folder (it may have no container while it is down). */
  readonly source?: 'dockge';
  /** `running`: all containers run; `partial`: some; `stopped`: none; `missing`: no container carries the project name. */
  readonly state: 'running' | 'partial' | 'stopped' | 'missing';
  readonly containers: readonly ComposeContainerView[];
}

/** GET /api/home/stacks */
export type HomeStacksResponse = { readonly state: 'ready'; readonly stacks: readonly ComposeStackView[] } | HomeSectionProblem;

export const COMPOSE_STACK_ACTIONS = ['start', 'stop', 'restart'] as const;
export type ComposeStackAction = (typeof COMPOSE_STACK_ACTIONS)[number];

/** Compose's own rule for project names. */
export const COMPOSE_PROJECT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** A stack allow-list ("media, paperless") -> the allowed project names, and the entries that are not project names. */
export function parseStackAllowList(raw: string | undefined): { names: string[]; invalid: string[] } {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const names = [...new Set(entries.filter((e) => COMPOSE_PROJECT_NAME.test(e)))].sort();
  return { names, invalid: entries.filter((e) => !COMPOSE_PROJECT_NAME.test(e)) };
}

/** The tool names of the Compose stacks (core tools of the master). */
export const STACK_TOOLS = {
  list: 'home_stacks_list',
  start: 'home_stack_start',
  stop: 'home_stack_stop',
  restart: 'home_stack_restart',
} as const;

/** A motion or smart detection from UniFi Protect, as the master followed it live. */
export interface ProtectDetectionEvent {
  readonly id: string;
  /** Protect's event type: motion, smartDetectZone, smartDetectLine, smartAudioDetect, ring. */
  readonly kind: string;
  readonly camera_id: string;
  readonly camera?: string;
  readonly start: string;
  readonly end?: string;
  /** person, vehicle, animal, package … for smart detections. */
  readonly smart_types: readonly string[];
}

/** GET /api/home/protect/events */
export type HomeProtectEventsResponse =
  | {
      readonly state: 'ready';
      readonly live: boolean;
      readonly last_live_update?: string;
      readonly events: readonly ProtectDetectionEvent[];
    }
  | HomeSectionProblem;

/** The core tool over the followed Protect events. */
export const CAMERA_EVENTS_TOOL = 'home_camera_events';
