import type { StateCreator } from 'zustand';
import type { Store } from './index';

export const SCREENS = ['home', 'calendar', 'tasks', 'kanban', 'food', 'zuhause', 'system', 'settings'] as const;
export type ScreenId = (typeof SCREENS)[number];
export type DesignMode = 'clean' | 'hud';
export type Language = 'de' | 'en';

const STORAGE_KEY = 'jarvis.ui';

interface Persisted {
  screen: ScreenId;
  mode: DesignMode;
  language: Language;
}

function readPersisted(): Persisted {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as Partial<Persisted>;
    return {
      screen: SCREENS.includes(raw.screen as ScreenId) ? (raw.screen as ScreenId) : 'home',
      mode: raw.mode === 'hud' ? 'hud' : 'clean',
      language: raw.language === 'en' ? 'en' : 'de',
    };
  } catch {
    return { screen: 'home', mode: 'clean', language: 'de' };
  }
}

function languageChosen(): boolean {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as Partial<Persisted>;
    return raw.language === 'de' || raw.language === 'en';
  } catch {
    return false;
  }
}

/**
 * The screen the address asks for: the installed app starts at `?screen=home`, and a
 * tapped reminder notification opens `?reminder=<id>` (its reminder is on Home).
 */
export function screenFromAddress(search: string = globalThis.location?.search ?? ''): ScreenId | undefined {
  const params = new URLSearchParams(search);
  if (params.has('reminder')) return 'home';
  const screen = params.get('screen');
  return SCREENS.includes(screen as ScreenId) ? (screen as ScreenId) : undefined;
}

/** The screen the app opens on: the address's, else the one open last time. */
export function openingScreen(): ScreenId {
  return screenFromAddress() ?? readPersisted().screen;
}

function persist(value: Persisted): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the choice just does not survive a restart.
  }
}

/** A button on a notice, e.g. "Rückgängig" after a delete. */
export interface NoticeAction {
  readonly label: string;
  run(): void;
}

export interface Notice {
  readonly id: number;
  readonly kind: 'error' | 'info';
  readonly text: string;
  readonly action?: NoticeAction;
}

/** How long an info notice stays; one with an action (undo) a little longer, to reach it. */
const INFO_MS = 5000;
const ACTION_MS = 8000;

export interface UiSlice {
  screen: ScreenId;
  mode: DesignMode;
  language: Language;
  notices: readonly Notice[];
  setScreen(screen: ScreenId): void;
  setMode(mode: DesignMode): void;
  setLanguage(language: Language): void;
  /**
   * The language of the person this device belongs to, taken while nobody chose one on this
   * device: a phone paired to an English-speaking member speaks English from the start.
   */
  adoptLanguage(language: Language): void;
  notify(kind: Notice['kind'], text: string, action?: NoticeAction): void;
  dismissNotice(id: number): void;
}

let nextNotice = 1;

export const createUiSlice: StateCreator<Store, [], [], UiSlice> = (set, get) => {
  const save = () => persist({ screen: get().screen, mode: get().mode, language: get().language });
  const persisted = readPersisted();
  let chosen = languageChosen();
  let adopted = persisted.language;
  return {
    ...persisted,
    screen: openingScreen(),
    notices: [],
    setScreen(screen) {
      set({ screen });
      save();
    },
    setMode(mode) {
      set({ mode });
      save();
    },
    setLanguage(language) {
      chosen = true;
      set({ language });
      save();
    },
    adoptLanguage(language) {
      // A language set any other way this session (a switch, a test) is a choice too.
      if (chosen || get().language !== adopted) return;
      adopted = language;
      if (get().language !== language) set({ language });
    },
    notify(kind, text, action) {
      const id = nextNotice++;
      set({ notices: [...get().notices.slice(-3), action ? { id, kind, text, action } : { id, kind, text }] });
      // Errors stay until dismissed; info fades.
      if (kind === 'info') setTimeout(() => get().dismissNotice(id), action ? ACTION_MS : INFO_MS);
    },
    dismissNotice(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
    },
  };
};
