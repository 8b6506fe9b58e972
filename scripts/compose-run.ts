import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse } from 'yaml';

// One service of a compose file as `docker run` arguments, for a machine without the compose
// plugin: the image test starts its containers with exactly the settings the household's
// `docker compose up` would use (environment, read-only root, tmpfs, capabilities, limits,
// labels, volumes), and only overrides what a test must (ports, addresses, the token).

export interface ComposeService {
  readonly image?: string;
  readonly environment?: Record<string, string | number | boolean>;
  readonly labels?: Record<string, string>;
  readonly volumes?: readonly string[];
  readonly tmpfs?: readonly string[];
  readonly cap_drop?: readonly string[];
  readonly security_opt?: readonly string[];
  readonly read_only?: boolean;
  readonly network_mode?: string;
  readonly mem_limit?: string;
  readonly pids_limit?: number;
  readonly cpus?: number;
  readonly stop_grace_period?: string;
}

export interface ComposeRunOptions {
  /** The container's name. */
  readonly name: string;
  /** Replaces the service's image (the test builds its own tag). */
  readonly image: string;
  /** Values for `${VAR}`, `${VAR:-default}` and `${VAR:?message}` in the environment. */
  readonly variables?: Readonly<Record<string, string>>;
  /** Set after the service's own environment: what differs in the test. */
  readonly env?: Readonly<Record<string, string>>;
  /** Put before each named volume, so a test's volumes never meet a household's. */
  readonly volumePrefix: string;
  /** Replaces network_mode (an engine without a bridge has only host and none). */
  readonly network?: string;
}

/** The service `name` of the compose file at `file`, with YAML merge keys applied. */
export function composeService(file: string, name: string): ComposeService & { readonly dir: string } {
  const doc = parse(readFileSync(file, 'utf8'), { merge: true }) as { services?: Record<string, ComposeService> };
  const service = doc.services?.[name];
  if (!service) throw new Error(`${file} has no service ${name}`);
  return { ...service, dir: dirname(file) };
}

/** `${VAR}`, `${VAR:-default}`, `${VAR:?message}` as compose reads them. */
export function interpolate(value: string, variables: Readonly<Record<string, string>>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    const set = variables[name];
    if (set !== undefined && set !== '') return set;
    if (kind === '-') return rest ?? '';
    if (kind === '?') throw new Error(`${name}: ${rest ?? 'required'}`);
    return '';
  });
}

function seconds(duration: string): string {
  const m = /^([0-9]+)(s|m)?$/.exec(duration.trim());
  if (!m) throw new Error(`unsupported stop_grace_period ${duration}`);
  return String(Number(m[1]) * (m[2] === 'm' ? 60 : 1));
}

/** `docker run -d` arguments for the service (the image last; append a command after it). */
export function composeRunArgs(service: ComposeService & { readonly dir: string }, options: ComposeRunOptions): string[] {
  const variables = options.variables ?? {};
  const args = ['run', '-d', '--name', options.name];
  const network = options.network ?? service.network_mode;
  if (network) args.push('--network', network);
  if (service.read_only) args.push('--read-only');
  for (const t of service.tmpfs ?? []) args.push('--tmpfs', t);
  for (const c of service.cap_drop ?? []) args.push('--cap-drop', c);
  for (const s of service.security_opt ?? []) args.push('--security-opt', s);
  if (service.mem_limit) args.push('--memory', service.mem_limit);
  if (service.pids_limit) args.push('--pids-limit', String(service.pids_limit));
  if (service.cpus) args.push('--cpus', String(service.cpus));
  if (service.stop_grace_period) args.push('--stop-timeout', seconds(service.stop_grace_period));
  for (const [k, v] of Object.entries(service.labels ?? {})) args.push('--label', `${k}=${v}`);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(service.environment ?? {})) env[k] = interpolate(String(v), variables);
  Object.assign(env, options.env);
  for (const [k, v] of Object.entries(env)) args.push('-e', `${k}=${v}`);
  for (const volume of service.volumes ?? []) {
    const [source, ...rest] = volume.split(':');
    // A path is a bind mount relative to the compose file; a bare name is a named volume.
    const bind = source!.startsWith('.') || isAbsolute(source!);
    args.push('-v', [bind ? resolve(service.dir, source!) : `${options.volumePrefix}${source}`, ...rest].join(':'));
  }
  args.push(options.image);
  return args;
}
