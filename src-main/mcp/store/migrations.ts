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
  {
    version: 3,
    name: 'MCP servers added in the app (their secrets sealed) and servers the household turned off',
    up(db) {
      db.exec(`
        CREATE TABLE mcp_app_servers (
          name TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          command TEXT,
          args TEXT NOT NULL DEFAULT '[]',
          url TEXT,
          secret_names TEXT NOT NULL DEFAULT '[]',
          secrets_sealed TEXT,
          created_ms INTEGER NOT NULL
        );
        CREATE TABLE mcp_servers_off (
          name TEXT PRIMARY KEY,
          updated_ms INTEGER NOT NULL
        );
      `);
    },
  },
];
