import { Ollama, type ChatRequest, type ChatResponse, type Message, type Options, type Tool } from 'ollama';
import type { ComponentStatus } from '../../src-shared';
import type { Config } from '../platform/config';
import { listInstalledModels } from '../platform/ollama';

/** Which call is being made: each role has its own context size, token limit and temperature. */
export type ModelRole = 'chat' | 'agent' | 'planner';

export type ModelChoice =
  | { readonly ok: true; readonly model: string; readonly how: 'configured' | 'auto' }
  | {
      readonly ok: false;
      readonly reason: 'unreachable' | 'no-tool-model' | 'model-missing' | 'model-without-tools' | 'model-error';
      readonly message: string;
      /** The model concerned; for no-tool-model, how many models are installed. */
      readonly model?: string;
      readonly installed?: number;
    };

export interface ChatCall {
  readonly role: ModelRole;
  readonly messages: Message[];
  readonly tools?: Tool[];
  readonly format?: 'json' | object;
  /** Called with each content piece when given; the call then streams NDJSON. */
  readonly onDelta?: (text: string) => void;
}

export interface ChatTurn {
  readonly content: string;
  readonly toolCalls: { name: string; arguments: Record<string, unknown> }[];
  readonly model: string;
  /** Ollama's counts for this turn (prompt and generated tokens), when it sent them. */
  readonly usage?: TurnUsage;
}

export interface TurnUsage {
  readonly promptTokens: number;
  readonly evalTokens: number;
}

export class OllamaUnavailableError extends Error {
  constructor(readonly choice: Extract<ModelChoice, { ok: false }>) {
    super(choice.message);
    this.name = 'OllamaUnavailableError';
  }
}

// How long a model choice (or a failure to reach Ollama) is trusted before asking again.
const CHOICE_TTL_MS = 30_000;

/**
 * The one connection to Ollama (official client). Resolves OLLAMA_MODEL=auto to an
 * installed model with the "tools" capability, and keeps the last known state for
 * /api/health without blocking on the network.
 */
export class OllamaConnection {
  private made?: Ollama;
  private choice?: { value: ModelChoice; at: number };
  private resolving?: Promise<ModelChoice>;

  constructor(
    private readonly config: Config,
    private readonly clock: () => Date,
    /** With OLLAMA_MODEL=auto: the installed model `jarvis doctor --model` recommends, if any. */
    private readonly recommended?: (installed: readonly string[]) => string | undefined,
  ) {}

  /** Made on first use: the start answers its first health check without the client's package. */
  get client(): Ollama {
    return (this.made ??= new Ollama({ host: this.config.ollamaUrl }));
  }

  get url(): string {
    return this.config.ollamaUrl;
  }

  status(): ComponentStatus {
    const value = this.choice?.value;
    if (!value) return { state: 'off', detail: `not checked yet (${this.config.ollamaUrl})`, code: 'ollama.unchecked' };
    if (value.ok)
      return {
        state: 'ok',
        detail: `${value.model} (${value.how === 'auto' ? 'auto-selected, ' : ''}tools) at ${this.config.ollamaUrl}`,
        code: 'ollama.ready',
        params: { model: value.model },
      };
    return { state: value.reason === 'unreachable' ? 'error' : 'degraded', detail: value.message, ...statusCodeOf(value) };
  }

  lastChoice(): ModelChoice | undefined {
    return this.choice?.value;
  }

  /** Forget the cached choice (after a failed call, or when the user installs a model). */
  invalidate(): void {
    this.choice = undefined;
  }

  async resolveModel(): Promise<ModelChoice> {
    const now = this.clock().getTime();
    if (this.choice && now - this.choice.at < CHOICE_TTL_MS) return this.choice.value;
    this.resolving ??= this.pick().then((value) => {
      this.choice = { value, at: this.clock().getTime() };
      this.resolving = undefined;
      return value;
    });
    return this.resolving;
  }

  private async pick(): Promise<ModelChoice> {
    const url = this.config.ollamaUrl;
    let names: string[];
    try {
      names = (await listInstalledModels(url)).map((m) => m.name);
    } catch (err) {
      return { ok: false, reason: 'unreachable', message: `Ollama ist unter ${url} nicht erreichbar (${shortError(err)}).` };
    }
    const wanted = this.config.ollamaModel;
    if (wanted !== 'auto') {
      const installed = names.some((n) => n === wanted || n === `${wanted}:latest`);
      if (!installed)
        return {
          ok: false,
          reason: 'model-missing',
          model: wanted,
          message: `Das Modell ${wanted} ist in Ollama nicht installiert (ollama pull ${wanted}).`,
        };
      const caps = await this.capabilities(wanted);
      if (caps && !caps.includes('tools')) {
        return {
          ok: false,
          reason: 'model-without-tools',
          model: wanted,
          message: `Das Modell ${wanted} unterstützt keine Tools; bitte ein Modell mit Tool-Calling wählen.`,
        };
      }
      return { ok: true, model: wanted, how: 'configured' };
    }
    const probed = this.recommended?.(names);
    if (probed) {
      const caps = await this.capabilities(probed);
      if (caps?.includes('tools')) return { ok: true, model: probed, how: 'auto' };
    }
    for (const name of names) {
      const caps = await this.capabilities(name);
      if (caps?.includes('tools')) return { ok: true, model: name, how: 'auto' };
    }
    return {
      ok: false,
      reason: 'no-tool-model',
      installed: names.length,
      message:
        names.length === 0
          ? 'In Ollama ist kein Modell installiert; bitte eines mit Tool-Calling laden (z. B. ollama pull qwen2.5:7b).'
          : `Keines der installierten Modelle (${names.join(', ')}) unterstützt Tool-Calling.`,
    };
  }

