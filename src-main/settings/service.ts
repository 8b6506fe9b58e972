import { randomBytes } from 'node:crypto';
import {
  SECRET_NAMES,
  SETTING_NAMES,
  SETUP_STEPS,
  type SecretName,
  type SettingName,
  type SettingsResponse,
  type SettingsUpdate,
  type SetupState,
  type SetupStep,
  type SetupStepState,
  type QuietHours,
  parseQuietHours,
} from '../../src-shared';
import type { EffectiveConfig } from '../platform/config';
import { ConfigError, SETTINGS, type SettingDefinition } from '../platform/config';
import { Refusal } from '../platform/errors';
import type { Logger } from '../platform/trace';
import { SECRET_CATALOG, SETTING_CATALOG } from './catalog';
import { badStackEntry, badWakeEntry } from './list-values';
import { SecretUnreadableError, type SecretSealer } from './secrets';
import type { SettingsStore } from './store';

export interface SettingsServiceOptions {
  readonly store: SettingsStore;
  readonly sealer: SecretSealer;
  readonly effective: EffectiveConfig;
  readonly clock: () => Date;
  readonly log: Logger;
  /** Every secret value is handed to the trace and log redactor before it is used. */
  readonly redact: (secret: string) => void;
}

const KEY_OF_ENV = new Map((SETTINGS as readonly SettingDefinition[]).map((s) => [s.env, s.key]));

/** The household's own settings over the environment: what the Settings screen and the first start change. */
export class SettingsService {
  private values: Record<string, string>;
  /** Opened secrets by name, only in memory. */
  private readonly secrets = new Map<SecretName, string>();
  private readonly steps: Record<string, string>;

  constructor(private readonly o: SettingsServiceOptions) {
    this.values = o.store.values();
    this.steps = o.store.steps();
    for (const row of o.store.secrets()) {
      if (!(SECRET_NAMES as readonly string[]).includes(row.name)) continue;
      try {
        const plain = o.sealer.open(row.sealed);
        o.redact(plain);
        this.secrets.set(row.name as SecretName, plain);
      } catch (err) {
        // A database moved to another computer, or a new keychain: the secret is asked for again.
        if (!(err instanceof SecretUnreadableError)) throw err;
        o.log.warn(`settings: the stored ${row.name} cannot be read on this computer; it must be entered again`);
      }
    }
    try {
      o.effective.apply(this.held(this.values, this.secrets));
    } catch (err) {
      // A value that an older or newer JARVIS accepted: start on the environment's values and say which.
      if (!(err instanceof ConfigError)) throw err;
      o.log.warn(`settings: values set in the app were not used: ${err.problems.length} invalid`);
    }
  }

  view(): SettingsResponse {
    const config = this.o.effective.config as unknown as Record<string, unknown>;
    return {
      settings: SETTING_NAMES.map((name) => {
        const { env, applies } = SETTING_CATALOG[name];
        const fixed = env !== undefined && this.o.effective.fixedByEnvironment(env);
        const value = env === undefined ? (this.values[name] ?? '') : displayed(config[KEY_OF_ENV.get(env)!]);
        return { name, value, fixed, applies };
      }),
      secrets: SECRET_NAMES.map((name) => {
        const { env, applies } = SECRET_CATALOG[name];
        const fixed = this.o.effective.fixedByEnvironment(env);
        return { name, set: fixed || this.secrets.has(name), fixed, applies };
      }),
      setup: this.setup(),
      secret_store: this.o.sealer.kind,
    };
  }

  setup(): SetupState {
    const steps = Object.fromEntries(SETUP_STEPS.map((s) => [s, (this.steps[s] as SetupStepState | undefined) ?? 'open'])) as Record<
      SetupStep,
      SetupStepState
    >;
    return { finished: SETUP_STEPS.every((s) => steps[s] !== 'open'), steps, timezone: this.o.effective.config.timezone };
  }

