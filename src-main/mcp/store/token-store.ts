import type { McpTokenInfo } from '../../../src-shared';
import type { Db } from '../../platform/database';

interface TokenRow {
  id: string;
  name: string;
  member_id: string | null;
  created_at: string;
  last_used_at: string | null;
}

function info(row: TokenRow): McpTokenInfo {
  return {
    id: row.id,
    name: row.name,
    ...(row.member_id ? { member_id: row.member_id } : {}),
    created_at: row.created_at,
    ...(row.last_used_at ? { last_used_at: row.last_used_at } : {}),
  };
}

/** The household's MCP tokens: only a SHA-256 of each is kept, the token itself is shown once. */
export class McpTokenStore {
  // Every /mcp request looks its token up: prepared once, not per request.
  private readonly byHashStmt;
  private readonly touchStmt;

  constructor(private readonly db: Db) {
    this.byHashStmt = db.prepare<[string], TokenRow>(
      'SELECT id, name, member_id, created_at, last_used_at FROM mcp_tokens WHERE token_sha256 = ?',
    );
    this.touchStmt = db.prepare<[string, string]>('UPDATE mcp_tokens SET last_used_at = ? WHERE id = ?');
  }

  list(): McpTokenInfo[] {
    return (
      this.db.prepare('SELECT id, name, member_id, created_at, last_used_at FROM mcp_tokens ORDER BY created_at, id').all() as TokenRow[]
    ).map(info);
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM mcp_tokens').get() as { n: number }).n;
  }

  insert(id: string, name: string, tokenSha256: string, at: string, member?: string): McpTokenInfo {
    this.db
      .prepare('INSERT INTO mcp_tokens (id, name, member_id, token_sha256, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, name, member ?? null, tokenSha256, at);
    return { id, name, ...(member ? { member_id: member } : {}), created_at: at };
  }

  byHash(tokenSha256: string): McpTokenInfo | undefined {
    const row = this.byHashStmt.get(tokenSha256);
    return row ? info(row) : undefined;
  }

  touch(id: string, at: string): void {
    this.touchStmt.run(at, id);
  }

  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM mcp_tokens WHERE id = ?').run(id).changes > 0;
  }
}
