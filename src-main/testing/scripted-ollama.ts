import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A small HTTP server that speaks Ollama's wire format (docs/api.md of ollama/ollama):
// GET /api/tags, POST /api/show, POST /api/chat (tool_calls, JSON mode, NDJSON streaming),
// POST /api/embed, GET /api/version. Tests queue the model's replies and read back what was
// sent, so the real agent and the real `ollama` client run against it unchanged.

export interface ScriptedModel {
  readonly name: string;
  /** As /api/show reports them: "completion", "tools", "embedding", "vision", "thinking". */
  readonly capabilities: readonly string[];
  readonly family?: string;
  /** As /api/show reports it in model_info (`<family>.context_length`). */
  readonly contextLength?: number;
  /** As /api/tags and /api/show report it in details (default "7.6B"). */
  readonly parameterSize?: string;
}

export interface ScriptedToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** One model turn. `json` is serialised into content (what a format:"json" answer looks like). */
export interface ScriptedReply {
  readonly content?: string;
  readonly json?: unknown;
  readonly tool_calls?: readonly ScriptedToolCall[];
  /** How content is cut into stream chunks; default: one chunk per word. */
  readonly chunks?: readonly string[];
  /** An HTTP error instead of an answer (Ollama sends {error}). */
  readonly status?: number;
  readonly error?: string;
  /** Simulated inference time before the answer. */
  readonly delayMs?: number;
}

export type ChatMessageBody = {
  role: string;
  content: string;
  tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
  tool_name?: string;
};

export interface ChatRequestBody {
  model: string;
  messages: ChatMessageBody[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  format?: string | object;
  stream?: boolean;
  options?: Record<string, unknown>;
  keep_alive?: string | number;
  think?: unknown;
}

/** A queued step: a fixed reply or one computed from the request (e.g. echo the last tool result). */
export type ScriptStep = ScriptedReply | ((request: ChatRequestBody) => ScriptedReply);

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: any;
  /** Time the server spent on this request, including any scripted delay. */
  readonly handledMs: number;
}

export interface ScriptedOllamaOptions {
  readonly models?: readonly ScriptedModel[];
  readonly embedDimensions?: number;
  /** Answer for /api/chat when the queue is empty; without it an empty queue is a 500. */
  readonly fallback?: ScriptStep;
}

export const DEFAULT_MODELS: readonly ScriptedModel[] = [
  { name: 'nomic-embed-text:latest', capabilities: ['embedding'], family: 'nomic-bert' },
  { name: 'qwen2.5:7b-instruct', capabilities: ['completion', 'tools'], family: 'qwen2' },
];

const FIXED_TIME = '2026-08-29T08:20:00.000000000Z';

export class ScriptedOllama {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptStep[] = [];
  private server?: Server;
  private baseUrl = '';
  private models: readonly ScriptedModel[];
  private readonly embedDimensions: number;
  private readonly fallback?: ScriptStep;

  constructor(options: ScriptedOllamaOptions = {}) {
    this.models = options.models ?? DEFAULT_MODELS;
    this.embedDimensions = options.embedDimensions ?? 16;
    if (options.fallback) this.fallback = options.fallback;
  }

  get url(): string {
    if (!this.baseUrl) throw new Error('scripted ollama is not started');
    return this.baseUrl;
  }

  /** Queue the next chat replies, in order. */
  reply(...steps: ScriptStep[]): this {
    this.queue.push(...steps);
    return this;
  }

  /** Replies still queued (a test can assert the agent used exactly its script). */
  get remaining(): number {
    return this.queue.length;
  }

  setModels(models: readonly ScriptedModel[]): void {
    this.models = models;
  }