  /** Applies every change or none: a value that does not fit refuses the whole request. */
  update(changes: SettingsUpdate): SettingsResponse {
    const next = { ...this.values };
    for (const [name, value] of Object.entries(changes) as [SettingName, string | null][]) {
      const { env } = SETTING_CATALOG[name];
      if (env !== undefined && this.o.effective.fixedByEnvironment(env))
        throw new Refusal('conflict', 'FIXED_BY_ENVIRONMENT', 'This setting is fixed on the computer JARVIS runs on.', `/${name}`);
      if (value === null || value.trim() === '') delete next[name];
      else next[name] = value.trim();
    }
    if (next.household_name !== undefined && [...next.household_name].length > 80)
      throw new Refusal('invalid', 'INVALID_SETTING', 'The household name is longer than 80 characters.', '/household_name');
    if (next.quiet_hours !== undefined && !parseQuietHours(next.quiet_hours))
      throw new Refusal('invalid', 'INVALID_SETTING', 'Quiet hours are two times of day such as 22:00-07:00.', '/quiet_hours');
    const badWake = next.wake_targets === undefined ? undefined : badWakeEntry(next.wake_targets);
    if (badWake !== undefined)
      throw new Refusal(
        'invalid',
        'INVALID_SETTING',
        `"${badWake}" is not a name, an equals sign and a MAC address, such as Gaming-PC=aa:bb:cc:dd:ee:ff (optionally @192.168.1.255 for the network's broadcast address).`,
        '/wake_targets',
      );
    const badStack = next.compose_stacks === undefined ? undefined : badStackEntry(next.compose_stacks);
    if (badStack !== undefined)
      throw new Refusal(
        'invalid',
        'INVALID_SETTING',
        `"${badStack}" is not a Compose project name: lower-case letters, digits, - and _, separated by commas, such as media,paperless.`,
        '/compose_stacks',
      );
    this.applyOrRefuse(next, this.secrets);
    this.o.store.write(Object.fromEntries(Object.keys(changes).map((name) => [name, next[name]])), this.o.clock().getTime());
    this.values = next;
    return this.view();
  }

  setSecret(name: SecretName, value: string): SettingsResponse {
    const { env } = SECRET_CATALOG[name];
    if (this.o.effective.fixedByEnvironment(env))
      throw new Refusal('conflict', 'FIXED_BY_ENVIRONMENT', 'This secret is fixed on the computer JARVIS runs on.', `/${name}`);
    const plain = value.trim();
    if (plain.length === 0) throw new Refusal('invalid', 'INVALID_SETTING', 'The secret is empty.', '/value');
    this.o.redact(plain);
    const secrets = new Map(this.secrets).set(name, plain);
    this.applyOrRefuse(this.values, secrets);
    this.o.store.putSecret(name, this.o.sealer.seal(plain), this.o.sealer.kind, this.o.clock().getTime());
    this.secrets.set(name, plain);
    return this.view();
  }

  clearSecret(name: SecretName): SettingsResponse {
    const secrets = new Map(this.secrets);
    secrets.delete(name);
    this.applyOrRefuse(this.values, secrets);
    this.o.store.deleteSecret(name);
    this.secrets.delete(name);
    return this.view();
  }

  /** A new enrollment token, returned this once; workers enrolled with the old one must get the new one. */
  rotateMeshToken(): string {
    const token = randomBytes(24).toString('base64url');
    this.setSecret('mesh_token', token);
    return token;
  }

  setStep(step: SetupStep, state: SetupStepState): SettingsResponse {
    this.o.store.setStep(step, state, this.o.clock().getTime());
    this.steps[step] = state;
    return this.view();
  }

  /** The household's quiet hours, read at each notice: a change applies at once. */
  quietHours(): QuietHours | null {
    return this.values.quiet_hours === undefined ? null : (parseQuietHours(this.values.quiet_hours) ?? null);
  }

  /** Names of the secrets held here, for a backup to say which it does not carry. */
  secretNames(): SecretName[] {
    return [...this.secrets.keys()].sort();
  }

  private held(values: Readonly<Record<string, string>>, secrets: ReadonlyMap<SecretName, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
      const env = SETTING_CATALOG[name as SettingName]?.env;
      if (env !== undefined) out[env] = value;
    }
    for (const [name, value] of secrets) out[SECRET_CATALOG[name].env] = value;
    return out;
  }

  private applyOrRefuse(values: Readonly<Record<string, string>>, secrets: ReadonlyMap<SecretName, string>): void {
    try {
      this.o.effective.apply(this.held(values, secrets));
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const bad = SETTING_NAMES.find((n) => {
        const env = SETTING_CATALOG[n].env;
        return env !== undefined && err.problems.some((p) => p.startsWith(`${env} `));
      });
      throw new Refusal(
        'invalid',
        'INVALID_SETTING',
        bad ? `That is not a valid value for ${bad.replace(/_/g, ' ')}.` : 'A value does not fit.',
        bad ? `/${bad}` : undefined,
      );
    }
  }
}

function displayed(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && 'host' in value && 'port' in value) {
    const { host, port } = value as { host: string; port: number };
    return `${host.includes(':') ? `[${host}]` : host}:${port}`;
  }
  return String(value);
}
