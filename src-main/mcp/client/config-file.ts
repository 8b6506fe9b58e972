import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileSchema, check } from '../../platform/validation';

/** A server JARVIS starts itself and speaks to over its stdin and stdout. */
export interface StdioServerSpec {
  readonly kind: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** A server that already runs somewhere, reached over streamable HTTP. */
export interface HttpServerSpec {
  readonly kind: 'http';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

export type McpServerSpec = StdioServerSpec | HttpServerSpec;

export interface McpConfigFile {
  readonly path: string;
  readonly servers: ReadonlyMap<string, McpServerSpec>;
  /** Why the file could not be used; no server runs then. */
  readonly error?: string;
}

/** Where `mcp.json` is: JARVIS_MCP_CONFIG, else in the user's JARVIS folder beside the installed skills. */
export function mcpConfigPath(config: { readonly mcpConfig?: string | undefined }): string {
  return resolve(config.mcpConfig ?? join(homedir(), '.jarvis', 'mcp.json'));
}

const MAX_CONFIG_BYTES = 256 * 1024;
const stringMap = { type: 'object', maxProperties: 64, additionalProperties: { type: 'string', maxLength: 8192 } } as const;

// The fields MCP clients share; `type` and `disabled` come from other clients' files and are understood too.
const CONFIG_SCHEMA = {
  type: 'object',
  required: ['mcpServers'],
  properties: {
    mcpServers: {
      type: 'object',
      maxProperties: 32,
      propertyNames: { pattern: '^[A-Za-z0-9_-]{1,32}$' },
      additionalProperties: {
        type: 'object',
        oneOf: [
          {
            type: 'object',
            required: ['command'],
            additionalProperties: false,
            properties: {
              type: { const: 'stdio' },
              disabled: { type: 'boolean' },
              command: { type: 'string', minLength: 1, maxLength: 4096 },
              args: { type: 'array', maxItems: 128, items: { type: 'string', maxLength: 8192 } },
              env: stringMap,
              cwd: { type: 'string', minLength: 1, maxLength: 4096 },
            },
          },
          {
            type: 'object',
            required: ['url'],
            additionalProperties: false,
            properties: {
              type: { enum: ['http', 'streamable-http', 'streamableHttp'] },
              disabled: { type: 'boolean' },
              url: { type: 'string', pattern: '^https?://', maxLength: 4096 },
              headers: stringMap,
            },
          },
        ],
      },
    },
  },
} as const;

interface RawServer {
  readonly disabled?: boolean;
  readonly command?: string;
  readonly args?: string[];
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  readonly url?: string;
  readonly headers?: Record<string, string>;
}

/**
 * Reads `mcp.json`. A missing file means no servers; a broken one is reported (with where
 * it is broken) and runs no server, so a typo never starts half a configuration. Servers
 * marked `disabled` are left out.
 */
export function readMcpConfig(path: string, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): McpConfigFile {
  let text: string;
  try {
    text = read(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path, servers: new Map() };
    return { path, servers: new Map(), error: `${path} cannot be read: ${(err as Error).message}` };
  }
  if (text.length > MAX_CONFIG_BYTES) return { path, servers: new Map(), error: `${path} is larger than ${MAX_CONFIG_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { path, servers: new Map(), error: `${path} is not valid JSON: ${(err as Error).message}` };
  }
  const verdict = check(compileSchema(CONFIG_SCHEMA), value);
  if (!verdict.ok) {
    return { path, servers: new Map(), error: `${path}: ${verdict.error.path || '/'} ${verdict.error.message}`.trim() };
  }
  const servers = new Map<string, McpServerSpec>();
  for (const [name, raw] of Object.entries((value as { mcpServers: Record<string, RawServer> }).mcpServers)) {
    if (raw.disabled === true) continue;
    if (raw.command !== undefined) {
      servers.set(name, {
        kind: 'stdio',
        command: raw.command,
        args: raw.args ?? [],
        env: raw.env ?? {},
        ...(raw.cwd !== undefined ? { cwd: raw.cwd } : {}),
      });
    } else if (raw.url !== undefined) {
      servers.set(name, { kind: 'http', url: raw.url, headers: raw.headers ?? {} });
    }
  }
  return { path, servers };
}

/** The values a server's configuration keeps secret: every env value and every header value. */
export function secretsOf(spec: McpServerSpec): string[] {
  return Object.values(spec.kind === 'stdio' ? spec.env : spec.headers);
}

/**
 * What the household approves when it activates a server: how it is started (never the
 * values of env or headers, which are secrets) and the tools it offers.
 */
export function describedSpec(spec: McpServerSpec): Record<string, unknown> {
  return spec.kind === 'stdio'
    ? { command: spec.command, args: spec.args, env: Object.keys(spec.env).sort(), ...(spec.cwd ? { cwd: spec.cwd } : {}) }
    : { url: spec.url, headers: Object.keys(spec.headers).sort() };
}
