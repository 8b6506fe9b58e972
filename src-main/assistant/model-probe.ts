import { Ollama, type ChatResponse, type Tool } from 'ollama';
import { isRecord, parseJsonAnswer } from './json-answer';
import type { AgentMode, ModelProbe, ToolCalling } from './model-profile';
import { recoverToolCalls } from './model-output';
import { shortError } from './ollama-connection';

// `jarvis doctor --model`: asks Ollama what each installed model can do, by trying it.
// /api/show gives capabilities and the context length; one native tool call, one JSON-mode
// answer and the token counts of both give tool calling, JSON mode and speed.

const PROBE_TOOL = {
  type: 'function',
  function: {
    name: 'groceries_add',
    description: 'Add an item to the household shopping list.',
    parameters: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, quantity: { type: 'number' }, unit: { type: 'string' } },
    },
  },
} as const;

const OPTIONS = { temperature: 0, num_predict: 256 };

export interface ProbeOptions {
  readonly url: string;
  /** The agent's context window (OLLAMA_AGENT_NUM_CTX): the budget never assumes more. */
  readonly agentNumCtx: number;
  readonly now: () => Date;
}

/** The models to probe: the one named, or every installed model that is not only an embedder. */
export async function modelsToProbe(url: string, wanted?: string): Promise<string[]> {
  const client = new Ollama({ host: url });
  let names: string[];
  try {
    names = (await client.list()).models.map((m) => m.name);
  } catch (err) {
    throw new Error(`Ollama is not reachable at ${url} (${shortError(err)}).`);
  }
  if (wanted) {
    const hit = names.find((n) => n === wanted || n === `${wanted}:latest`);
    if (!hit) throw new Error(`The model ${wanted} is not installed in Ollama (ollama pull ${wanted}).`);
    return [hit];
  }
  return names;
}

