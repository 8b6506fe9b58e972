import { ConfigError, parseSettingValue, usableMeshToken, type Config } from './config';
import { SETTINGS, type SettingDefinition } from './definitions';

// The configuration a running master reads: what the environment set, then what the
// household set in the app, then the defaults. The environment always wins, so a compose
// file or a systemd unit stays the last word. Capabilities keep reading `platform.config`;
// it is a live view, so a value read at use time is the current one, and a capability
// that holds a connection hears `changed` and reconnects.

export interface EffectiveConfig {
  /** Live: every read answers the current effective value. */
  readonly config: Config;
  /**
   * Live, for skill processes (`env_from`): the host environment with the app-held values
   * under their environment names where the environment does not set them.
   */
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** Whether the environment sets this variable (the app cannot change it then). */
  fixedByEnvironment(envName: string): boolean;
  /**
   * Replaces every app-held value at once (environment names -> text as the variable would
   * hold it). A value that does not parse throws a ConfigError and nothing changes.
   * Answers the config keys whose effective value changed.
   */
  apply(held: Readonly<Record<string, string>>): readonly string[];
  /** Called after apply with the keys that changed. */
  onChange(listener: (keys: readonly string[]) => void): () => void;
}

const BY_ENV = new Map((SETTINGS as readonly SettingDefinition[]).map((s) => [s.env, s]));

export function settingByEnv(envName: string): SettingDefinition | undefined {
  return BY_ENV.get(envName);
}

function liveView<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_t, prop) => Reflect.get(current(), prop),
    has: (_t, prop) => Reflect.has(current(), prop),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_t, prop) => {
      const value = current();
      if (!Object.prototype.hasOwnProperty.call(value, prop)) return undefined;
      return { value: Reflect.get(value, prop), enumerable: true, configurable: true, writable: false };
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

export function createEffectiveConfig(
  base: Config,
  hostEnvironment: Readonly<Record<string, string | undefined>> = process.env,
): EffectiveConfig {
  const fixed = new Set(base.environmentNames);
  let current: Config = base;
  let heldText: Readonly<Record<string, string>> = {};
  const listeners = new Set<(keys: readonly string[]) => void>();

  const environment = new Proxy({} as Record<string, string | undefined>, {
    get: (_t, prop) => {
      if (typeof prop !== 'string') return undefined;
      const host = hostEnvironment[prop];
      if (host !== undefined && host.trim() !== '') return host;
      return fixed.has(prop) ? host : heldText[prop];
    },
    has: (_t, prop) => typeof prop === 'string' && (prop in hostEnvironment || prop in heldText),
    ownKeys: () => [...new Set([...Object.keys(hostEnvironment), ...Object.keys(heldText)])],
    getOwnPropertyDescriptor: (_t, prop) => {
      if (typeof prop !== 'string') return undefined;
      const value = hostEnvironment[prop] ?? heldText[prop];
      return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: false };
    },
    set: () => false,
  });

  return {
    config: liveView(() => current),
    environment,
    fixedByEnvironment: (envName) => fixed.has(envName),
    apply(held) {
      const problems: string[] = [];
      const next: Record<string, unknown> = { ...base };
      const kept: Record<string, string> = {};
      for (const [envName, text] of Object.entries(held)) {
        const def = BY_ENV.get(envName);
        if (!def) {
          problems.push(`${envName} is not a setting`);
          continue;
        }
        if (fixed.has(envName)) continue;
        const parsed = parseSettingValue(def, text);
        if ('problem' in parsed) problems.push(parsed.problem);
        else {
          next[def.key] = parsed.value;
          kept[envName] = text.trim();
        }
      }
      if (problems.length > 0) throw new ConfigError(problems);
      next.meshEnabled = usableMeshToken(next.meshEnrollmentToken as string | undefined);
      const changed = Object.keys(next).filter((k) => !sameValue((current as Record<string, unknown>)[k], next[k]));
      current = Object.freeze(next) as unknown as Config;
      heldText = Object.freeze(kept);
      if (changed.length > 0) for (const l of listeners) l(changed);
      return changed;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
}
