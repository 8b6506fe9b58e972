import { listInstalledModels, type InstalledModel } from '../platform/ollama';
import type { GenerateText } from './step-tools';

export interface OllamaGenerateOptions {
  readonly url: string;
  /** OLLAMA_MODEL: a model name, or `auto` for the first installed model that writes text. */
  readonly model: string;
  readonly temperature: number;
  readonly numCtx: number;
  /** A step that gets no answer in this time fails rather than holding the pipeline (default 2 minutes). */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;

const EMBED_NAME = /embed|bge|minilm|e5-|gte-|arctic|mxbai|paraphrase/i;
const EMBED_FAMILIES = new Set(['bert', 'nomic-bert', 'xlm-roberta', 'jina-bert-v2']);

const writesText = (m: InstalledModel): boolean => !EMBED_NAME.test(m.name) && !EMBED_FAMILIES.has(m.details?.family ?? '');

/**
 * The `llm` step tool's model: one chat turn on Ollama (/api/chat, not streamed) with the
 * assistant's model and temperature. The official client loads on the first call, so
 * listing skills never pays for it.
 */
export function ollamaGenerate(options: OllamaGenerateOptions): GenerateText {
  let auto: string | undefined;
  const modelName = async (): Promise<string> => {
    if (options.model !== 'auto') return options.model;
    if (auto) return auto;
    const found = (await listInstalledModels(options.url)).find(writesText);
    if (!found) throw new Error(`Ollama at ${options.url} has no model that writes text installed`);
    auto = found.name;
    return auto;
  };
  return async (prompt, { system }) => {
    const { Ollama } = await import('ollama');
    const model = await modelName();
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const client = new Ollama({
      host: options.url,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    try {
      const response = await client.chat({
        model,
        stream: false,
        messages: [...(system ? [{ role: 'system', content: system }] : []), { role: 'user', content: prompt }],
        options: { temperature: options.temperature, num_ctx: options.numCtx },
      });
      return response.message.content;
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw new Error(`${model} gave no answer within ${timeoutMs} ms`);
      throw err;
    }
  };
}
