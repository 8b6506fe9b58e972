import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { McpServerConnection } from './server-connection';

const sdk = resolve('node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');

/** A server that, like server-everything, keeps a timer running: it ends only when the SDK sends SIGTERM. */
function lingeringServer(): string {
  return `
import { Server } from ${JSON.stringify(join(sdk, 'server', 'index.js'))};
import { StdioServerTransport } from ${JSON.stringify(join(sdk, 'server', 'stdio.js'))};
import { CallToolRequestSchema, ListToolsRequestSchema } from ${JSON.stringify(join(sdk, 'types.js'))};
const server = new Server({ name: 'linger', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'ping', inputSchema: { type: 'object', properties: {} } }] }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'pong' }] }));
setInterval(() => {}, 1000);
await server.connect(new StdioServerTransport());
`;
}

const base = mkdtempSync(join(tmpdir(), 'jarvis-mcp-conn-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('an MCP server connection', () => {
  it('a released server that ends late does not mark the newly started one as failed', async () => {
    const script = join(base, 'linger.mjs');
    writeFileSync(script, lingeringServer());
    const problems: string[] = [];
    const connection = new McpServerConnection({
      name: 'linger',
      spec: { kind: 'stdio', command: process.execPath, args: [script], env: {} },
      clientVersion: '0.0.0',
      timeoutMs: 10_000,
      clock: () => new Date(),
      onListing: () => {},
      onProblem: (message) => void problems.push(message),
      onElicit: () => Promise.resolve({ action: 'cancel' }),
      onSample: () => Promise.reject(new Error('no sampling here')),
    });
    try {
      await connection.connect();
      // The household activates the server while the discovery run's process is still ending.
      const released = connection.release();
      const answer = await connection.callTool('ping', {});
      expect(answer.content).toEqual([{ type: 'text', text: 'pong' }]);
      await released;
      expect(problems).toEqual([]);
      expect(connection.state).toBe('ready');
      expect((await connection.callTool('ping', {})).content).toEqual([{ type: 'text', text: 'pong' }]);
    } finally {
      await connection.stop();
    }
  }, 20_000);
});
