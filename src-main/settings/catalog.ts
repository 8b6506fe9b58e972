import type { SecretName, SettingApplies, SettingName } from '../../src-shared';

// Which environment variable each app-held setting stands for, and when a change takes
// effect. `now`: read at use time or reconnected on change; `next_start`: the listener or
// watcher it sets up is made once at start (the screen says so).
export interface CatalogEntry {
  /** undefined: a value only the app holds (no environment variable). */
  readonly env?: string;
  readonly applies: SettingApplies;
}

export const SETTING_CATALOG: Readonly<Record<SettingName, CatalogEntry>> = {
  household_name: { applies: 'now' },
  language: { env: 'JARVIS_LANGUAGE', applies: 'now' },
  timezone: { env: 'JARVIS_TIMEZONE', applies: 'next_start' },
  model: { env: 'OLLAMA_MODEL', applies: 'now' },
  embedding_model: { env: 'OLLAMA_EMBED_MODEL', applies: 'next_start' },
  lan_address: { env: 'JARVIS_LAN_ADDR', applies: 'next_start' },
  lan_names: { env: 'JARVIS_LAN_NAMES', applies: 'next_start' },
  backup_folder: { env: 'JARVIS_BACKUP_DIR', applies: 'now' },
  // "22:00-07:00": everyone's, unless a member set their own.
  quiet_hours: { applies: 'now' },
  ntfy_url: { env: 'NTFY_URL', applies: 'next_start' },
  ntfy_topic: { env: 'NTFY_TOPIC', applies: 'next_start' },
  documents_folder: { env: 'JARVIS_RAG_WATCH_DIR', applies: 'next_start' },
  dockge_folder: { env: 'JARVIS_DOCKGE_STACKS_DIR', applies: 'next_start' },
  // The stack controller and its tools are made once at start.
  compose_stacks: { env: 'JARVIS_COMPOSE_STACKS', applies: 'next_start' },
  // The network skill gets it through env_from at each call; its long-lived process is
  // replaced when its environment changes.
  wake_targets: { env: 'WOL_TARGETS', applies: 'now' },
  homeassistant_url: { env: 'HOMEASSISTANT_URL', applies: 'now' },
  homeassistant_fingerprint: { env: 'HOMEASSISTANT_CERT_FINGERPRINT', applies: 'now' },
  hue_url: { env: 'HUE_BRIDGE_URL', applies: 'now' },
  hue_fingerprint: { env: 'HUE_CERT_FINGERPRINT', applies: 'now' },
  unifi_url: { env: 'UNIFI_URL', applies: 'now' },
  unifi_fingerprint: { env: 'UNIFI_CERT_FINGERPRINT', applies: 'now' },
  proxmox_url: { env: 'PROXMOX_URL', applies: 'now' },
  proxmox_token_id: { env: 'PROXMOX_TOKEN_ID', applies: 'now' },
  proxmox_fingerprint: { env: 'PROXMOX_CERT_FINGERPRINT', applies: 'now' },
};

export const SECRET_CATALOG: Readonly<Record<SecretName, Required<CatalogEntry>>> = {
  homeassistant_token: { env: 'HOMEASSISTANT_TOKEN', applies: 'now' },
  hue_key: { env: 'HUE_APPLICATION_KEY', applies: 'now' },
  ntfy_token: { env: 'NTFY_TOKEN', applies: 'next_start' },
  unifi_key: { env: 'UNIFI_API_KEY', applies: 'now' },
  proxmox_token_secret: { env: 'PROXMOX_TOKEN_SECRET', applies: 'now' },
  mesh_token: { env: 'JARVIS_MESH_ENROLLMENT_TOKEN', applies: 'next_start' },
};
