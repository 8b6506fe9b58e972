import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../../platform/registry';
import { clientSdk, type ClientSdk } from './client-sdk';
import { CallDeadline } from './call-deadline';
import type { McpServerSpec } from './config-file';

/** One tool as the server listed it, or why it could not be read. */
export type ListedTool =
  { readonly ok: true; readonly tool: Tool } | { readonly ok: false; readonly name: string; readonly reason: string };

export interface ServerListing {
  readonly version: string;
  readonly tools: readonly ListedTool[];
}

export type ConnectionState = 'idle' | 'starting' | 'ready' | 'backoff' | 'stopped';

export interface ConnectionOptions {
  readonly name: string;
  readonly spec: McpServerSpec;
  readonly clientVersion: string;
  /** Start, list and call time limit. */
  readonly timeoutMs: number;
  readonly clock: () => Date;
  /** A fresh tool list (on first start, a restart or the server's list_changed). */
  readonly onListing: (listing: ServerListing) => void;
  /** The connection ended or failed; the text is safe to show (secrets redacted by the caller). */
  readonly onProblem: (message: string) => void;
  /** Where a stdio server's stderr goes (line by line). */
  readonly onStderr?: (line: string) => void;
  /** The server asks the person (elicitation/create); `call` is the call it asks during, if any. */
  readonly onElicit: (params: ElicitRequest['params'], call: CallerOfCall | undefined, signal: AbortSignal) => Promise<ElicitResult>;
  /** The server asks the household's model to write (sampling/createMessage). */
  readonly onSample: (
    params: CreateMessageRequest['params'],
    call: CallerOfCall | undefined,
    signal: AbortSignal,
  ) => Promise<CreateMessageResult>;
}

/** Who made the tool call a server's request belongs to. */
export interface CallerOfCall {
  readonly actor: ToolContext['actor'];
  readonly member?: string;
}

interface InFlight {
  readonly caller: CallerOfCall | undefined;
  readonly deadline: CallDeadline;
}

const MAX_TOOL_PAGES = 20;

/** The server answered the request (an MCP error, a timeout it did not beat): the connection itself is fine. */
function isConnectionLoss(err: unknown): boolean {
  return err instanceof Error && err.name !== 'McpError';
}

/** An HTTP server that does not know the session id any more (it restarted) answers 404. */
function isStaleSession(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 404;
}
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/**
 * One configured MCP server, spoken to through the official SDK client. It starts on first
 * need, not with JARVIS; when it crashes or cannot start it is tried again on the next need
 * after a backoff that doubles (1 s up to a minute) and resets once a start succeeds.
 */
export class McpServerConnection {
  state: ConnectionState = 'idle';
  lastError: string | undefined;
  restarts = 0;
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private failures = 0;
  private retryAt = 0;
  private readonly inFlight = new Set<InFlight>();

  constructor(private readonly options: ConnectionOptions) {}

  /** When the next start may be tried (ms since epoch), while in backoff. */
  get retryAtMs(): number {
    return this.retryAt;
  }