export async function probeModel(model: string, options: ProbeOptions): Promise<ModelProbe> {
  const client = new Ollama({ host: options.url });
  const notes: string[] = [];
  const show = await client.show({ model });
  const capabilities = show.capabilities ?? [];
  const details = show.details ?? ({} as Partial<NonNullable<typeof show.details>>);
  const contextLength = contextLengthOf(show.model_info as unknown);
  const base = {
    model,
    probed_at: options.now().toISOString(),
    ...(details.family ? { family: details.family } : {}),
    ...(details.parameter_size ? { parameter_size: details.parameter_size } : {}),
    ...(details.quantization_level ? { quantization: details.quantization_level } : {}),
    ...(contextLength ? { context_length: contextLength } : {}),
    capabilities,
  };
  if (!capabilities.includes('completion') && capabilities.length > 0) {
    return {
      ...base,
      tool_calling: 'unsupported',
      json_mode: false,
      recommendation: { agent: 'unusable', planner: 'off', max_tools: 0, max_tokens: 0, score: 0 },
      notes: ['not a chat model (embedding only)'],
    };
  }

  const speed = { tokens: 0, ns: 0 };
  const count = (res: ChatResponse) => {
    if (typeof res.eval_count === 'number' && typeof res.eval_duration === 'number' && res.eval_duration > 0) {
      speed.tokens += res.eval_count;
      speed.ns += res.eval_duration;
    }
  };

  let toolCalling: ToolCalling = 'unsupported';
  if (capabilities.includes('tools')) {
    try {
      const res = await client.chat({
        model,
        stream: false,
        options: OPTIONS,
        tools: [PROBE_TOOL as unknown as Tool],
        messages: [
          { role: 'system', content: 'You manage a household through the given tools. Call a tool for every household request.' },
          { role: 'user', content: 'Put two liters of milk on the shopping list.' },
        ],
      });
      count(res);
      if ((res.message.tool_calls ?? []).some((c) => c.function?.name === PROBE_TOOL.function.name)) toolCalling = 'native';
      else if (recoverToolCalls(res.message.content ?? '').calls.some((c) => c.name === PROBE_TOOL.function.name)) {
        toolCalling = 'in-text';
        notes.push('writes tool calls into the text; JARVIS reads them from there');
      } else {
        toolCalling = 'none';
        notes.push('made no tool call in the probe');
      }
    } catch (err) {
      notes.push(`tool probe failed: ${err instanceof Error ? err.message : String(err)}`);
      toolCalling = 'none';
    }
  } else {
    notes.push('Ollama lists no tools capability for this model');
  }

  let jsonMode = false;
  try {
    const res = await client.chat({
      model,
      stream: false,
      format: 'json',
      options: OPTIONS,
      messages: [{ role: 'user', content: 'Answer only with JSON of the form {"sum": <number>}: what is 2 + 3?' }],
    });
    count(res);
    const parsed = parseJsonAnswer(res.message.content);
    jsonMode = isRecord(parsed);
    if (!jsonMode) notes.push('JSON mode gave no JSON object');
  } catch (err) {
    notes.push(`JSON probe failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  const tokensPerSecond = speed.ns > 0 ? Math.round((speed.tokens / (speed.ns / 1e9)) * 10) / 10 : undefined;
  return {
    ...base,
    tool_calling: toolCalling,
    json_mode: jsonMode,
    ...(tokensPerSecond !== undefined ? { tokens_per_second: tokensPerSecond } : {}),
    recommendation: recommend({
      capabilities,
      toolCalling,
      jsonMode,
      ...(contextLength ? { contextLength } : {}),
      ...(details.parameter_size ? { parameterSize: details.parameter_size } : {}),
      ...(tokensPerSecond !== undefined ? { tokensPerSecond } : {}),
      agentNumCtx: options.agentNumCtx,
    }),
    notes,
  };
}

/** `<arch>.context_length` from /api/show's model_info. */
function contextLengthOf(info: unknown): number | undefined {
  // The client types it as a Map; over the wire it is a plain object.
  const entries = info instanceof Map ? [...info.entries()] : isRecord(info) ? Object.entries(info) : [];
  for (const [key, value] of entries) if (key.endsWith('.context_length') && typeof value === 'number') return value;
  return undefined;
}

/** "7.6B" -> 7.6, "270M" -> 0.27; undefined when unreadable. */
export function billions(size: string | undefined): number | undefined {
  const m = /^([\d.]+)\s*([BM])$/i.exec(size?.trim() ?? '');
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2]!.toUpperCase() === 'M' ? n / 1000 : n;
}

export function recommend(p: {
  capabilities: readonly string[];
  toolCalling: ToolCalling;
  jsonMode: boolean;
  contextLength?: number;
  parameterSize?: string;
  tokensPerSecond?: number;
  agentNumCtx: number;
}): ModelProbe['recommendation'] {
  // Without Ollama's tools capability the agent cannot send tools at all.
  const agent: AgentMode | 'unusable' = !p.capabilities.includes('tools')
    ? 'unusable'
    : p.toolCalling === 'native'
      ? 'native'
      : p.toolCalling === 'in-text'
        ? 'text-calls'
        : p.jsonMode
          ? 'selector'
          : 'unusable';
  const ctx = Math.min(p.contextLength ?? p.agentNumCtx, p.agentNumCtx);
  // Tool definitions get at most 40% of the window: history, tool results and the answer need the rest.
  const maxTokens = Math.floor(ctx * 0.4);
  const size = billions(p.parameterSize);
  const maxTools = size === undefined ? 40 : size <= 4 ? 15 : size <= 9 ? 30 : 60;
  const tps = p.tokensPerSecond ?? 0;
  const score =
    agent === 'unusable'
      ? 0
      : (agent === 'native' ? 100 : agent === 'text-calls' ? 70 : 40) + Math.min(size ?? 4, 14) * 3 + (tps >= 15 ? 10 : tps >= 5 ? 5 : 0);
  return { agent, planner: p.jsonMode ? 'json' : 'off', max_tools: maxTools, max_tokens: maxTokens, score };
}
