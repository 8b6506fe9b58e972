import type { StateCreator } from 'zustand';
import type { HomeProtectResponse, HomeProxmoxResponse, HomeStacksResponse, HomeUnifiResponse } from '../../../src-shared';
import { request } from '../api';
import { failed, loading, idle, type Resource } from './resource';
import type { Store } from './index';

/** The overviews of Proxmox and the UniFi console (Network and Protect), and the Compose stacks. */
export interface HomeServerSlice {
  proxmox: Resource<HomeProxmoxResponse>;
  unifi: Resource<HomeUnifiResponse>;
  protect: Resource<HomeProtectResponse>;
  stacks: Resource<HomeStacksResponse>;
  loadProxmox(): Promise<void>;
  loadUnifi(): Promise<void>;
  loadProtect(): Promise<void>;
  loadStacks(): Promise<void>;
}

const ROUTES = {
  proxmox: 'GET /api/home/proxmox',
  unifi: 'GET /api/home/unifi',
  protect: 'GET /api/home/protect',
  stacks: 'GET /api/home/stacks',
} as const;

export const createHomeServerSlice: StateCreator<Store, [], [], HomeServerSlice> = (set, get) => {
  const load = async <K extends keyof typeof ROUTES>(key: K) => {
    const previous = get()[key] as Resource<unknown>;
    set({ [key]: loading(previous) } as Partial<Store>);
    try {
      const data = await (request as (route: string) => Promise<unknown>)(ROUTES[key]);
      set({ [key]: { status: 'ready', data } } as Partial<Store>);
    } catch (e) {
      set({ [key]: failed(previous, e) } as Partial<Store>);
    }
  };
  return {
    proxmox: idle(),
    unifi: idle(),
    protect: idle(),
    stacks: idle(),
    loadProxmox: () => load('proxmox'),
    loadUnifi: () => load('unifi'),
    loadProtect: () => load('protect'),
    loadStacks: () => load('stacks'),
  };
};
