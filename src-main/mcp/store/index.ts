import type { Db } from '../../platform/database';
import { applyMigrations } from '../../platform/database';
import { McpAppServerStore } from './app-server-store';
import { MCP_MIGRATIONS } from './migrations';
import { McpTokenStore } from './token-store';
import { McpToolListStore } from './tool-list-store';

export { MCP_MIGRATIONS } from './migrations';
export { McpTokenStore } from './token-store';
export { McpToolListStore, type CachedToolList } from './tool-list-store';
export { McpAppServerStore, type AppServerRow } from './app-server-store';

export function openMcpStores(db: Db): { tokens: McpTokenStore; toolLists: McpToolListStore; appServers: McpAppServerStore } {
  applyMigrations(db, 'mcp', MCP_MIGRATIONS);
  return { tokens: new McpTokenStore(db), toolLists: new McpToolListStore(db), appServers: new McpAppServerStore(db) };
}
