/**
 * The integrations' secrets and the skills they belong to: a skill that names one of these
 * in runtime.env_from gets it only if it is that integration's own skill. Declared here, in
 * the runner that the master and the workers share, so both hand out the same.
 */
export interface IntegrationSecret {
  /** The host variable that holds the secret. */
  readonly env: string;
  /** The integration, in plain words. */
  readonly integration: string;
  /** The skills that may receive it; none for an integration the master talks to itself. */
  readonly skills: readonly string[];
}

export const INTEGRATION_SECRETS: readonly IntegrationSecret[] = [
  { env: 'HOMEASSISTANT_TOKEN', integration: 'Home Assistant', skills: [] },
  { env: 'HUE_APPLICATION_KEY', integration: 'Philips Hue', skills: ['home.hue'] },
  { env: 'NTFY_TOKEN', integration: 'ntfy', skills: ['home.ntfy'] },
  { env: 'PROXMOX_TOKEN_ID', integration: 'Proxmox', skills: ['home.proxmox'] },
  { env: 'PROXMOX_TOKEN_SECRET', integration: 'Proxmox', skills: ['home.proxmox'] },
  { env: 'UNIFI_API_KEY', integration: 'UniFi', skills: ['home.unifi.network', 'home.unifi.protect'] },
];

const BY_NAME = new Map(INTEGRATION_SECRETS.map((s) => [s.env, s]));

/**
 * Whether the skill `owner` may receive the host variable `name`. `owner` is the id of a
 * skill that may hold its integration's secrets (the caller decides which skills are the
 * integration's own, e.g. only the bundled ones); undefined = none.
 */
export function mayReceive(name: string, owner: string | undefined): boolean {
  const secret = BY_NAME.get(name);
  if (!secret) return true;
  return owner !== undefined && secret.skills.includes(owner);
}

/** The integrations (in plain words, each once) whose secrets a manifest asks for and would get: shown on its proposal. */
export function receivedSecrets(envFrom: readonly string[] | undefined, owner: string | undefined): string[] {
  const names = (envFrom ?? []).flatMap((name) => {
    const secret = BY_NAME.get(name);
    return secret && mayReceive(name, owner) ? [secret.integration] : [];
  });
  return [...new Set(names)];
}

/** The integration secrets a manifest asks for and would not get, for the listing and the proposal. */
export function withheldSecrets(envFrom: readonly string[] | undefined, owner: string | undefined): IntegrationSecret[] {
  return (envFrom ?? []).flatMap((name) => {
    const secret = BY_NAME.get(name);
    return secret && !mayReceive(name, owner) ? [secret] : [];
  });
}
