import type { PttPhase } from '../../src-shared';

// The tray as data: the Electron layer turns this model into a Menu and maps clicks on
// an item's id to an action, so what the menu shows is tested without Electron.

export type TrayStatus = 'idle' | 'listening' | 'thinking' | 'error';
export type TrayAction = 'open' | 'push-to-talk' | 'toggle-mute' | 'toggle-login' | 'quit';
export type Language = 'de' | 'en';

export interface TrayState {
  readonly status: TrayStatus;
  readonly recording: boolean;
  readonly muted: boolean;
  readonly openAtLogin: boolean;
  readonly shortcut: string;
  /** False when the shortcut could not be registered (taken by another program, Wayland). */
  readonly shortcutRegistered: boolean;
  readonly language: Language;
  readonly errorDetail?: string;
}

export type TrayMenuItem =
  | { readonly type: 'separator' }
  | {
      readonly type: 'normal';
      readonly id: TrayAction | 'status';
      readonly label: string;
      readonly enabled: boolean;
      readonly accelerator?: string;
    }
  | { readonly type: 'checkbox'; readonly id: TrayAction; readonly label: string; readonly checked: boolean; readonly enabled: boolean };

const TEXT = {
  de: {
    status: { idle: 'Bereit', listening: 'Hört zu …', thinking: 'Denkt nach …', error: 'Fehler' },
    open: 'Öffnen',
    talk: 'Sprechen (Push-to-talk)',
    stop: 'Aufnahme beenden',
    mute: 'Sprachausgabe stumm',
    login: 'Mit dem System starten',
    quit: 'Beenden',
    unregistered: 'Tastenkürzel nicht verfügbar',
  },
  en: {
    status: { idle: 'Ready', listening: 'Listening …', thinking: 'Thinking …', error: 'Error' },
    open: 'Open',
    talk: 'Push-to-talk',
    stop: 'Stop recording',
    mute: 'Mute voice',
    login: 'Start with system',
    quit: 'Quit',
    unregistered: 'shortcut unavailable',
  },
} as const;

export function trayMenuModel(state: TrayState): TrayMenuItem[] {
  const t = TEXT[state.language];
  const statusLabel =
    state.status === 'error' && state.errorDetail ? `${t.status.error}: ${state.errorDetail.slice(0, 80)}` : t.status[state.status];
  return [
    { type: 'normal', id: 'status', label: `JARVIS — ${statusLabel}`, enabled: false },
    { type: 'separator' },
    { type: 'normal', id: 'open', label: t.open, enabled: true },
    {
      type: 'normal',
      id: 'push-to-talk',
      label: state.recording ? t.stop : state.shortcutRegistered ? t.talk : `${t.talk} (${t.unregistered})`,
      enabled: true,
      // Shown as a hint only: the global shortcut is registered separately.
      ...(state.shortcutRegistered ? { accelerator: state.shortcut } : {}),
    },
    { type: 'checkbox', id: 'toggle-mute', label: t.mute, checked: state.muted, enabled: true },
    { type: 'checkbox', id: 'toggle-login', label: t.login, checked: state.openAtLogin, enabled: true },
    { type: 'separator' },
    { type: 'normal', id: 'quit', label: t.quit, enabled: true },
  ];
}

export function trayTooltip(state: TrayState): string {
  return `JARVIS Home Command — ${TEXT[state.language].status[state.status]}`;
}

/** Tray images live in resources/tray/ (16 and 32 px; @2x is picked up by Electron on HiDPI). */
export function trayIconFile(status: TrayStatus): string {
  return `tray-${status}.png`;
}

export function trayStatusForPhase(phase: PttPhase): TrayStatus {
  switch (phase) {
    case 'listening':
      return 'listening';
    case 'thinking':
    case 'speaking':
      return 'thinking';
    case 'error':
      return 'error';
    default:
      return 'idle';
  }
}

export function languageOf(value: string): Language {
  return value === 'en' ? 'en' : 'de';
}
