// The SDK builds hundreds of zod schemas as it loads, tens of milliseconds of every start:
// it is loaded when JARVIS first speaks to an MCP server, not when JARVIS starts.

export type ClientSdk = Awaited<ReturnType<typeof importClientSdk>>;

async function importClientSdk() {
  const [client, stdio, http, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    CallToolResultSchema: types.CallToolResultSchema,
    CreateMessageRequestSchema: types.CreateMessageRequestSchema,
    ElicitRequestSchema: types.ElicitRequestSchema,
    ErrorCode: types.ErrorCode,
    McpError: types.McpError,
    PaginatedResultSchema: types.PaginatedResultSchema,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    ToolSchema: types.ToolSchema,
  };
}

let loading: Promise<ClientSdk> | undefined;

export function clientSdk(): Promise<ClientSdk> {
  loading ??= importClientSdk();
  return loading;
}
