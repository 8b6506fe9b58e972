// The household's MCP tokens: an MCP client (Claude Desktop, an editor, a script) reaches
// JARVIS's `/mcp` endpoint with one of them as its Bearer token.

/** One token as Wissen & System lists it; the token itself is never shown again. */
export interface McpTokenInfo {
  readonly id: string;
  readonly name: string;
  readonly created_at: string;
  readonly last_used_at?: string;
}

export interface McpTokensResponse {
  readonly tokens: readonly McpTokenInfo[];
}

export interface McpTokenCreateRequest {
  readonly name: string;
}

/** The answer to creating a token: the only time `token` is sent. */
export interface McpTokenCreated {
  readonly info: McpTokenInfo;
  readonly token: string;
}

export const MAX_MCP_TOKENS = 50;

export const mcpTokenCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' } },
} as const;
