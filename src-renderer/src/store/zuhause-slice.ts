import type { StateCreator } from 'zustand';
import {
  HOME_CONTROL_TOOLS,
  integrationOfTool,
  type HomeDevicesChangedEvent,
  type HomeHueResponse,
  type HomeMachinesResponse,
  type ToolResult,
} from '../../../src-shared';
import { request } from '../api';
import { followedLive, HOME_OVERVIEWS, overviewOf } from './home-overviews';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

/** One check the household ran from the Zuhause screen, newest first. */
export interface CheckResult {
  readonly id: number;
  readonly kind: 'host_up' | 'port_open' | 'dns_lookup' | 'http_check';
  readonly target: string;
  readonly ok: boolean;
  readonly message: string;
}

const CHECK_TOOLS = {
  host_up: HOME_CONTROL_TOOLS.hostUp,
  port_open: HOME_CONTROL_TOOLS.portOpen,
  dns_lookup: HOME_CONTROL_TOOLS.dnsLookup,
  http_check: HOME_CONTROL_TOOLS.httpCheck,
} as const;

export interface ZuhauseSlice {
  hue: Resource<HomeHueResponse>;
  machines: Resource<HomeMachinesResponse>;
  checks: readonly CheckResult[];
  /** Keys of what is being switched now (a light id, a room id, a machine name), to disable their buttons. */
  homeBusy: readonly string[];
  loadHue(): Promise<void>;
  loadMachines(): Promise<void>;
  /**
   * Event `home.<kind>.changed`: patches the named integration's overview with the changes or
   * the live status it carries, or reads the overview again when it carries neither.
   */
  homeDevicesChanged(event: HomeDevicesChangedEvent): void;
  /** Runs a home skill's action through POST /api/tools/{name}; the registry's risk policy applies. */
  homeAction(busyKey: string, tool: string, args: Record<string, unknown>): Promise<ToolResult | undefined>;
  runCheck(kind: CheckResult['kind'], target: string, port?: number): Promise<void>;
}

let nextCheck = 1;

export const createZuhauseSlice: StateCreator<Store, [], [], ZuhauseSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    hue: idle(),
    machines: idle(),
    checks: [],
    homeBusy: [],
    loadHue: () => loadResource('hue', () => request('GET /api/home/hue')),
    loadMachines: () => loadResource('machines', () => request('GET /api/home/machines')),
    homeDevicesChanged(event) {
      const overview = overviewOf(event.integration);
      if (!overview) return;
      const resource = get()[overview.key] as Resource<object>;
      // Nothing shown yet: the screen reads it when it opens.
      if (!resource.data) return;
      const patched = overview.apply?.(resource.data as never, event);
      if (patched) set({ [overview.key]: { ...resource, data: patched } } as Partial<Store>);
      else void overview.load(get());
    },
    async homeAction(busyKey, tool, args) {
      set({ homeBusy: [...get().homeBusy, busyKey] });
      try {
        const result = await request('POST /api/tools/{name}', { params: { name: tool }, body: { arguments: args } });
        if (!result.success) get().notify('error', result.error?.message ?? result.message);
        else {
          // An integration the master follows live pushes its changes; while its stream is down
          // the screen reads the new state itself.
          const row = integrationOfTool(tool);
          const overview = row?.updates === 'live_stream' ? HOME_OVERVIEWS[row.id] : undefined;
          if (overview && !followedLive(get()[overview.key].data)) void overview.load(get());
        }
        return result;
      } catch (e) {
        get().notify('error', messageOf(e));
        return undefined;
      } finally {
        set({ homeBusy: get().homeBusy.filter((k) => k !== busyKey) });
      }
    },
    async runCheck(kind, target, port) {
      const args: Record<string, unknown> =
        kind === 'http_check'
          ? { url: target }
          : kind === 'dns_lookup'
            ? { name: target }
            : kind === 'port_open'
              ? { host: target, port }
              : { host: target };
      const shown = kind === 'port_open' ? `${target}:${port}` : target;
      const result = await get().homeAction(`check:${kind}`, CHECK_TOOLS[kind], args);
      if (!result) return;
      const data = (result.data ?? {}) as { up?: boolean; open?: boolean; addresses?: string[]; ok?: boolean };
      const ok = result.success && (data.up ?? data.open ?? data.ok ?? (data.addresses ? data.addresses.length > 0 : false));
      const entry: CheckResult = {
        id: nextCheck++,
        kind,
        target: shown,
        ok,
        message: result.success ? result.message : (result.error?.message ?? result.message),
      };
      set({ checks: [entry, ...get().checks].slice(0, 10) });
    },
  };
};
