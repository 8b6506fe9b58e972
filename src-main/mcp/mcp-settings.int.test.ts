import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServersResponse, McpServerView } from '../../src-shared';
import { eventually } from '../testing/skill-worker';
import { storedBytes } from '../testing/stored-bytes';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Issue 31: MCP servers are connected from Settings: added, tested (with what is wrong in plain
// words), turned on and off, removed; the secrets typed in are sealed and never come back out;
// mcp.json keeps working and is read again when it changes, without a restart.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const ENV_SECRET = 'env-secret-typed-into-settings-7q';
const BEARER = 'bearer-secret-typed-into-settings-9z';
const HEADER_SECRET = 'header-secret-typed-into-settings-4k';

/** A stateless streamable-HTTP MCP server that answers only with the right bearer token; /page is a web page, not MCP. */
async function startHttpPeer(): Promise<{ url: string; page: string; close: () => Promise<void> }> {
  const http: HttpServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Router login</body></html>');
        return;
      }
      if (req.headers.authorization !== `Bearer ${BEARER}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      const server = new Server({ name: 'peer', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          {
            name: 'hello',
            description: 'Says hello',
            inputSchema: { type: 'object', properties: {} },
            annotations: { readOnlyHint: true },
          },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'hello from peer' }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close());
      void server
        .connect(transport)
        .then(() => transport.handleRequest(req, res, body ? JSON.parse(body) : undefined))
        .catch(() => res.headersSent || res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    page: `http://127.0.0.1:${port}/page`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe('MCP servers connected from Settings', () => {
  let tm: TestMaster;
  let peer: Awaited<ReturnType<typeof startHttpPeer>>;
  let backups: string;
  /** Every answer a route gave in this test, searched for the secrets at the end. */
  const answers: string[] = [];
  const ask = async (path: string, init?: Parameters<TestMaster['request']>[1]) => {
    const res = await tm.request(path, init);
    answers.push(res.text);
    return res;
  };
  const list = async () => (await ask('/api/settings/mcp')).json as McpServersResponse;
  const server = async (name: string) => (await list()).servers.find((s) => s.name === name);
  const toolNames = async () => JSON.stringify((await ask('/api/agent/tools')).json);

  beforeAll(async () => {
    peer = await startHttpPeer();
    backups = mkdtempSync(join(tmpdir(), 'jarvis-mcp-settings-backup-'));
    tm = await startTestMaster({ JARVIS_MCP_CALL_TIMEOUT: '3s', JARVIS_BACKUP_DIR: backups });
  }, 60_000);
  afterAll(async () => {
    await tm?.close();
    await peer?.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it('refuses everyone but an admin, in plain words', async () => {
    const res = await tm.request('/api/settings/mcp', { local: true });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('ADMIN_ONLY');
    expect(res.json.error.message).toMatch(/admin/i);
  });

  it('names what is wrong: a program that is not installed, one that ends, one that never answers, a refused token, a page that is not MCP', async () => {
    const test = async (body: unknown) => (await ask('/api/settings/mcp/test', { json: body })).json;
    expect(await test({ name: 'nix', kind: 'stdio', command: 'no-such-mcp-program-4711' })).toMatchObject({
      ok: false,
      problem: 'command_not_found',
    });
    const exits = await test({
      name: 'quits',
      kind: 'stdio',
      command: process.execPath,
      args: ['-e', 'console.error("kaputt"); process.exit(3)'],
    });
    expect(exits).toMatchObject({ ok: false, problem: 'exited' });
    expect(exits.detail).toContain('kaputt');
    expect(
      await test({ name: 'hangs', kind: 'stdio', command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60000)'] }),
    ).toMatchObject({ ok: false, problem: 'timeout' });
    const refused = await test({ name: 'peer', kind: 'http', url: peer.url, bearer_token: 'not-the-token' });
    expect(refused).toMatchObject({ ok: false, problem: 'unauthorized' });
    expect(JSON.stringify(refused)).not.toContain('not-the-token');
    expect(await test({ name: 'page', kind: 'http', url: peer.page })).toMatchObject({ ok: false, problem: 'not_mcp' });
    expect(await test({ name: 'gone', kind: 'http', url: 'http://127.0.0.1:9/mcp' })).toMatchObject({ ok: false, problem: 'unreachable' });
    // Field errors name the field.
    const bad = await ask('/api/settings/mcp/test', { json: { name: 'x', kind: 'http', url: 'http://' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.path).toBe('/url');
  }, 60_000);

  it('adds a program with a secret env value, tests it, turns it on, its tools join the registry, off again, and removes it', async () => {
    const added = await ask('/api/settings/mcp', {
      json: { name: 'everything', kind: 'stdio', command: process.execPath, args: [everything, 'stdio'], env: { API_KEY: ENV_SECRET } },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ name: 'everything', origin: 'app', kind: 'stdio', env_names: ['API_KEY'], active: false });
    const taken = await ask('/api/settings/mcp', { json: { name: 'everything', kind: 'stdio', command: 'x' } });
    expect(taken.status).toBe(409);
    expect(taken.json.error.path).toBe('/name');

    const tested = (await ask('/api/settings/mcp/everything/test', { json: {} })).json;
    expect(tested.ok).toBe(true);
    expect(tested.tools).toContain('echo');
    expect(await toolNames()).not.toContain('mcp_everything_echo');

    const on = await ask('/api/settings/mcp/everything/active', { method: 'PUT', json: { active: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ active: true, state: 'connected' });
    expect((on.json as McpServerView).tools).toBeGreaterThan(3);
    expect(await toolNames()).toContain('mcp_everything_echo');
    const echoed = await ask('/api/tools/mcp_everything_echo', { json: { arguments: { message: 'hallo' } } });
    expect(echoed.json.message).toContain('hallo');
    // The server got the secret in its environment; the answer shows it replaced.
    const env = await ask('/api/tools/mcp_everything_get_env', { json: { arguments: {} } });
    expect(env.json.success).toBe(true);

    const off = await ask('/api/settings/mcp/everything/active', { method: 'PUT', json: { active: false } });
    expect(off.json).toMatchObject({ active: false, state: 'off' });
    expect(await toolNames()).not.toContain('mcp_everything_echo');
    expect((await ask('/api/tools/mcp_everything_echo', { json: { arguments: { message: 'x' } } })).status).toBe(404);
    expect((await ask('/api/health')).json.components['mcp:everything']).toMatchObject({ code: 'mcp.serverOff' });
    // On again: no second question, the household decided once.
    expect((await ask('/api/settings/mcp/everything/active', { method: 'PUT', json: { active: true } })).json.active).toBe(true);
    expect(await toolNames()).toContain('mcp_everything_echo');

    // Changed in Settings (another variable, the key kept): what the household activated no
    // longer describes it, so its tools wait for the switch again.
    const changed = await ask('/api/settings/mcp/everything', {
      method: 'PUT',
      json: {
        name: 'everything',
        kind: 'stdio',
        command: process.execPath,
        args: [everything, 'stdio'],
        env: { EXTRA: 'x' },
        keep_secrets: ['API_KEY'],
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.env_names).toEqual(['API_KEY', 'EXTRA']);
    await eventually(
      async () => ((await server('everything'))?.state === 'waiting' ? true : undefined),
      30_000,
      'the changed server to wait',
    );
    expect(await toolNames()).not.toContain('mcp_everything_echo');
    expect((await ask('/api/settings/mcp/everything/active', { method: 'PUT', json: { active: true } })).json.state).toBe('connected');
    expect(await toolNames()).toContain('mcp_everything_echo');

    // A backup names the server's secret among those it does not carry.
    const made = await ask('/api/settings/backups', { json: {} });
    expect(made.json.secrets_not_carried).toContain('mcp_server:everything');
    expect((await ask('/api/settings/backups')).json.secrets_not_carried).toContain('mcp_server:everything');

    const gone = await ask('/api/settings/mcp/everything', { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await server('everything')).toBeUndefined();
    expect(await toolNames()).not.toContain('mcp_everything_echo');
    expect((await ask('/api/health')).json.components['mcp:everything']).toBeUndefined();
  }, 120_000);

  it('adds an HTTP server with a bearer token that is kept sealed', async () => {
    const added = await ask('/api/settings/mcp', { json: { name: 'peer', kind: 'http', url: peer.url, bearer_token: BEARER } });
    expect(added.status).toBe(201);
    expect(added.json.header_names).toEqual(['Authorization']);
    expect((await ask('/api/settings/mcp/peer/test', { json: {} })).json).toEqual({ ok: true, tools: ['hello'] });
    expect((await ask('/api/settings/mcp/peer/active', { method: 'PUT', json: { active: true } })).json.state).toBe('connected');
    expect((await ask('/api/tools/mcp_peer_hello', { json: { arguments: {} } })).json.message).toBe('hello from peer');
  }, 60_000);

  it('changes a server: a stored secret stays when named, goes when not, and the name stays', async () => {
    const change = (body: Record<string, unknown>, name = 'peer') =>
      ask(`/api/settings/mcp/${name}`, { method: 'PUT', json: { name, kind: 'http', url: peer.url, ...body } });
    const kept = await change({ keep_secrets: ['Authorization'], secret_header: { name: 'X-Extra', value: HEADER_SECRET } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.header_names).toEqual(['Authorization', 'X-Extra']);
    // The edit form's test runs with the kept token.
    const formTest = await ask('/api/settings/mcp/test', {
      json: { name: 'peer', kind: 'http', url: peer.url, keep_secrets: ['Authorization'] },
    });
    expect(formTest.json).toEqual({ ok: true, tools: ['hello'] });
    expect((await ask('/api/settings/mcp/peer/test', { json: {} })).json).toEqual({ ok: true, tools: ['hello'] });

    // Not named: the token is deleted, and the server refuses.
    expect((await change({ keep_secrets: ['X-Extra'] })).json.header_names).toEqual(['X-Extra']);
    expect((await ask('/api/settings/mcp/peer/test', { json: {} })).json).toMatchObject({ ok: false, problem: 'unauthorized' });
    const unknown = await change({ keep_secrets: ['Authorization'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.path).toBe('/keep_secrets');
    const renamed = await ask('/api/settings/mcp/peer', { method: 'PUT', json: { name: 'other', kind: 'http', url: peer.url } });
    expect(renamed.status).toBe(400);
    expect(renamed.json.error.path).toBe('/name');
    expect((await change({}, 'nobody')).status).toBe(404);

    expect((await change({ bearer_token: BEARER })).json.header_names).toEqual(['Authorization']);
    await eventually(async () => ((await server('peer'))?.state === 'connected' ? true : undefined), 30_000, 'peer to run again');
    expect((await ask('/api/tools/mcp_peer_hello', { json: { arguments: {} } })).json.message).toBe('hello from peer');
  }, 60_000);

  it('never gives a secret back: no route answer, the debug export, the database or a backup holds it in clear', async () => {
    answers.push(
      (await tm.request('/api/debug/export')).text,
      (await tm.request('/api/skills')).text,
      (await tm.request('/api/health')).text,
    );
    answers.push((await tm.request('/api/protocol/export')).text, (await tm.request('/api/settings')).text);
    for (const text of answers) {
      expect(text).not.toContain(ENV_SECRET);
      expect(text).not.toContain(BEARER);
      expect(text).not.toContain(HEADER_SECRET);
    }
    const made = await tm.master.capabilities.backup.backupNow();
    const archive = readFileSync(join(backups, made.name)).toString('latin1');
    expect(archive).not.toContain(BEARER);
    expect(archive).toContain('mcp_server:peer');
    tm.master.platform.db.pragma('wal_checkpoint(TRUNCATE)');
    const stored = storedBytes(tm.dataDir);
    expect(stored).not.toContain(ENV_SECRET);
    expect(stored).not.toContain(BEARER);
    expect(stored).not.toContain(HEADER_SECRET);
  });

  it('reads mcp.json again when it changes: a new server appears, is not removable in the app, and leaves with the file', async () => {
    const file = tm.config.mcpConfig!;
    writeFileSync(file, JSON.stringify({ mcpServers: { fromfile: { command: process.execPath, args: [everything, 'stdio'] } } }));
    const listed = await eventually(async () => (await server('fromfile')) ?? undefined, 30_000, 'the file server to be listed');
    expect(listed.origin).toBe('file');
    const removal = await ask('/api/settings/mcp/fromfile', { method: 'DELETE' });
    expect(removal.status).toBe(409);
    expect(removal.json.error.code).toBe('MCP_FROM_FILE');
    // A broken save keeps what runs and says the file is broken.
    writeFileSync(file, '{ "mcpServers": ');
    await eventually(async () => (await list()).file.error, 30_000, 'the broken file to be reported');
    expect(await server('fromfile')).toBeDefined();
    writeFileSync(file, JSON.stringify({ mcpServers: {} }));
    await eventually(async () => !(await list()).servers.some((s) => s.name === 'fromfile'), 30_000, 'the file server to leave');
    expect((await list()).file.error).toBeUndefined();
    expect(await server('peer')).toBeDefined();
  }, 90_000);
});
