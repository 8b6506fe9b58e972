import { SETTINGS, type SettingDefinition, type SettingType } from './definitions';

export { SETTINGS } from './definitions';
export type { SettingDefinition } from './definitions';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

type ValueOf<T extends SettingType> = T extends 'bool'
  ? boolean
  : T extends 'positive-int' | 'non-negative-int' | 'number' | 'duration'
    ? number
    : T extends 'address'
      ? ListenAddress
      : string;

type Settings = typeof SETTINGS;
type SettingValues = {
  [S in Settings[number] as S['key']]: S extends { default: string } ? ValueOf<S['type']> : ValueOf<S['type']> | undefined;
};

export type Config = Readonly<
  Omit<SettingValues, 'meshHeartbeatMs'> & {
    meshHeartbeatMs: number;
    /** The mesh listener only runs with a usable enrollment token. */
    meshEnabled: boolean;
    /** The environment names that were set: the app never overrides these. */
    environmentNames: readonly string[];
  }
>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const MESH_TOKEN_MIN_LENGTH = 16;

/** What a value must look like, as a regex and as words for the error message. */
const FORMS: Record<SettingType, { pattern?: string; words: string }> = {
  string: { words: 'a string' },
  path: { pattern: '^\\S.*$', words: 'a file system path' },
  url: { pattern: '^https?://[^\\s/]+(/\\S*)?$', words: 'an http(s) URL such as http://127.0.0.1:11434' },
  address: { pattern: '^(\\[[0-9a-fA-F:]+\\]|[A-Za-z0-9.-]*):[0-9]{1,5}$', words: 'host:port, such as 127.0.0.1:8080 or :8080' },
  bool: { pattern: '^(true|false|1|0|yes|no|on|off)$', words: 'true or false' },
  'positive-int': { pattern: '^[1-9][0-9]{0,14}$', words: 'a positive integer' },
  'non-negative-int': { pattern: '^[0-9]{1,15}$', words: 'a non-negative integer' },
  number: { pattern: '^-?[0-9]+(\\.[0-9]+)?$', words: 'a number' },
  duration: { pattern: '^[0-9]+(ms|s|m|h)?$', words: 'a duration such as 90s, 2m, 1h or milliseconds' },
  timezone: { pattern: '^[A-Za-z0-9_+/-]+$', words: 'an IANA time zone such as Europe/Berlin' },
};

// The raw environment is checked as strings first, so every message can quote exactly
// what the user wrote. Each form is one anchored pattern (or a list of choices), checked
// with plain RegExps: building and compiling an ajv instance for a handful of patterns
// cost ~10 ms of every cold start.
const formPatterns = new Map<SettingType, RegExp>();

function hasForm(def: SettingDefinition, text: string): boolean {
  if (def.oneOf) return def.oneOf.includes(text);
  const { pattern } = FORMS[def.type];
  if (pattern === undefined) return true;
  let re = formPatterns.get(def.type);
  if (!re) {
    // The 'u' flag: the same reading of the pattern as JSON Schema's.
    re = new RegExp(pattern, 'u');
    formPatterns.set(def.type, re);
  }
  return re.test(text);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const s of SETTINGS as readonly SettingDefinition[]) {
    const given = env[s.env];
    if (given !== undefined && given.trim() !== '') raw[s.env] = given.trim();
  }

  const problems: string[] = [];
  for (const s of SETTINGS as readonly SettingDefinition[]) {
    const text = raw[s.env];
    if (text !== undefined && !hasForm(s, text)) problems.push(describeProblem(s, text));
  }

  const values: Record<string, unknown> = {};
  for (const s of SETTINGS as readonly SettingDefinition[]) {
    const text = raw[s.env] ?? s.default;
    if (text === undefined) {
      values[s.key] = undefined;
      continue;
    }
    try {
      values[s.key] = convert(s, text);
    } catch {
      problems.push(describeProblem(s, text));
    }
  }
  const addr = values.addr as ListenAddress | undefined;
  if (addr && !isLoopbackAddress(addr.host)) problems.push(NON_LOOPBACK_ADDR);
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);

  const token = values.meshEnrollmentToken as string | undefined;
  const leaseMs = values.meshLeaseMs as number;
  return Object.freeze({
    ...values,
    meshHeartbeatMs: (values.meshHeartbeatMs as number | undefined) ?? Math.max(1, Math.floor(leaseMs / 3)),
    meshEnabled: token !== undefined && token.length >= MESH_TOKEN_MIN_LENGTH,
    environmentNames: Object.freeze(Object.keys(raw)),
  }) as unknown as Config;
}