  private async capabilities(model: string): Promise<string[] | undefined> {
    try {
      return (await this.client.show({ model })).capabilities ?? [];
    } catch {
      return undefined;
    }
  }

  options(role: ModelRole): Partial<Options> {
    const c = this.config;
    if (role === 'agent')
      return { num_ctx: c.ollamaAgentNumCtx, num_predict: c.ollamaAgentNumPredict, temperature: c.ollamaAgentTemperature };
    if (role === 'planner')
      return { num_ctx: c.ollamaPlannerNumCtx, num_predict: c.ollamaPlannerNumPredict, temperature: c.ollamaPlannerTemperature };
    return { num_ctx: c.ollamaNumCtx, num_predict: c.ollamaNumPredict, temperature: c.ollamaTemperature };
  }

  /** One model turn. Throws OllamaUnavailableError when there is no usable model. */
  async chat(call: ChatCall): Promise<ChatTurn> {
    const choice = await this.resolveModel();
    if (!choice.ok) throw new OllamaUnavailableError(choice);
    const request: ChatRequest = {
      model: choice.model,
      messages: call.messages,
      options: this.options(call.role),
      ...(call.tools ? { tools: call.tools } : {}),
      ...(call.format ? { format: call.format } : {}),
    };
    try {
      if (!call.onDelta) {
        const res: ChatResponse = await this.client.chat({ ...request, stream: false });
        return { content: res.message.content ?? '', toolCalls: toolCallsOf(res.message), model: choice.model, ...usageOf(res) };
      }
      const stream = await this.client.chat({ ...request, stream: true });
      let content = '';
      const toolCalls: ChatTurn['toolCalls'] = [];
      let usage: Partial<Pick<ChatTurn, 'usage'>> = {};
      for await (const part of stream) {
        if (part.message.content) {
          content += part.message.content;
          call.onDelta(part.message.content);
        }
        toolCalls.push(...toolCallsOf(part.message));
        if (part.done) usage = usageOf(part);
      }
      return { content, toolCalls, model: choice.model, ...usage };
    } catch (err) {
      this.invalidate();
      if (isConnectionError(err)) {
        throw new OllamaUnavailableError({
          ok: false,
          reason: 'unreachable',
          message: `Ollama ist unter ${this.url} nicht erreichbar (${shortError(err)}).`,
        });
      }
      // An error answer (model crashed, out of memory, model removed): said in one sentence, never a 500.
      throw new OllamaUnavailableError({
        ok: false,
        reason: 'model-error',
        model: choice.model,
        message: `Ollama meldet einen Fehler mit ${choice.model} (${shortError(err)}).`,
      });
    }
  }
}

function usageOf(res: Partial<Pick<ChatResponse, 'prompt_eval_count' | 'eval_count'>>): Partial<Pick<ChatTurn, 'usage'>> {
  if (typeof res.eval_count !== 'number' && typeof res.prompt_eval_count !== 'number') return {};
  return { usage: { promptTokens: res.prompt_eval_count ?? 0, evalTokens: res.eval_count ?? 0 } };
}

function toolCallsOf(message: Message): ChatTurn['toolCalls'] {
  return (message.tool_calls ?? []).map((c) => ({
    name: String(c.function?.name ?? ''),
    // Some models send arguments as a JSON string; Ollama's own format is an object.
    arguments: parseArguments(c.function?.arguments),
  }));
}

function parseArguments(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isConnectionError(err: unknown): boolean {
  const text = `${(err as { cause?: { code?: string } })?.cause?.code ?? ''} ${err instanceof Error ? err.message : ''}`;
  return /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|fetch failed|other side closed/i.test(text);
}

export function shortError(err: unknown): string {
  const cause = (err as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return err instanceof Error ? err.message : String(err);
}

/** The stable code of a failed model choice, for the UI's own words. */
function statusCodeOf(choice: Extract<ModelChoice, { ok: false }>): Pick<ComponentStatus, 'code' | 'params'> {
  switch (choice.reason) {
    case 'unreachable':
      return { code: 'ollama.unreachable' };
    case 'no-tool-model':
      return { code: choice.installed ? 'ollama.noToolModel' : 'ollama.noModel' };
    case 'model-missing':
      return { code: 'ollama.modelMissing', params: { model: choice.model ?? '' } };
    case 'model-without-tools':
      return { code: 'ollama.modelWithoutTools', params: { model: choice.model ?? '' } };
    case 'model-error':
      return { code: 'ollama.modelError', params: { model: choice.model ?? '' } };
  }
}
