import type { Db } from '../../platform/database';

/** One server added in the app: how it starts, and its env or header values sealed as one text. */
export interface AppServerRow {
  readonly name: string;
  readonly kind: 'stdio' | 'http';
  readonly command?: string;
  readonly args: readonly string[];
  readonly url?: string;
  /** The env variables (stdio) or headers (http) whose values are sealed. */
  readonly secretNames: readonly string[];
  /** SecretSealer text of a JSON object name -> value; undefined without secrets. */
  readonly secretsSealed?: string;
  readonly createdMs: number;
}

function list(text: unknown): string[] {
  try {
    const v = JSON.parse(String(text)) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** The MCP servers the household added in Settings, and which servers (of the file or the app) it turned off. */
export class McpAppServerStore {
  constructor(private readonly db: Db) {}

  all(): AppServerRow[] {
    const rows = this.db.prepare('SELECT * FROM mcp_app_servers ORDER BY created_ms, name').all() as Record<string, unknown>[];
    return rows.map((r) => ({
      name: String(r.name),
      kind: r.kind === 'http' ? 'http' : 'stdio',
      ...(typeof r.command === 'string' ? { command: r.command } : {}),
      args: list(r.args),
      ...(typeof r.url === 'string' ? { url: r.url } : {}),
      secretNames: list(r.secret_names),
      ...(typeof r.secrets_sealed === 'string' ? { secretsSealed: r.secrets_sealed } : {}),
      createdMs: Number(r.created_ms),
    }));
  }

  insert(row: AppServerRow): void {
    this.db
      .prepare(
        'INSERT INTO mcp_app_servers (name, kind, command, args, url, secret_names, secrets_sealed, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(row.name, ...definitionColumns(row), row.createdMs);
  }

  /** The row of a changed server, in place (its off switch and tool list stay). */
  replace(row: AppServerRow): void {
    this.db
      .prepare('UPDATE mcp_app_servers SET kind = ?, command = ?, args = ?, url = ?, secret_names = ?, secrets_sealed = ? WHERE name = ?')
      .run(...definitionColumns(row), row.name);
  }

  remove(name: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM mcp_app_servers WHERE name = ?').run(name);
      this.db.prepare('DELETE FROM mcp_servers_off WHERE name = ?').run(name);
      this.db.prepare('DELETE FROM mcp_tool_lists WHERE server = ?').run(name);
    })();
  }

  off(): Set<string> {
    return new Set((this.db.prepare('SELECT name FROM mcp_servers_off').all() as { name: string }[]).map((r) => r.name));
  }

  setOff(name: string, off: boolean, nowMs: number): void {
    if (off) this.db.prepare('INSERT OR REPLACE INTO mcp_servers_off (name, updated_ms) VALUES (?, ?)').run(name, nowMs);
    else this.db.prepare('DELETE FROM mcp_servers_off WHERE name = ?').run(name);
  }
}

/** kind, command, args, url, secret_names, secrets_sealed: what an add writes and a change rewrites. */
function definitionColumns(row: AppServerRow): [string, string | null, string, string | null, string, string | null] {
  return [
    row.kind,
    row.command ?? null,
    JSON.stringify(row.args),
    row.url ?? null,
    JSON.stringify(row.secretNames),
    row.secretsSealed ?? null,
  ];
}