/** Whether an enrollment token is long enough for the mesh to run. */
export function usableMeshToken(token: string | undefined): boolean {
  return token !== undefined && token.length >= MESH_TOKEN_MIN_LENGTH;
}

/**
 * One value as the environment would give it, checked and converted like loadConfig does;
 * the settings the app holds go through here so they mean exactly what the variable means.
 */
export function parseSettingValue(def: SettingDefinition, text: string): { value: unknown } | { problem: string } {
  const trimmed = text.trim();
  if (!hasForm(def, trimmed)) return { problem: describeProblem(def, trimmed) };
  try {
    return { value: convert(def, trimmed) };
  } catch {
    return { problem: describeProblem(def, trimmed) };
  }
}

// The API listener trusts loopback clients (scripts, the CLI, the desktop window) without
// a login; on any other address every device of the network would be trusted the same way.
export const NON_LOOPBACK_ADDR =
  'JARVIS_ADDR must be a loopback address (127.0.0.1, ::1, localhost); other devices of the household will reach JARVIS through the paired LAN listener (JARVIS_LAN_ADDR)';

function isLoopbackAddress(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(h);
}

function describeProblem(def: SettingDefinition, value: string): string {
  const expected = def.oneOf ? `one of ${def.oneOf.join(', ')}` : FORMS[def.type].words;
  const shown = def.secret ? '(hidden)' : JSON.stringify(value);
  return `${def.env} must be ${expected}, got ${shown}`;
}

function convert(def: SettingDefinition, text: string): unknown {
  switch (def.type) {
    case 'bool':
      return ['true', '1', 'yes', 'on'].includes(text.toLowerCase());
    case 'positive-int':
    case 'non-negative-int':
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error('not a number');
      return n;
    }
    case 'duration':
      return parseDuration(text);
    case 'address':
      return parseAddress(text);
    case 'timezone':
      // The runtime lists its canonical zones cheaply; only other names (aliases such as
      // UTC or US/Eastern) are tried with a formatter, whose first use loads ICU's
      // calendar data (~20 ms of the cold start). It throws RangeError for an unknown zone.
      // The default is not looked up at all (listing the zones is 1.3 ms of a cold start):
      // config.test.ts holds it to a canonical zone.
      if (text !== def.default && !Intl.supportedValuesOf('timeZone').includes(text)) new Intl.DateTimeFormat('en', { timeZone: text });
      return text;
    case 'url':
      return new URL(text).toString().replace(/\/$/, '');
    default:
      return text;
  }
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseDuration(text: string): number {
  const match = /^([0-9]+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  return Number(match[1]) * DURATION_UNITS[match[2] ?? 'ms']!;
}

export function parseAddress(text: string): ListenAddress {
  const at = text.lastIndexOf(':');
  let host = text.slice(0, at);
  const port = Number(text.slice(at + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port in ${text}`);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host: host === '' ? '0.0.0.0' : host, port };
}

/** The configuration as it may be shown to a user or exported: secrets replaced. */
export function redactedConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const s of SETTINGS as readonly SettingDefinition[]) {
    if (s.secret && out[s.key] !== undefined) out[s.key] = '[redacted]';
  }
  return out;
}

/** Secret values currently configured, for the trace redactor. */
export function configSecrets(config: Config): string[] {
  const out: string[] = [];
  for (const s of SETTINGS as readonly SettingDefinition[]) {
    const value = (config as Record<string, unknown>)[s.key];
    if (s.secret && typeof value === 'string' && value.length > 0) out.push(value);
  }
  return out;
}
