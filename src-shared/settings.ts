import type { McpSecretLabel } from './mcp';

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
  'quiet_hours',
  'ntfy_url',
  'ntfy_topic',
  'documents_folder',
  'dockge_folder',
  'compose_stacks',
  'wake_targets',
  'homeassistant_url',
  'homeassistant_fingerprint',
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
/** A secret a backup names as not carried: one of the settings' own, or an MCP server's. */
export type NotCarriedSecret = SecretName | McpSecretLabel;

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
  | 'certificate_untrusted'
  | 'bad_fingerprint'
  | 'token_id_invalid'
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
  /** For https with a self-signed certificate: the SHA-256 shown by the certificate step, pinned. */
  readonly fingerprint?: string;
}

/** POST /api/settings/connections/certificate: what certificate an https address presents now. */
export interface CertificateRequest {
  readonly url: string;
}
/** The fingerprint ('' for http://), whether the system trusts it already, or why none was read. */
export interface CertificateResponse {
  readonly fingerprint?: string;
  /** true: a certificate from a known authority; no pin is needed. */
  readonly trusted?: boolean;
  readonly problem?: ConnectionProblem;
}

/** A UniFi OS console with an API key: the Network and the Protect application share both. */
export interface UnifiConnectRequest {
  readonly url: string;
  readonly api_key: string;
  readonly fingerprint?: string;
}
export interface UnifiConnectResult extends ConnectionResult {
  /** Which of the console's applications answered with the key. */
  readonly network?: boolean;
  readonly protect?: boolean;
}

/** Proxmox VE with an API token (USER@REALM!TOKENID and its secret). */
export interface ProxmoxConnectRequest {
  readonly url: string;
  readonly token_id: string;
  readonly token_secret: string;
  readonly fingerprint?: string;
}
export interface ProxmoxConnectResult extends ConnectionResult {
  /** The Proxmox VE version that answered. */
  readonly version?: string;
}

/** One backup file in the backup folder. */
export interface BackupFileView {
  readonly name: string;
  readonly created_at: string;
  readonly size: number;
}
/** GET /api/settings/backups */
export interface BackupsView {
  /** '' when no folder is chosen: no scheduled backups. */
  readonly folder: string;
  /** Once a day while JARVIS runs; daily ones kept a week, weekly ones a month. */
  readonly schedule: 'daily';
  readonly running: boolean;
  readonly last_error?: string;
  /** Newest first. */
  readonly files: readonly BackupFileView[];
  /** Secrets typed into the app that a backup does not carry (entered again after a restore elsewhere). */
  readonly secrets_not_carried: readonly NotCarriedSecret[];
  /** Whether a restore from the app can restart JARVIS by itself here (else: `jarvis restore` with JARVIS stopped). */
  readonly restore_available: boolean;
  /** The last restore started from the app, once JARVIS is back. */
  readonly last_restore?: RestoreOutcome;
}

/** Why a restore did not happen; the current data stayed as it was. */
export type RestoreProblem = 'damaged' | 'too_new' | 'foreign' | 'not_confirmed' | 'failed';

export interface RestoreOutcome {
  readonly id: string;
  readonly ok: boolean;
  /** When the restore ran. */
  readonly at: string;
  /** When the restored backup was made. */
  readonly backup_created_at: string;
  readonly problem?: RestoreProblem;
}

/** POST /api/settings/backups/restore: one backup of the backup folder, by its file name. */
export interface RestoreRequest {
  readonly name: string;
  /** The household saw that this backup was not made on this computer and still wants it. */
  readonly confirm_foreign?: boolean;
}

/** The restore is under way: JARVIS stops, restores and starts again; `last_restore` says how it went. */
export interface RestoreStarted {
  readonly id: string;
}
/** POST /api/settings/backups: "back up now", answered when the file is written. */
export interface BackupMade {
  readonly file: BackupFileView;
  readonly secrets_not_carried: readonly NotCarriedSecret[];
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
