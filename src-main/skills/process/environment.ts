import { mayReceive } from './integration-secrets';

/** Fallbacks when the host itself has no PATH or LANG. */
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const DEFAULT_LANG = 'C.UTF-8';

/**
 * The whole environment of a skill process: PATH,
 * LANG, TZ, HOME = the skill folder, plus exactly the names in runtime.env_from that are
 * set on the host. Nothing starting with JARVIS_ is ever passed on, whatever the manifest says
 * (the runner adds only its own per-call mark, see own-processes.ts). An integration's
 * secret (integration-secrets.ts) reaches only `secretsOwner`, the integration's own skill.
 */
export function skillEnvironment(
  skillDir: string,
  envFrom: readonly string[] | undefined,
  host: Readonly<Record<string, string | undefined>>,
  timezone: string,
  secretsOwner?: string,
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: host.PATH || DEFAULT_PATH,
    LANG: host.LANG || DEFAULT_LANG,
    TZ: timezone,
    HOME: skillDir,
  };
  for (const name of envFrom ?? []) {
    if (name.startsWith('JARVIS_') || name in env || !mayReceive(name, secretsOwner)) continue;
    const value = host[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
