import type { Migration } from '../../platform/database';

export const MCP_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'MCP client tokens and the tool lists of MCP servers',
    up(db) {
      db.exec(`
        CREATE TABLE mcp_tokens (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          token_sha256 TEXT NOT NULL UNIQUE,
          created_at TEXT NOT NULL,
          last_used_at TEXT
        );
        CREATE TABLE mcp_tool_lists (
          server TEXT PRIMARY KEY,
          spec_sha256 TEXT NOT NULL,
          version TEXT NOT NULL,
          tools TEXT NOT NULL,
          listed_at TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'An MCP token belongs to one member, whose role decides what its client may do',
    up(db) {
      db.exec('ALTER TABLE mcp_tokens ADD COLUMN member_id TEXT');
    },
  },
];
