import type { StateCreator } from 'zustand';
import type { AppPasswordResponse, DevicesResponse, PairingResponse } from '../../../src-shared';
import { request } from '../api';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface DevicesSlice {
  devices: Resource<DevicesResponse>;
  /** The pairing code on show, until it runs out or a device used it. */
  pairing?: PairingResponse;
  loadDevices(): Promise<void>;
  startPairing(): Promise<void>;
  endPairing(): void;
  revokeDevice(id: string): Promise<void>;
  /** A calendar app password just made, on show until hidden (it is never shown again). */
  appPassword?: { readonly deviceId: string; readonly answer: AppPasswordResponse };
  makeAppPassword(id: string): Promise<void>;
  removeAppPassword(id: string): Promise<void>;
  hideAppPassword(): void;
}

export const createDevicesSlice: StateCreator<Store, [], [], DevicesSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    devices: idle(),
    loadDevices: () =>
      loadResource(
        'devices',
        () => request('GET /api/devices'),
        // A device that was just paired has used the code on show.
        (body) => (get().pairing && body.devices.length > (get().devices.data?.devices.length ?? 0) ? { pairing: undefined } : {}),
      ),
    async startPairing() {
      try {
        set({ pairing: await request('POST /api/pairing', { body: {} }) });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
    endPairing() {
      set({ pairing: undefined });
    },
    async makeAppPassword(id) {
      try {
        const answer = await request('POST /api/devices/{id}/app-password', { params: { id }, body: {} });
        set({ appPassword: { deviceId: id, answer } });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadDevices();
    },
    async removeAppPassword(id) {
      try {
        await request('DELETE /api/devices/{id}/app-password', { params: { id } });
        if (get().appPassword?.deviceId === id) set({ appPassword: undefined });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadDevices();
    },
    hideAppPassword() {
      set({ appPassword: undefined });
    },
    async revokeDevice(id) {
      try {
        await request('DELETE /api/devices/{id}', { params: { id } });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      await get().loadDevices();
    },
  };
};
