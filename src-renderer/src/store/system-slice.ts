import type { StateCreator } from 'zustand';
import type { HealthResponse } from '../../../src-shared';
import { request } from '../api';
import { t } from '../i18n';
import { messageOf, newestWins } from './resource';
import type { Store } from './index';

export interface SystemSlice {
  health?: HealthResponse;
  connection: 'connecting' | 'online' | 'offline';
  /** Whether the live event stream is open. */
  live: boolean;
  loadHealth(): Promise<void>;
  setLive(live: boolean): void;
  exportDebug(): Promise<void>;
  clearTrace(): Promise<void>;
}

export const createSystemSlice: StateCreator<Store, [], [], SystemSlice> = (set, get) => {
  const newest = newestWins();
  return {
    health: undefined,
    connection: 'connecting',
    live: false,
    async loadHealth() {
      const current = newest('health');
      try {
        const health = await request('GET /api/health');
        if (current()) set({ health, connection: 'online' });
      } catch {
        if (current()) set({ connection: 'offline' });
      }
    },
    setLive(live) {
      set({ live });
    },
    async exportDebug() {
      try {
        const body = await request('GET /api/debug/export');
        const url = URL.createObjectURL(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `jarvis-debug-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
    async clearTrace() {
      try {
        await request('POST /api/debug/clear', { body: {} });
        get().notify('info', t('notices.traceCleared'));
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
  };
};
