import type { StateCreator } from 'zustand';
import type { HealthResponse } from '../../../src-shared';
import { apiFetch } from '../api';
import type { Store } from './index';

export interface SystemSlice {
  health?: HealthResponse;
  connection: 'connecting' | 'online' | 'offline';
  loadHealth(): Promise<void>;
}

export const createSystemSlice: StateCreator<Store, [], [], SystemSlice> = (set) => ({
  health: undefined,
  connection: 'connecting',
  async loadHealth() {
    try {
      const health = await apiFetch<HealthResponse>('/api/health');
      set({ health, connection: 'online' });
    } catch {
      set({ connection: 'offline' });
    }
  },
});
