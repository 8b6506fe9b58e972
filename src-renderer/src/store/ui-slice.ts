import type { StateCreator } from 'zustand';
import type { Store } from './index';

export const SCREENS = ['home', 'calendar', 'tasks', 'kanban', 'food', 'system'] as const;
export type ScreenId = (typeof SCREENS)[number];
export type DesignMode = 'clean' | 'hud';

const STORAGE_KEY = 'jarvis.ui';

interface Persisted {
  screen: ScreenId;
  mode: DesignMode;
}

function readPersisted(): Persisted {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as Partial<Persisted>;
    return {
      screen: SCREENS.includes(raw.screen as ScreenId) ? (raw.screen as ScreenId) : 'home',
      mode: raw.mode === 'hud' ? 'hud' : 'clean',
    };
  } catch {
    return { screen: 'home', mode: 'clean' };
  }
}

function persist(value: Persisted): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the choice just does not survive a restart.
  }
}

export interface UiSlice {
  screen: ScreenId;
  mode: DesignMode;
  setScreen(screen: ScreenId): void;
  setMode(mode: DesignMode): void;
}

export const createUiSlice: StateCreator<Store, [], [], UiSlice> = (set, get) => ({
  ...readPersisted(),
  setScreen(screen) {
    set({ screen });
    persist({ screen, mode: get().mode });
  },
  setMode(mode) {
    set({ mode });
    persist({ screen: get().screen, mode });
  },
});
