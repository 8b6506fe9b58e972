import type { PttPhase } from '../../src-shared';

// The tray as data: the Electron layer turns this model into a Menu and maps clicks on
// an item's id to an action, so what the menu shows is tested without Electron.

export type TrayStatus = 'idle' | 'listening' | 'thinking' | 'error';
export type TrayAction =
  'open' | 'open-wall' | 'push-to-talk' | 'toggle-mute' | 'toggle-login' | 'remote-connect' | 'remote-disconnect' | 'quit';
/** The connection to a JARVIS on the home server, when the app uses one instead of its own. */
export type RemoteTrayState = 'connected' | 'connecting' | 'not-connected' | 'not-paired' | 'not-trusted' | 'certificate-changed';
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
  /** Set while the app is connected (or trying to connect) to JARVIS on the home server. */
  readonly remote?: RemoteTrayState;
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
    wall: 'Wandanzeige öffnen',
    talk: 'Sprechen (Push-to-talk)',
    stop: 'Aufnahme beenden',
    mute: 'Sprachausgabe stumm',
    login: 'Mit dem System starten',
    quit: 'Beenden',
    unregistered: 'Tastenkürzel nicht verfügbar',
    connect: 'Mit JARVIS auf dem Heimserver verbinden …',
    pairAgain: 'Erneut mit dem Heimserver verbinden …',
    disconnect: 'Vom Heimserver trennen',
    remote: {
      connected: 'Heimserver: verbunden',
      connecting: 'Heimserver: verbindet …',
      'not-connected': 'Heimserver: nicht verbunden',
      'not-paired': 'Heimserver: nicht gekoppelt',
      'not-trusted': 'Heimserver: noch nicht eingerichtet',
      'certificate-changed': 'Heimserver: anderes Zertifikat – abgelehnt',
    },
  },
  en: {
    status: { idle: 'Ready', listening: 'Listening …', thinking: 'Thinking …', error: 'Error' },
    open: 'Open',
    wall: 'Open wall display',
    talk: 'Push-to-talk',
    stop: 'Stop recording',
    mute: 'Mute voice',
    login: 'Start with system',
    quit: 'Quit',
    unregistered: 'shortcut unavailable',
    connect: 'Connect to JARVIS on the home server …',
    pairAgain: 'Connect to the home server again …',
    disconnect: 'Disconnect from the home server',
    remote: {
      connected: 'Home server: connected',
      connecting: 'Home server: connecting …',
      'not-connected': 'Home server: not connected',
      'not-paired': 'Home server: not paired',
      'not-trusted': 'Home server: not set up yet',
      'certificate-changed': 'Home server: different certificate – refused',
    },
  },
} as const;

/** Items about the home server: connect when the app runs its own JARVIS; its state and disconnect when it uses one. */
function remoteItems(state: TrayState): TrayMenuItem[] {
  const t = TEXT[state.language];
  if (state.remote === undefined) return [{ type: 'normal', id: 'remote-connect', label: t.connect, enabled: true }];
  const again: TrayMenuItem[] =
    state.remote === 'not-paired' || state.remote === 'not-trusted' || state.remote === 'certificate-changed'
      ? [{ type: 'normal', id: 'remote-connect', label: t.pairAgain, enabled: true }]
      : [];
  return [...again, { type: 'normal', id: 'remote-disconnect', label: t.disconnect, enabled: true }];
}

/** What the icon shows: a home server that is not connected counts as an error. */
export function shownStatus(state: Pick<TrayState, 'status' | 'remote'>): TrayStatus {
  return state.remote !== undefined && state.remote !== 'connected' && state.status === 'idle' ? 'error' : state.status;
}

export function trayMenuModel(state: TrayState): TrayMenuItem[] {
  const t = TEXT[state.language];
  const statusLabel =
    state.status === 'error' && state.errorDetail ? `${t.status.error}: ${state.errorDetail.slice(0, 80)}` : t.status[state.status];
  return [
    { type: 'normal', id: 'status', label: `JARVIS — ${statusLabel}`, enabled: false },
    ...(state.remote === undefined
      ? []
      : [{ type: 'normal' as const, id: 'status' as const, label: t.remote[state.remote], enabled: false }]),
    { type: 'separator' },
    { type: 'normal', id: 'open', label: t.open, enabled: true },
    { type: 'normal', id: 'open-wall', label: t.wall, enabled: true },
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
    ...remoteItems(state),
    { type: 'separator' },
    { type: 'normal', id: 'quit', label: t.quit, enabled: true },
  ];
}

export function trayTooltip(state: TrayState): string {
  const t = TEXT[state.language];
  return `JARVIS Home Command — ${t.status[state.status]}${state.remote === undefined ? '' : ` (${t.remote[state.remote]})`}`;
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
