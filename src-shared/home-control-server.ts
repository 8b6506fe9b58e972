// What the Zuhause screen's Server, Netzwerk and Kameras sections read: Proxmox VE, the
// UniFi console (Network and Protect) and the household's Compose stacks.

/** A section that has nothing to show says why, in words for the household. */
export interface HomeSectionState {
  /** `ok`: data below; `off`: not set up; `error`: set up, but it failed just now. */
  readonly status: 'ok' | 'off' | 'error';
  readonly reason?: string;
  /** The failure's code (UNAUTHORIZED, UNREACHABLE, CERT_NOT_PINNED …) when status is `error`. */
  readonly code?: string;
}

export interface ProxmoxNodeView {
  readonly node: string;
  readonly status: string;
  readonly cpu: number;
  readonly maxcpu: number;
  readonly mem: number;
  readonly maxmem: number;
  readonly uptime: number;
}

export interface ProxmoxGuestView {
  readonly vmid: number;
  readonly name: string;
  readonly type: 'qemu' | 'lxc';
  readonly node: string;
  readonly status: string;
  readonly cpu: number;
  readonly maxcpu: number;
  readonly mem: number;
  readonly maxmem: number;
  readonly uptime: number;
}

/** GET /api/home/proxmox */
export interface HomeProxmoxResponse extends HomeSectionState {
  readonly nodes: readonly ProxmoxNodeView[];
  readonly guests: readonly ProxmoxGuestView[];
}

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

export interface UnifiClientView {
  readonly id: string;
  readonly name: string;
  readonly ip: string;
  readonly mac: string;
  readonly type: string;
  readonly online: boolean;
  readonly connected_at: string;
}

/** GET /api/home/unifi */
export interface HomeUnifiResponse extends HomeSectionState {
  readonly internet?: { readonly known: boolean; readonly online: boolean; readonly gateway: string };
  readonly devices: readonly UnifiDeviceView[];
  readonly clients: readonly UnifiClientView[];
}

export interface ProtectCameraView {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly connected: boolean;
  /** Where the UI loads the current picture (a JARVIS route; the console's key never leaves the master). */
  readonly snapshot_path: string;
}

/** GET /api/home/protect */
export interface HomeProtectResponse extends HomeSectionState {
  readonly cameras: readonly ProtectCameraView[];
}

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
  /** `running`: all containers run; `partial`: some; `stopped`: none; `missing`: no container carries the project name. */
  readonly state: 'running' | 'partial' | 'stopped' | 'missing';
  readonly containers: readonly ComposeContainerView[];
}

/** GET /api/home/stacks */
export interface HomeStacksResponse extends HomeSectionState {
  readonly stacks: readonly ComposeStackView[];
}

export const COMPOSE_STACK_ACTIONS = ['start', 'stop', 'restart'] as const;
export type ComposeStackAction = (typeof COMPOSE_STACK_ACTIONS)[number];

/** Compose's own rule for project names. */
export const COMPOSE_PROJECT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** The tool names of the Compose stacks (core tools of the master). */
export const STACK_TOOLS = {
  list: 'home_stacks_list',
  start: 'home_stack_start',
  stop: 'home_stack_stop',
  restart: 'home_stack_restart',
} as const;
