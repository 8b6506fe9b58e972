import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src-shared';
import { activateProposedSkills, listedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A stateful streamable-HTTP MCP server as the transport specification describes it
// (modelcontextprotocol.io/specification/2025-06-18/basic/transports: a session id from
// initialize, 404 for an id the server does not know). `restart()` forgets every session, as a
// server process that restarted would.

interface PeerControl {
  /** Resolves the `slow` tool's call. */
  finishSlow?: () => void;
  /** Progress notifications the `slow` tool sent. */
  progressSent: number;
}

function peerServer(control: PeerControl): Server {
  const server = new Server({ name: 'peer', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'hello', description: 'Says hello', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
      { name: 'slow', description: 'Takes long, reporting progress', inputSchema: { type: 'object', properties: {} } },
      {
        name: 'batch',
        description: 'Runs only as a task',
        inputSchema: { type: 'object', properties: {} },
        execution: { taskSupport: 'required' },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    if (req.params.name !== 'slow') return { content: [{ type: 'text', text: 'hello from peer' }] };
    const token = req.params._meta?.progressToken;
    if (token === undefined) return { content: [{ type: 'text', text: 'no progress token' }], isError: true };
    // Progress until the test says stop: the call lasts as long as the test needs, past the time limit.
    await new Promise<void>((done) => {
      const resolve = (): void => {
        control.finishSlow = undefined;
        done();
      };
      control.finishSlow = resolve;
      const tick = (): void => {
        if (control.finishSlow !== resolve) return;
        control.progressSent++;
        void extra
          .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: control.progressSent } })
          .catch(() => {});
        setTimeout(tick, 300);
      };
      tick();
    });
    return { content: [{ type: 'text', text: `slow done after ${control.progressSent} progress reports` }] };
  });
  return server;
}

class Peer {
  readonly control: PeerControl = { progressSent: 0 };
  private sessions = new Map<string, StreamableHTTPServerTransport>();
  private http: HttpServer | undefined;
  port = 0;

  async start(): Promise<void> {
    this.http = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () =>
        // A stream the client has already closed is its business, not the test's.
        this.handle(req, res, body).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        }),
      );
    });
    await new Promise<void>((resolve) => this.http!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.http.address() as { port: number }).port;
  }

  /** Forgets every session, as a restarted server process would; the port stays. */
  restart(): void {
    this.sessions = new Map();
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async close(): Promise<void> {
    this.control.finishSlow?.();
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => this.http?.close(() => resolve()));
  }

  private async handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: string): Promise<void> {
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const known = this.sessions.get(id);
      if (!known) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      await known.handleRequest(req, res, parsed);
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void this.sessions.set(sid, transport),
    });
    await peerServer(this.control).connect(transport);
    await transport.handleRequest(req, res, parsed);
  }
}

describe('an MCP server over HTTP as a skill provider', () => {
  let tm: TestMaster;
  let base: string;
  const peer = new Peer();

  beforeAll(async () => {
    await peer.start();
    base = mkdtempSync(join(tmpdir(), 'jarvis-mcp-http-'));
    const config = join(base, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { peer: { url: peer.url } } }));
    tm = await startTestMaster({ JARVIS_MCP_CONFIG: config, JARVIS_MCP_CALL_TIMEOUT: '2s' });
    // Waits for the event that says the server was listed, however long a busy machine takes.
    await new Promise<void>((resolve) => {
      const check = async (): Promise<void> => {
        if ((await listedSkills(tm)).some((s) => s.id === 'mcp.peer' && s.activation?.status === 'proposed')) resolve();
      };
      tm.master.platform.events.subscribe((e: ServerEvent) => {
        if (e.type === 'skills.changed') void check();
      });
      void check();
    });
    await activateProposedSkills(tm, ['mcp.peer']);
  }, 180_000);
  afterAll(async () => {
    await tm.close();
    await peer.close();
    rmSync(base, { recursive: true, force: true });
  });

  const call = (name: string) => tm.request(`/api/tools/${name}`, { json: { arguments: {} } });

  it('never imports a tool that can only run as an MCP task, and says why', async () => {
    const info = (await listedSkills(tm)).find((s) => s.id === 'mcp.peer')!;
    expect(info.actions.map((a) => a.tool).sort()).toEqual(['mcp_peer_hello', 'mcp_peer_slow']);
    expect(info.errors.join(' ')).toContain('batch skipped: it runs only as an MCP task');
  });

  it('sends a progress token, so a call that reports progress runs past the time limit', async () => {
    const pending = call('mcp_peer_slow');
    // The call is finished only after the server sent progress for longer than the 2 s limit.
    await new Promise<void>((resolve) => {
      const wait = (): void => void (peer.control.progressSent * 300 > 3000 ? resolve() : setTimeout(wait, 100));
      wait();
    });
    peer.control.finishSlow?.();
    const result = await pending;
    expect(result.json.success, result.text).toBe(true);
    expect(result.json.message).toMatch(/slow done after \d+ progress reports/);
  }, 120_000);

  it('opens a new session when the server restarted, and the call succeeds', async () => {
    expect((await call('mcp_peer_hello')).json.message).toContain('hello from peer');
    peer.restart();
    for (let i = 0; i < 3; i++) {
      const again = await call('mcp_peer_hello');
      expect(again.json.success, again.text).toBe(true);
      expect(again.json.message).toContain('hello from peer');
    }
    // Degraded only for the task-only tool it leaves out.
    expect((await tm.request('/api/health')).json.components['mcp:peer']).toMatchObject({ state: 'degraded', code: 'mcp.serverReady' });
  });

  it('a server that is gone is reported as failed, not "running"', async () => {
    await peer.close();
    const gone = await call('mcp_peer_hello');
    expect(gone.json.success).toBe(false);
    expect((await tm.request('/api/health')).json.components['mcp:peer']).toMatchObject({ state: 'error', code: 'mcp.serverFailed' });
  });
});
