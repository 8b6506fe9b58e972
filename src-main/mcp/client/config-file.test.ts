import { describe, expect, it } from 'vitest';
import { describedSpec, readMcpConfig, secretsOf } from './config-file';

const read = (text: string) => readMcpConfig('/home/x/.jarvis/mcp.json', () => text);

describe('mcp.json', () => {
  it('reads stdio and HTTP servers in the format MCP clients share', () => {
    const config = read(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { API_KEY: 'geheim123' } },
          remote: { type: 'http', url: 'https://example.org/mcp', headers: { Authorization: 'Bearer abcdef' } },
          off: { command: 'x', disabled: true },
        },
      }),
    );
    expect(config.error).toBeUndefined();
    expect([...config.servers.keys()]).toEqual(['files', 'remote']);
    expect(config.servers.get('files')).toMatchObject({ kind: 'stdio', command: 'npx', env: { API_KEY: 'geheim123' } });
    expect(secretsOf(config.servers.get('remote')!)).toEqual(['Bearer abcdef']);
  });

  it('describes a server for the household without the values of env or headers', () => {
    const config = read(JSON.stringify({ mcpServers: { files: { command: 'npx', env: { API_KEY: 'geheim123' } } } }));
    expect(JSON.stringify(describedSpec(config.servers.get('files')!))).not.toContain('geheim123');
  });

  it('is no servers when missing, and a clear error (and no servers) when broken', () => {
    const missing = readMcpConfig('/nowhere/mcp.json', () => {
      throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    });
    expect(missing).toEqual({ path: '/nowhere/mcp.json', servers: new Map() });
    expect(read('{ nope').error).toContain('not valid JSON');
    const unknown = read(JSON.stringify({ mcpServers: { x: { command: 'a', shell: true } } }));
    expect(unknown.servers.size).toBe(0);
    expect(unknown.error).toContain('/home/x/.jarvis/mcp.json');
    expect(read(JSON.stringify({ mcpServers: { 'bad name!': { command: 'a' } } })).error).toBeDefined();
  });
});
