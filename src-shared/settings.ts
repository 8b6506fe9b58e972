// The settings a household sets in the app (Settings screen, first start) and the
// connections it makes there. Every value has a name the UI knows; which environment
// variable it stands for stays on the server.

export const SETTING_NAMES = [
  'household_name',
  'language',
  'timezone',
  'model',
  'embedding_model',
  'lan_address',
  'lan_names',
  'backup_folder',
  'ntfy_url',
  'ntfy_topic',
  'documents_folder',
  'homeassistant_url',
  'hue_url',
  'hue_fingerprint',
  'unifi_url',
  'unifi_fingerprint',
  'proxmox_url',
  'proxmox_token_id',
  'proxmox_fingerprint',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const SECRET_NAMES = ['homeassistant_token', 'hue_key', 'ntfy_token', 'unifi_key', 'proxmox_token_secret', 'mesh_token'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** When a change takes effect: at once (a connection reconnects), or at the next start. */
export type SettingApplies = 'now' | 'next_start';

export interface SettingView {
  readonly name: SettingName;
  /** The effective value ('' when unset). */
  readonly value: string;
  /** The environment of the computer JARVIS runs on sets it; the app cannot change it. */
  readonly fixed: boolean;
  readonly applies: SettingApplies;
}

/** A secret is only ever "set" or "not set": no route returns its value. */
export interface SecretView {
  readonly name: SecretName;
  readonly set: boolean;
  readonly fixed: boolean;
  readonly applies: SettingApplies;
}

export const SETUP_STEPS = ['household', 'people', 'assistant', 'next'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type SetupStepState = 'open' | 'done' | 'skipped';

export interface SetupState {
  /** Every step done or skipped. */
  readonly finished: boolean;
  readonly steps: Readonly<Record<SetupStep, SetupStepState>>;
  /** The time zone of the browser or computer the setup runs on is suggested by the UI. */
  readonly timezone: string;
}

export interface SettingsResponse {
  readonly settings: readonly SettingView[];
  readonly secrets: readonly SecretView[];
  readonly setup: SetupState;
  /** Where the secrets' key is kept. */
  readonly secret_store: 'key-file' | 'os-keychain';
}

/** PATCH /api/settings: a value to set, or null to clear it (the default applies again). */
export type SettingsUpdate = Partial<Record<SettingName, string | null>>;

export interface SecretUpdate {
  readonly value: string;
}

export interface SetupStepUpdate {
  readonly state: SetupStepState;
}

/** Shown once: the mesh enrollment token is never returned again. */
export interface MeshTokenRotated {
  readonly token: string;
}

/** What a "test connection" found, as a code the UI words in the household's language. */
export type ConnectionProblem =
  | 'bad_address'
  | 'unreachable'
  | 'timeout'
  | 'certificate_changed'
  | 'not_the_service'
  | 'token_refused'
  | 'link_button'
  | 'topic_missing'
  | 'refused';

export interface ConnectionResult {
  readonly ok: boolean;
  readonly problem?: ConnectionProblem;
  /** Extra words for the problem from the other side (a status code, a name), never a secret. */
  readonly detail?: string;
}

export interface HueCertificateRequest {
  readonly url: string;
}
export interface HueCertificateResponse {
  /** SHA-256 of the bridge's certificate, to compare with the one in the Hue app; empty for http://. */
  readonly fingerprint?: string;
  /** Why no certificate could be read (the bridge was not found). */
  readonly problem?: ConnectionProblem;
}
export interface HuePairRequest {
  readonly url: string;
  readonly fingerprint: string;
}

export interface HomeAssistantConnectRequest {
  readonly url: string;
  readonly token: string;
}

export interface NtfyConnectRequest {
  readonly url: string;
  readonly topic: string;
  readonly token?: string;
}

/** The models Ollama has, for the assistant step; empty and `reachable: false` without Ollama. */
export interface ModelChoices {
  readonly reachable: boolean;
  readonly models: readonly string[];
}
