import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Beside the database while a master runs: where its `/mcp` is and the token for this computer's user. */
export function localEndpointFile(dataFile: string): string {
  return `${dataFile}.mcp-local.json`;
}

export interface LocalEndpoint {
  readonly url: string;
  readonly token: string;
  readonly pid: number;
}

/** Readable and writable by this user only: whoever can read it acts as the local user, which they are. */
export function writeLocalEndpoint(dataFile: string, endpoint: LocalEndpoint): void {
  const file = localEndpointFile(dataFile);
  // A file left by a master that crashed keeps its mode on overwrite: it is replaced instead.
  // unlinkSync, not rmSync: the first rmSync loads Node's rimraf module, before the first answer.
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600, flag: 'wx' });
}

export function removeLocalEndpoint(dataFile: string): void {
  try {
    const { pid } = JSON.parse(readFileSync(localEndpointFile(dataFile), 'utf8')) as { pid?: unknown };
    if (pid === process.pid) rmSync(localEndpointFile(dataFile), { force: true });
  } catch {
    // Already gone or not ours.
  }
}

export function readLocalEndpoint(dataFile: string): LocalEndpoint | undefined {
  try {
    const value = JSON.parse(readFileSync(localEndpointFile(dataFile), 'utf8')) as Partial<LocalEndpoint>;
    if (typeof value.url === 'string' && typeof value.token === 'string' && typeof value.pid === 'number')
      return { url: value.url, token: value.token, pid: value.pid };
  } catch {
    // No running master has written it.
  }
  return undefined;
}

/**
 * `jarvis mcp` while JARVIS already runs: the messages of the MCP client on stdin/stdout are
 * passed, unchanged, to the running master's `/mcp` and back, so there is one JARVIS (one
 * database writer, one audit chain). Both ends are the SDK's transports. Resolves when
 * either side closes.
 */
export async function bridgeStdioToHttp(endpoint: LocalEndpoint): Promise<void> {
  const [{ StdioServerTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const stdio = new StdioServerTransport();
  const http = new StreamableHTTPClientTransport(new URL('/mcp', endpoint.url), {
    requestInit: { headers: { authorization: `Bearer ${endpoint.token}` } },
  });
  let closed: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const initializeIds = new Set<string | number>();
  stdio.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) initializeIds.add(message.id);
    http.send(message).catch((err: Error) => {
      if ('id' in message && 'method' in message) {
        void stdio.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `JARVIS cannot be reached: ${err.message}` } });
      }
    });
  };
  http.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && message.id !== undefined && initializeIds.delete(message.id) && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    void stdio.send(message);
  };
  stdio.onclose = () => {
    void http.close();
    closed();
  };
  http.onclose = () => closed();
  await http.start();
  await stdio.start();
  await done;
}
