import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// A server built with the official SDK that asks during a call: `book_table` asks the person
// for a form (elicitation/create), `summarise` asks the client's model to write
// (sampling/createMessage), as modelcontextprotocol.io/specification/2025-06-18/client/
// elicitation and .../client/sampling describe them. The SDK server refuses to send either
// unless the client declared the capability, so each test also shows JARVIS declares it.

function peerServer(): Server {
  const server = new Server({ name: 'asker', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'book_table', description: 'Books a table, asking for the details', inputSchema: { type: 'object', properties: {} } },
      { name: 'summarise', description: 'Summarises with the client model', inputSchema: { type: 'object', properties: {} } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    if (req.params.name === 'book_table') {
      const answer = await server.elicitInput({
        message: 'Für wie viele Personen und wann?',
        requestedSchema: {
          type: 'object',
          properties: {
            people: { type: 'integer', title: 'Personen', minimum: 1 },
            time: { type: 'string', title: 'Uhrzeit', enum: ['18:00', '20:00'] },
            outside: { type: 'boolean', title: 'Draußen' },
          },
          required: ['people', 'time'],
        },
      });
      return { content: [{ type: 'text', text: `elicitation ${answer.action} ${JSON.stringify(answer.content ?? {})}` }] };
    }
    try {
      const written = await server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Fasse zusammen: Milch, Brot, Eier.' } }],
        systemPrompt: 'Antworte kurz.',
        maxTokens: 100,
      });
      const content = written.content as { type: string; text?: string };
      return { content: [{ type: 'text', text: `sampled by ${written.model}: ${content.text ?? ''}` }] };
    } catch (err) {
      return { content: [{ type: 'text', text: `sampling refused: ${(err as Error).message}` }], isError: true };
    }
  });
  return server;
}

/** The asking server over streamable HTTP (stateful sessions, SSE for its requests during a call). */
export class AskingMcpServer {
  private readonly sessions = new Map<string, StreamableHTTPServerTransport>();
  private http: HttpServer | undefined;
  port = 0;

  async start(): Promise<void> {
    this.http = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () =>
        this.handle(req, res, body).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        }),
      );
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.port = (this.http.address() as { port: number }).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async close(): Promise<void> {
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => this.http?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (known) return known.handleRequest(req, res, parsed);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void this.sessions.set(sid, transport),
    });
    await peerServer().connect(transport);
    await transport.handleRequest(req, res, parsed);
  }
}
