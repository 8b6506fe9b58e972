import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DesktopPreferences, DesktopSettingsView, EnvSettingView, SettingsPatch } from '../../src-shared';
import { ConfigError, loadConfig, SETTINGS, type SettingDefinition } from '../platform/config';
import { compileSchema, describeAjvError } from '../platform/validation';
import { IpcRefusal } from './ipc-router';
import { checkShortcut, defaultShortcut, type Platform } from './shortcut';
import type { WindowBounds } from './window-options';

// The desktop app's own settings file (settings.json in the user-data folder): the
// preferences only the desktop has (shortcut, mute, login item, updates), the window's
// bounds, and environment-style settings for what the environment does not set. The
// environment always wins; the desktop decides where its data and listener live.

export interface SavedSettings {
  readonly version: 1;
  readonly preferences: DesktopPreferences;
  readonly env: Readonly<Record<string, string>>;
  readonly window?: WindowBounds & { readonly maximized?: boolean };
}

/** The desktop app sets these itself (user-data folder, a free loopback port). */
export const DESKTOP_OWNED_ENV = ['JARVIS_ADDR', 'JARVIS_DATA'] as const;

const DEFINITIONS = SETTINGS as readonly SettingDefinition[];

export function defaultPreferences(platform: Platform): DesktopPreferences {
  return { pushToTalkShortcut: defaultShortcut(platform), muted: false, openAtLogin: false, autoUpdate: false };
}

export function defaultSettings(platform: Platform): SavedSettings {
  return { version: 1, preferences: defaultPreferences(platform), env: {} };
}

const SETTINGS_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'preferences', 'env'],
  properties: {
    version: { const: 1 },
    preferences: {
      type: 'object',
      additionalProperties: false,
      required: ['pushToTalkShortcut', 'muted', 'openAtLogin', 'autoUpdate'],
      properties: {
        pushToTalkShortcut: { type: 'string', minLength: 1, maxLength: 100 },
        muted: { type: 'boolean' },
        openAtLogin: { type: 'boolean' },
        autoUpdate: { type: 'boolean' },
      },
    },
    env: {
      type: 'object',
      propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
      additionalProperties: { type: 'string', maxLength: 2048 },
    },
    window: {
      type: 'object',
      additionalProperties: false,
      required: ['width', 'height'],
      properties: {
        x: { type: 'integer' },
        y: { type: 'integer' },
        width: { type: 'integer', minimum: 1 },
        height: { type: 'integer', minimum: 1 },
        maximized: { type: 'boolean' },
      },
    },
  },
} as const;
export { SETTINGS_FILE_SCHEMA };

function isSet(env: Readonly<Record<string, string | undefined>>, name: string): boolean {
  const value = env[name];
  return value !== undefined && value.trim() !== '';
}

/**
 * The environment the master is built from: desktop defaults, then the saved settings,
 * then the real environment on top (the environment wins). Saved values for unknown or
 * desktop-owned names are ignored.
 */
export function mergeEnvironment(
  processEnv: Readonly<Record<string, string | undefined>>,
  saved: SavedSettings,
  desktopDefaults: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...desktopDefaults };
  for (const [name, value] of Object.entries(saved.env)) {
    if ((DESKTOP_OWNED_ENV as readonly string[]).includes(name)) continue;
    if (!DEFINITIONS.some((d) => d.env === name)) continue;
    merged[name] = value;
  }
  for (const [name, value] of Object.entries(processEnv)) if (value !== undefined && value.trim() !== '') merged[name] = value;
  return merged;
}

export function settingsView(
  processEnv: Readonly<Record<string, string | undefined>>,
  saved: SavedSettings,
  desktopDefaults: Readonly<Record<string, string>>,
  restartRequired: boolean,
  platform: Platform,
): DesktopSettingsView {
  const env: EnvSettingView[] = DEFINITIONS.map((d) => {
    const owned = (DESKTOP_OWNED_ENV as readonly string[]).includes(d.env);
    let value: string | null;
    let source: EnvSettingView['source'];
    if (isSet(processEnv, d.env)) {
      value = processEnv[d.env] ?? null;
      source = 'environment';
    } else if (owned && desktopDefaults[d.env] !== undefined) {
      value = desktopDefaults[d.env] ?? null;
      source = 'default';
    } else if (saved.env[d.env] !== undefined) {
      value = saved.env[d.env] ?? null;
      source = 'settings';
    } else if (desktopDefaults[d.env] !== undefined || d.default !== undefined) {
      value = desktopDefaults[d.env] ?? d.default ?? null;
      source = 'default';
    } else {
      value = null;
      source = 'unset';
    }
    // A secret is shown as set or not, never its value.
    if (d.secret && value !== null) value = '••••••';
    return {
      name: d.env,
      value,
      source,
      editable: source !== 'environment' && !owned,
      secret: Boolean(d.secret),
      description: d.description,
      default: d.default ?? null,
    };
  });
  const check = checkShortcut(saved.preferences.pushToTalkShortcut, platform);
  return {
    preferences: saved.preferences,
    env,
    restartRequired,
    ...(check.ok && check.warning ? { shortcutWarning: check.warning } : !check.ok ? { shortcutWarning: check.error } : {}),
  };
}

