export { createMcp, type McpCapability } from './capability';
export { MCP_MIGRATIONS } from './store';
export { bridgeStdioToHttp, readLocalEndpoint } from './local-endpoint';
export { mcpToolName, riskOfAnnotations } from './client/tool-mapping';
export { NEEDS_CONFIRMATION } from './server/mcp-tool-calls';
