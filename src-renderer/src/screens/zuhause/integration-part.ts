import type { ComponentType, ReactNode } from 'react';
import type { HomeDeviceKind, HomeDeviceViews, HomeIntegrationId } from '../../../../src-shared';
import type { TextVars } from '../../i18n';
import type { ReadyOverviewOf } from '../../store/home-overviews';

type Translate = (key: string, vars?: TextVars) => string;

/** A tool call on one device: what a generic control sends through POST /api/tools/{name}. */
export interface DeviceCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/** What an integration adds to the generic row of one of its devices. */
export interface RowPart<V> {
  /** Its own name for the device (a doorbell says so). */
  readonly name?: (device: V, t: Translate) => string;
  /** A word beside the name: VM or container, Wi-Fi or cable. */
  readonly kind?: (device: V, t: Translate) => string;
  /** The state in words, in place of the kind's own (on, off, online). */
  readonly state?: (device: V, t: Translate) => string;
  /** Its own buttons: wake, restart, block. */
  readonly Actions?: ComponentType<{ device: V }>;
  /** A camera's current picture. */
  readonly Picture?: ComponentType<{ device: V }>;
  /** More facts under a camera's picture (its newest motion). */
  readonly Facts?: ComponentType<{ device: V }>;
}

/** Devices the integration groups (a Hue room with its lights), with the group's own controls. */
export interface DeviceGroup {
  readonly key: string;
  readonly name: string;
  readonly on: boolean;
  /** The ids of its devices, in order. */
  readonly ids: readonly string[];
  /** Beside the group's name (the room's switch). */
  readonly head?: ReactNode;
  /** Under the name (the room's brightness and scenes). */
  readonly body?: ReactNode;
}

/**
 * The small part of one integration on the Zuhause screen: what the generic sections per
 * device kind cannot know of it. Everything else (the card, its rows, "not set up", live
 * status, refresh) is the same for every integration.
 */
export interface IntegrationPart<I extends HomeIntegrationId> {
  /** How the household sets it up (shown while it is not set up or failed). */
  readonly steps: (t: Translate) => readonly string[];
  /** Above its devices: what it tells beside them (the internet, the Proxmox hosts). */
  readonly Head?: ComponentType<{ data: ReadyOverviewOf<I> }>;
  /** Below its devices (UniFi's own access points and switches). */
  readonly Foot?: ComponentType<{ data: ReadyOverviewOf<I> }>;
  readonly groups?: (data: ReadyOverviewOf<I>) => readonly DeviceGroup[];
  readonly rows?: { readonly [K in HomeDeviceKind]?: RowPart<HomeDeviceViews[K]> };
  /** How a light or a switch of it is switched; without one its lights are shown only. */
  readonly controls?: {
    readonly light?: (id: string, change: { readonly on?: boolean; readonly brightness?: number }) => DeviceCall;
    readonly switch?: (id: string, on: boolean) => DeviceCall;
  };
  /** Read the overview again this often while the screen is visible (its devices do not report changes). */
  readonly refreshMs?: number;
  /** When it reports no device at all. */
  readonly empty?: (t: Translate) => string;
  /** What the live badge means for it. */
  readonly liveHints?: (t: Translate) => { readonly live: string; readonly notLive: string };
}

/** A part as the generic sections read it, whichever integration it belongs to. */
export type AnyIntegrationPart = IntegrationPart<HomeIntegrationId>;
