// The one typed bridge between the desktop window and the Electron main process
// (STYLE.md "One typed bridge"). Every channel is listed here with the JSON schema of its
// payload; the preload only forwards these channels and main validates the sender frame
// and the payload against these schemas before any handler runs.
//
// Renderer -> main: `window.jarvis.invoke(channel, payload)` resolves to an IpcResult.
// Main -> renderer: `window.jarvis.on(event, listener)` returns an unsubscribe function.
//
// Push-to-talk wiring for the renderer's voice code (src-renderer/src/voice/):
//   1. subscribe to `ptt:start` -> start recording (MediaRecorder) and report
//      `ptt:status` {phase:'listening'};
//   2. subscribe to `ptt:stop` -> stop recording, POST /api/voice/command, report
//      `ptt:status` {phase:'thinking'};
//   3. when the answer arrives: play its audio unless muted (`voice:muted` event, or
//      `settings:get` preferences.muted), then send `voice:answer` {transcript, reply}
//      (main shows it as a notification) and `ptt:status` {phase:'idle'} — or
//      {phase:'error', message} when the voice route failed.
//   A button in the UI may call `ptt:toggle` to go through the same path as the shortcut.

export const IPC_REQUEST_CHANNELS = [
  'app:info',
  'settings:get',
  'settings:set',
  'ptt:toggle',
  'ptt:status',
  'voice:answer',
  'app:open-external',
  'app:relaunch',
] as const;
export type IpcRequestChannel = (typeof IPC_REQUEST_CHANNELS)[number];

export const IPC_EVENT_CHANNELS = ['ptt:start', 'ptt:stop', 'voice:muted'] as const;
export type IpcEventChannel = (typeof IPC_EVENT_CHANNELS)[number];

export type PttPhase = 'idle' | 'listening' | 'thinking' | 'speaking' | 'error';
export type PttTrigger = 'shortcut' | 'tray' | 'window' | 'command-line';
/** `released`: a held shortcut let go (its key repeats stopped); `second-press`: toggle mode. */
export type PttStopReason = 'released' | 'second-press' | 'time-limit' | 'cancelled';

export interface DesktopPreferences {
  /** Electron accelerator, e.g. `Control+Alt+Space`. */
  readonly pushToTalkShortcut: string;
  /** Answers are shown but not spoken. */
  readonly muted: boolean;
  readonly openAtLogin: boolean;
  /** electron-updater checks a configured release feed; off by default. */
  readonly autoUpdate: boolean;
}

export type SettingSource = 'environment' | 'settings' | 'default' | 'unset';

export interface EnvSettingView {
  readonly name: string;
  readonly value: string | null;
  readonly source: SettingSource;
  /** False when the environment sets it (the environment wins) or the desktop app owns it. */
  readonly editable: boolean;
  readonly secret: boolean;
  readonly description: string;
  readonly default: string | null;
}

export interface DesktopSettingsView {
  readonly preferences: DesktopPreferences;
  readonly env: readonly EnvSettingView[];
  /** Saved environment settings take effect at the next start of the app. */
  readonly restartRequired: boolean;
  readonly shortcutWarning?: string;
}

export interface AppInfo {
  readonly version: string;
  readonly platform: string;
  readonly pushToTalkShortcut: string;
  readonly pushToTalkRegistered: boolean;
  readonly dataDir: string;
  readonly logsDir: string;
}

export interface SettingsPatch {
  readonly preferences?: Partial<DesktopPreferences>;
  /** Environment-style settings; `null` removes the saved value. */
  readonly env?: Readonly<Record<string, string | null>>;
}

export interface IpcRequests {
  'app:info': { request: null; response: AppInfo };
  'settings:get': { request: null; response: DesktopSettingsView };
  'settings:set': { request: SettingsPatch; response: DesktopSettingsView };
  'ptt:toggle': { request: null; response: { recording: boolean } };
  'ptt:status': { request: { phase: PttPhase; message?: string }; response: null };
  'voice:answer': { request: { transcript: string; reply: string }; response: null };
  'app:open-external': { request: { url: string }; response: null };
  'app:relaunch': { request: null; response: null };
}

export interface IpcEvents {
  'ptt:start': { trigger: PttTrigger };
  'ptt:stop': { reason: PttStopReason };
  'voice:muted': { muted: boolean };
}

export interface IpcError {
  readonly code: 'FORBIDDEN_SENDER' | 'UNKNOWN_CHANNEL' | 'INVALID_PAYLOAD' | 'INVALID_SETTING' | 'FAILED';
  readonly message: string;
  readonly path?: string;
}

export type IpcResult<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: IpcError };

/** What the preload exposes as `window.jarvis`. */
export interface JarvisBridge {
  readonly desktop: true;
  invoke<C extends IpcRequestChannel>(channel: C, payload: IpcRequests[C]['request']): Promise<IpcResult<IpcRequests[C]['response']>>;
  on<E extends IpcEventChannel>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

const NULL_PAYLOAD = { type: 'null' } as const;
const MESSAGE = { type: 'string', maxLength: 2000 } as const;

const PREFERENCES_PATCH = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    pushToTalkShortcut: { type: 'string', minLength: 1, maxLength: 100 },
    muted: { type: 'boolean' },
    openAtLogin: { type: 'boolean' },
    autoUpdate: { type: 'boolean' },
  },
} as const;

/** Payload schemas, one per request channel (ajv strict; nothing is coerced or stripped). */
export const IPC_REQUEST_SCHEMAS: Readonly<Record<IpcRequestChannel, object>> = {
  'app:info': NULL_PAYLOAD,
  'settings:get': NULL_PAYLOAD,
  'settings:set': {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      preferences: PREFERENCES_PATCH,
      env: {
        type: 'object',
        maxProperties: 100,
        propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
        additionalProperties: { anyOf: [{ type: 'string', maxLength: 2048 }, { type: 'null' }] },
      },
    },
  },
  'ptt:toggle': NULL_PAYLOAD,
  'ptt:status': {
    type: 'object',
    additionalProperties: false,
    required: ['phase'],
    properties: {
      phase: { enum: ['idle', 'listening', 'thinking', 'speaking', 'error'] },
      message: MESSAGE,
    },
  },
  'voice:answer': {
    type: 'object',
    additionalProperties: false,
    required: ['transcript', 'reply'],
    properties: { transcript: { type: 'string', maxLength: 10_000 }, reply: { type: 'string', maxLength: 20_000 } },
  },
  'app:open-external': {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1, maxLength: 4096 } },
  },
  'app:relaunch': NULL_PAYLOAD,
};

export function isIpcRequestChannel(value: unknown): value is IpcRequestChannel {
  return typeof value === 'string' && (IPC_REQUEST_CHANNELS as readonly string[]).includes(value);
}

export function isIpcEventChannel(value: unknown): value is IpcEventChannel {
  return typeof value === 'string' && (IPC_EVENT_CHANNELS as readonly string[]).includes(value);
}
