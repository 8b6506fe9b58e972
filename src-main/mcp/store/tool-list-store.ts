import type { Db } from '../../platform/database';

export interface CachedToolList {
  readonly specSha256: string;
  readonly version: string;
  /** The tools/list answer as the server sent it (each item unchecked). */
  readonly tools: readonly unknown[];
}

/**
 * The last tool list of each MCP server: an activated server's tools are in the registry at
 * start without starting the server, which starts on the first call.
 */
export class McpToolListStore {
  constructor(private readonly db: Db) {}

  get(server: string): CachedToolList | undefined {
    const row = this.db.prepare('SELECT spec_sha256, version, tools FROM mcp_tool_lists WHERE server = ?').get(server) as
      { spec_sha256: string; version: string; tools: string } | undefined;
    if (!row) return undefined;
    try {
      const tools = JSON.parse(row.tools) as unknown;
      return Array.isArray(tools) ? { specSha256: row.spec_sha256, version: row.version, tools } : undefined;
    } catch {
      return undefined;
    }
  }

  put(server: string, list: CachedToolList, at: string): void {
    this.db
      .prepare(
        `INSERT INTO mcp_tool_lists (server, spec_sha256, version, tools, listed_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(server) DO UPDATE SET spec_sha256 = excluded.spec_sha256, version = excluded.version, tools = excluded.tools, listed_at = excluded.listed_at`,
      )
      .run(server, list.specSha256, list.version, JSON.stringify(list.tools), at);
  }
}
