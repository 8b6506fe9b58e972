import type { McpSecretLabel, McpServerAdd, McpServerUpdate } from '../../../src-shared';
import { Refusal } from '../../platform/errors';
import type { SecretSealer } from '../../settings';
import type { AppServerRow, McpAppServerStore } from '../store';
import type { McpServerSpec } from './config-file';

/** What the app keeps of a server the household added: the spec, with its secret values opened only in memory. */
export interface AppServer {
  readonly name: string;
  readonly spec: McpServerSpec;
  /** Its sealed values could not be opened on this computer (another keychain): added again to run. */
  readonly unreadable: boolean;
}

/** A server request as the spec the connection uses: a bearer token and a secret header become headers. */
export function specOfRequest(req: McpServerAdd): McpServerSpec {
  if (req.kind === 'stdio') return { kind: 'stdio', command: req.command.trim(), args: [...(req.args ?? [])], env: { ...(req.env ?? {}) } };
  const headers: Record<string, string> = {};
  if (req.bearer_token?.trim()) headers.Authorization = `Bearer ${req.bearer_token.trim()}`;
  if (req.secret_header) headers[req.secret_header.name] = req.secret_header.value;
  return { kind: 'http', url: req.url.trim(), headers };
}

function secretValues(spec: McpServerSpec): Record<string, string> {
  return { ...(spec.kind === 'stdio' ? spec.env : spec.headers) };
}

/**
 * The MCP servers added in Settings. Env and header values are secrets: sealed with the
 * household's SecretSealer (the same as the settings' own secrets) before they reach the
 * database, opened only in memory, never sent back by a route.
 */
export class AppMcpServers {
  private readonly servers = new Map<string, AppServer>();

  constructor(
    private readonly store: McpAppServerStore,
    private readonly sealer: SecretSealer,
    private readonly clock: () => Date,
    warn: (message: string) => void,
  ) {
    for (const row of store.all()) {
      let values: Record<string, string> = {};
      let unreadable = false;
      if (row.secretsSealed) {
        try {
          values = JSON.parse(sealer.open(row.secretsSealed)) as Record<string, string>;
        } catch {
          // A database moved to another computer: the server is listed and must be added again.
          unreadable = true;
          warn(`mcp: the stored secrets of server ${row.name} cannot be read on this computer; add it again`);
        }
      }
      const spec: McpServerSpec =
        row.kind === 'http'
          ? { kind: 'http', url: row.url ?? '', headers: values }
          : { kind: 'stdio', command: row.command ?? '', args: row.args, env: values };
      this.servers.set(row.name, { name: row.name, spec, unreadable });
    }
  }

  list(): AppServer[] {
    return [...this.servers.values()];
  }

  has(name: string): boolean {
    return this.servers.has(name);
  }

  add(req: McpServerAdd): AppServer {
    const spec = specOfRequest(req);
    this.store.insert(this.rowOf(req.name, spec, this.clock().getTime()));
    const server = { name: req.name, spec, unreadable: false };
    this.servers.set(req.name, server);
    return server;
  }

  /** The server as the form now has it; the secrets it names to keep are taken over from the stored ones. */
  update(req: McpServerUpdate): AppServer {
    const spec = this.specOfChange(req);
    const createdMs = this.store.all().find((r) => r.name === req.name)?.createdMs ?? this.clock().getTime();
    this.store.replace(this.rowOf(req.name, spec, createdMs));
    const server = { name: req.name, spec, unreadable: false };
    this.servers.set(req.name, server);
    return server;
  }

  /** The spec a change (or the edit form's test) means: what it gives, plus the stored secrets it names. */
  specOfChange(req: McpServerUpdate): McpServerSpec {
    const keep = req.keep_secrets ?? [];
    const fresh = specOfRequest(req);
    if (keep.length === 0) return fresh;
    const old = this.servers.get(req.name);
    if (!old) throw new Refusal('invalid', 'INVALID_ARGUMENTS', 'Only a server added here has stored secrets to keep.', '/keep_secrets');
    if (keep.length > 0 && old.unreadable)
      throw new Refusal(
        'conflict',
        'MCP_SECRETS_UNREADABLE',
        'The stored secrets of this server cannot be read on this computer; type them in again.',
        '/keep_secrets',
      );
    const stored = old.spec.kind === fresh.kind ? secretValues(old.spec) : {};
    const kept: Record<string, string> = {};
    for (const name of keep) {
      const value = stored[name];
      if (value === undefined)
        throw new Refusal(
          'invalid',
          'INVALID_ARGUMENTS',
          `No secret named ${name} is stored for this server; type it in.`,
          '/keep_secrets',
        );
      kept[name] = value;
    }
    // A value typed in now wins over a kept one of the same name.
    return fresh.kind === 'stdio' ? { ...fresh, env: { ...kept, ...fresh.env } } : { ...fresh, headers: { ...kept, ...fresh.headers } };
  }

  private rowOf(name: string, spec: McpServerSpec, createdMs: number): AppServerRow {
    const values = secretValues(spec);
    const names = Object.keys(values).sort();
    return {
      name,
      kind: spec.kind,
      ...(spec.kind === 'stdio' ? { command: spec.command } : { url: spec.url }),
      args: spec.kind === 'stdio' ? spec.args : [],
      secretNames: names,
      ...(names.length > 0 ? { secretsSealed: this.sealer.seal(JSON.stringify(values)) } : {}),
      createdMs,
    };
  }

  remove(name: string): void {
    this.store.remove(name);
    this.servers.delete(name);
  }

  /** For a backup's list of what it does not carry: each server that holds sealed values. */
  secretLabels(): McpSecretLabel[] {
    return this.list()
      .filter((s) => Object.keys(secretValues(s.spec)).length > 0 || s.unreadable)
      .map((s): McpSecretLabel => `mcp_server:${s.name}`);
  }
}