  /** Bodies of every /api/chat request so far. */
  chats(): ChatRequestBody[] {
    return this.requests.filter((r) => r.path === '/api/chat').map((r) => r.body as ChatRequestBody);
  }

  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0]!;
    let body: any;
    try {
      const raw = await readBody(req);
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      sendJson(res, 400, { error: 'invalid JSON body' });
      return;
    }
    try {
      await this.route(req.method ?? 'GET', path, body, res);
    } finally {
      this.requests.push({ method: req.method ?? 'GET', path, body, handledMs: performance.now() - started });
    }
  }

  private async route(method: string, path: string, body: any, res: ServerResponse): Promise<void> {
    if (method === 'GET' && path === '/api/version') return sendJson(res, 200, { version: '0.12.0' });
    if (method === 'GET' && path === '/api/tags') {
      return sendJson(res, 200, {
        models: this.models.map((m) => ({
          name: m.name,
          model: m.name,
          modified_at: FIXED_TIME,
          size: 4_683_087_332,
          digest: createHash('sha256').update(m.name).digest('hex'),
          details: {
            parent_model: '',
            format: 'gguf',
            family: m.family ?? 'llama',
            families: [m.family ?? 'llama'],
            parameter_size: m.parameterSize ?? '7.6B',
            quantization_level: 'Q4_K_M',
          },
        })),
      });
    }
    if (method === 'POST' && path === '/api/show') {
      const name = body?.model ?? body?.name;
      const model = this.findModel(name);
      if (!model) return sendJson(res, 404, { error: `model '${name}' not found` });
      return sendJson(res, 200, {
        modelfile: `FROM ${model.name}`,
        parameters: 'temperature 0.7',
        template: '{{ .Prompt }}',
        details: {
          parent_model: '',
          format: 'gguf',
          family: model.family ?? 'llama',
          families: [model.family ?? 'llama'],
          parameter_size: model.parameterSize ?? '7.6B',
          quantization_level: 'Q4_K_M',
        },
        model_info: {
          'general.architecture': model.family ?? 'llama',
          ...(model.contextLength ? { [`${model.family ?? 'llama'}.context_length`]: model.contextLength } : {}),
        },
        capabilities: model.capabilities,
        modified_at: FIXED_TIME,
      });
    }
    if (method === 'POST' && path === '/api/embed') {
      const model = this.findModel(body?.model);
      if (!model) return sendJson(res, 404, { error: `model '${body?.model}' not found` });
      const inputs: string[] = Array.isArray(body.input) ? body.input : [String(body.input ?? '')];
      return sendJson(res, 200, {
        model: model.name,
        embeddings: inputs.map((text) => embedText(text, this.embedDimensions)),
        total_duration: 1000,
        load_duration: 100,
        prompt_eval_count: inputs.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0),
      });
    }
    if (method === 'POST' && path === '/api/chat') return this.chat(body as ChatRequestBody, res);
    sendJson(res, 404, { error: `${method} ${path} not found` });
  }

  private async chat(body: ChatRequestBody, res: ServerResponse): Promise<void> {
    if (!body || typeof body.model !== 'string') return sendJson(res, 400, { error: 'model is required' });
    const model = this.findModel(body.model);
    if (!model) return sendJson(res, 404, { error: `model '${body.model}' not found, try pulling it first` });
    if (body.tools?.length && !model.capabilities.includes('tools')) {
      return sendJson(res, 400, { error: `registry.ollama.ai/library/${model.name} does not support tools` });
    }
    const step = this.queue.shift() ?? this.fallback;
    if (!step) return sendJson(res, 500, { error: 'scripted-ollama: no scripted reply left for /api/chat' });
    const reply = typeof step === 'function' ? step(body) : step;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.status) return sendJson(res, reply.status, { error: reply.error ?? 'scripted failure' });

    const content = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.content ?? '');
    const toolCalls = reply.tool_calls?.map((c) => ({ function: { name: c.name, arguments: c.arguments } }));
    const stats = {
      total_duration: 2_000_000,
      load_duration: 100_000,
      prompt_eval_count: 42,
      prompt_eval_duration: 500_000,
      eval_count: 12,
      eval_duration: 1_000_000,
    };

    if (body.stream === false) {
      return sendJson(res, 200, {
        model: model.name,
        created_at: FIXED_TIME,
        message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        done_reason: 'stop',
        done: true,
        ...stats,
      });
    }
    // Streaming (Ollama's default): NDJSON chunks, tool calls in their own chunk, then a done chunk.
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const chunks = reply.chunks ?? (content ? (content.match(/\S+\s*|\s+/g) ?? [content]) : []);
    for (const piece of chunks) {
      res.write(
        `${JSON.stringify({ model: model.name, created_at: FIXED_TIME, message: { role: 'assistant', content: piece }, done: false })}\n`,
      );
    }
    if (toolCalls) {
      res.write(
        `${JSON.stringify({ model: model.name, created_at: FIXED_TIME, message: { role: 'assistant', content: '', tool_calls: toolCalls }, done: false })}\n`,
      );
    }
    res.end(
      `${JSON.stringify({ model: model.name, created_at: FIXED_TIME, message: { role: 'assistant', content: '' }, done_reason: 'stop', done: true, ...stats })}\n`,
    );
  }

  private findModel(name: unknown): ScriptedModel | undefined {
    if (typeof name !== 'string') return undefined;
    const full = name.includes(':') ? name : `${name}:latest`;
    return this.models.find((m) => m.name === name || m.name === full);
  }
}

/** A deterministic unit vector from the text's hash: equal texts embed equally. */
export function embedText(text: string, dimensions: number): number[] {
  const out: number[] = [];
  let block = createHash('sha256').update(text).digest();
  for (let i = 0; out.length < dimensions; i++) {
    if (i > 0 && i % 16 === 0) block = createHash('sha256').update(block).digest();
    out.push(block.readUInt16BE((i % 16) * 2) / 32768 - 1);
  }
  const norm = Math.hypot(...out) || 1;
  return out.map((v) => v / norm);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts a scripted server; the caller closes it. */
export async function startScriptedOllama(options: ScriptedOllamaOptions = {}): Promise<ScriptedOllama> {
  const server = new ScriptedOllama(options);
  await server.start();
  return server;
}
