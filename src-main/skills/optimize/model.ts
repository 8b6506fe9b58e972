import { Ollama } from 'ollama';
import { listInstalledModels } from '../../platform/ollama';

export interface ModelMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

/** One question to the model, answered with its text (JSON asked for). */
export type ModelAsk = (messages: readonly ModelMessage[], options: { readonly temperature: number }) => Promise<string>;

/** The model `jarvis optimize skills` asks: `--model`, else OLLAMA_MODEL, else the first installed model. */
export async function resolveOptimizerModel(url: string, wanted: string): Promise<string> {
  if (wanted && wanted !== 'auto') return wanted;
  const installed = await listInstalledModels(url);
  const first = installed[0]?.name;
  if (!first) throw new Error(`Ollama at ${url} has no model installed (ollama pull <model>)`);
  return first;
}

/** Asks Ollama's /api/chat for a JSON answer, without streaming. */
export function ollamaAsk(url: string, model: string): ModelAsk {
  const client = new Ollama({ host: url });
  return async (messages, options) => {
    const res = await client.chat({
      model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      format: 'json',
      stream: false,
      options: { temperature: options.temperature },
    });
    return res.message.content;
  };
}

/** The first JSON object in a model answer (small models wrap it in prose or fences), or undefined. */
export function jsonOf(text: string): unknown {
  const trimmed = text.trim();
  for (const candidate of [trimmed, trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1)]) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next shape
    }
  }
  return undefined;
}