  /** The connected client; starts the server if it is not running. */
  async connect(): Promise<Client> {
    if (this.state === 'stopped') throw new Error(`MCP server ${this.options.name} is stopped`);
    if (this.client) return this.client;
    const now = this.options.clock().getTime();
    if (this.state === 'backoff' && now < this.retryAt) {
      const seconds = Math.ceil((this.retryAt - now) / 1000);
      throw new Error(`MCP server ${this.options.name} failed (${this.lastError ?? 'unknown'}); next try in ${seconds} s`);
    }
    this.connecting ??= this.start().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /**
   * Calls a tool. A progress token goes with every call, so a server that reports progress
   * extends the time limit (up to ten times it). An HTTP server that restarted no longer knows
   * the session (404): a new session is opened and the call sent once more, as the transport
   * specification asks (the server refused the call, so it did not run). Any other lost
   * connection drops the client, so the status says the server failed instead of "running".
   */
  async callTool(tool: string, args: Record<string, unknown>, caller?: CallerOfCall): Promise<CallToolResult> {
    const client = await this.connect();
    try {
      return await this.callOn(client, tool, args, caller);
    } catch (err) {
      if (!isConnectionLoss(err)) throw err;
      await this.drop(client);
      if (!isStaleSession(err)) {
        this.failed(err instanceof Error ? err.message : String(err));
        throw err;
      }
      this.restarts++;
      return this.callOn(await this.connect(), tool, args, caller);
    }
  }

  /**
   * The time limit is JARVIS's own (CallDeadline), not the SDK's: it restarts with each
   * progress report, and it stands still while the server waits for the person's answer.
   */
  private async callOn(client: Client, tool: string, args: Record<string, unknown>, caller?: CallerOfCall): Promise<CallToolResult> {
    const { CallToolResultSchema, McpError, ErrorCode } = await clientSdk();
    const deadline = new CallDeadline(
      this.options.timeoutMs,
      this.options.timeoutMs * 10,
      () => new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: this.options.timeoutMs }),
    );
    const call: InFlight = { caller, deadline };
    this.inFlight.add(call);
    try {
      return (await client.callTool({ name: tool, arguments: args }, CallToolResultSchema, {
        timeout: CallDeadline.NEVER_MS,
        signal: deadline.signal,
        // The SDK sends a progress token only when there is a progress handler.
        onprogress: () => deadline.extend(),
      })) as CallToolResult;
    } finally {
      deadline.end();
      this.inFlight.delete(call);
    }
  }

  /** While the person is asked, no call of this server runs out of time. */
  private async holdingCalls<T>(work: (caller: CallerOfCall | undefined) => Promise<T>): Promise<T> {
    const calls = [...this.inFlight];
    for (const c of calls) c.deadline.hold();
    try {
      return await work(calls.at(-1)?.caller);
    } finally {
      for (const c of calls) c.deadline.release();
    }
  }

  /** Forgets a client whose connection is gone; the next need starts a new one. */
  private async drop(client: Client): Promise<void> {
    if (this.client === client) this.client = undefined;
    if (this.state === 'ready') this.state = 'idle';
    client.onclose = undefined;
    await client.close().catch(() => {});
  }

  /** Ends a running server without counting it as a failure; it starts again on the next need. */
  async release(): Promise<void> {
    const client = this.client;
    if (!client || this.state === 'stopped') return;
    this.client = undefined;
    this.state = 'idle';
    client.onclose = undefined;
    await client.close().catch(() => {});
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }

  private async start(): Promise<Client> {
    this.state = 'starting';
    const sdk = await clientSdk();
    const client = new sdk.Client(
      { name: 'jarvis-home-command', version: this.options.clientVersion },
      // Form elicitation only: a URL to open is not something JARVIS shows the person.
      { capabilities: { elicitation: { form: {} }, sampling: {} } },
    );
    client.setRequestHandler(sdk.ElicitRequestSchema, (req, extra) =>
      this.holdingCalls((caller) => this.options.onElicit(req.params, caller, extra.signal)),
    );
    client.setRequestHandler(sdk.CreateMessageRequestSchema, (req, extra) =>
      this.holdingCalls((caller) => this.options.onSample(req.params, caller, extra.signal)),
    );
    const transport = this.transport(sdk);
    let ready = false;
    client.onclose = () => {
      // A released client's process may take seconds to end; by then a new one may be running,
      // and its close says nothing about that one.
      if (this.client !== client) return;
      this.client = undefined;
      if (ready && this.state === 'ready') this.failed('the server ended the connection');
    };
    client.onerror = (err) => {
      if (!ready) return;
      this.lastError = err.message;
    };
    try {
      await client.connect(transport, { timeout: this.options.timeoutMs });
      const listing = await this.list(client, sdk);
      ready = true;
      this.client = client;
      this.state = 'ready';
      this.failures = 0;
      this.lastError = undefined;
      if (client.getServerCapabilities()?.tools?.listChanged) {
        client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
          void this.list(client, sdk)
            .then((l) => this.options.onListing(l))
            .catch((err: Error) => this.options.onProblem(`listing tools again failed: ${err.message}`));
        });
      }
      this.options.onListing(listing);
      return client;
    } catch (err) {
      await client.close().catch(() => {});
      const message = err instanceof Error ? err.message : String(err);
      this.failed(message);
      throw new Error(`MCP server ${this.options.name} could not start: ${message}`);
    }
  }

  private failed(message: string): void {
    if (this.state === 'stopped') return;
    this.failures++;
    this.restarts++;
    this.lastError = message;
    this.state = 'backoff';
    this.retryAt = this.options.clock().getTime() + Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failures - 1));
    this.options.onProblem(message);
  }

  /** Every page of tools/list; a tool the SDK's schema rejects is reported on its own, the others are kept. */
  private async list(client: Client, { PaginatedResultSchema, ToolSchema }: ClientSdk): Promise<ServerListing> {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, PaginatedResultSchema, {
        timeout: this.options.timeoutMs,
      });
      const raw = (result as { tools?: unknown }).tools;
      if (!Array.isArray(raw)) throw new Error('tools/list answered without a tools array');
      for (const item of raw) {
        const parsed = ToolSchema.safeParse(item);
        if (parsed.success) tools.push({ ok: true, tool: parsed.data as Tool });
        else {
          const name = typeof (item as { name?: unknown })?.name === 'string' ? String((item as { name: string }).name) : '(unnamed)';
          tools.push({
            ok: false,
            name: name.slice(0, 100),
            reason: `not a valid MCP tool: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
          });
        }
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return { version: client.getServerVersion()?.version ?? '0', tools };
  }

  private transport({ StdioClientTransport, StreamableHTTPClientTransport }: ClientSdk): Transport {
    const { spec } = this.options;
    if (spec.kind === 'http') {
      return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: { ...spec.headers } } });
    }
    const transport = new StdioClientTransport({
      command: spec.command,
      args: [...spec.args],
      env: { ...spec.env },
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      stderr: 'pipe',
    });
    const stderr = transport.stderr;
    if (stderr && this.options.onStderr) {
      let buffered = '';
      stderr.on('data', (chunk: Buffer) => {
        buffered = (buffered + chunk.toString('utf8')).slice(-8192);
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl).trimEnd();
          buffered = buffered.slice(nl + 1);
          if (line) this.options.onStderr?.(line.slice(0, 500));
        }
      });
    }
    return transport;
  }
}