/**
 * A patch from the settings screen. Everything is checked first; on any problem nothing
 * changes and the refusal names the setting (IpcRefusal carries its path).
 */
export function applySettingsPatch(
  saved: SavedSettings,
  patch: SettingsPatch,
  processEnv: Readonly<Record<string, string | undefined>>,
  desktopDefaults: Readonly<Record<string, string>>,
  platform: Platform,
): { next: SavedSettings; envChanged: boolean } {
  const env: Record<string, string> = { ...saved.env };
  let envChanged = false;
  for (const [name, value] of Object.entries(patch.env ?? {})) {
    const path = `/env/${name}`;
    if (!DEFINITIONS.some((d) => d.env === name)) throw new IpcRefusal('INVALID_SETTING', `${name} is not a JARVIS setting.`, path);
    if ((DESKTOP_OWNED_ENV as readonly string[]).includes(name))
      throw new IpcRefusal('INVALID_SETTING', `${name} is managed by the desktop app.`, path);
    if (isSet(processEnv, name))
      throw new IpcRefusal('INVALID_SETTING', `${name} is set in the environment, which wins; change it there.`, path);
    if (value === null || value.trim() === '') delete env[name];
    else env[name] = value.trim();
    envChanged = true;
  }
  if (envChanged) {
    try {
      loadConfig(mergeEnvironment(processEnv, { ...saved, env }, desktopDefaults));
    } catch (err) {
      if (err instanceof ConfigError) throw new IpcRefusal('INVALID_SETTING', err.problems.join('; '), '/env');
      throw err;
    }
  }
  let preferences = saved.preferences;
  if (patch.preferences) {
    const shortcut = patch.preferences.pushToTalkShortcut;
    if (shortcut !== undefined) {
      const check = checkShortcut(shortcut, platform);
      if (!check.ok) throw new IpcRefusal('INVALID_SETTING', check.error, '/preferences/pushToTalkShortcut');
    }
    preferences = { ...preferences, ...patch.preferences };
  }
  return { next: { ...saved, preferences, env }, envChanged };
}

/** settings.json on disk: read once at start, written atomically after each change. */
export class SettingsFile {
  private current: SavedSettings;
  /** Why the file on disk was not used, if it was not. */
  readonly loadProblem: string | undefined;

  constructor(
    readonly path: string,
    platform: Platform,
  ) {
    const loaded = SettingsFile.read(path, platform);
    this.current = loaded.settings;
    this.loadProblem = loaded.problem;
    if (loaded.problem && existsSync(path)) {
      // Keep the unreadable file for the user instead of overwriting it silently.
      renameSync(path, `${path}.invalid-${Date.now()}`);
    }
  }

  private static read(path: string, platform: Platform): { settings: SavedSettings; problem?: string } {
    if (!existsSync(path)) return { settings: defaultSettings(platform) };
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return { settings: defaultSettings(platform), problem: `${path} is not valid JSON` };
    }
    const fn = compileSchema(SETTINGS_FILE_SCHEMA);
    if (!fn(parsed)) {
      const { message, path: where } = describeAjvError(fn.errors?.[0]);
      return { settings: defaultSettings(platform), problem: `${path}${where} ${message}` };
    }
    return { settings: parsed as SavedSettings };
  }

  get(): SavedSettings {
    return this.current;
  }

  set(next: SavedSettings): void {
    const fn = compileSchema(SETTINGS_FILE_SCHEMA);
    if (!fn(next)) throw new Error(`refusing to save invalid settings: ${describeAjvError(fn.errors?.[0]).message}`);
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
    this.current = next;
  }
}
