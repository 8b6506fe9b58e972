import { Ollama } from 'ollama';
import { listInstalledModels } from '../platform/ollama';

export interface EmbeddingAvailability {
  readonly model?: string;
  /** Why there are no embeddings, when there are none. */
  readonly reason?: string;
}

/** Text to unit-length vectors. The search treats its absence as "keyword mode". */
export interface Embedder {
  /** The model in use, resolving `auto` against what Ollama has installed. */
  availability(): Promise<EmbeddingAvailability>;
  /** The last answer of availability(), for synchronous status reports. */
  lastKnown(): EmbeddingAvailability | undefined;
  embed(model: string, texts: readonly string[]): Promise<Float32Array[]>;
}

const EMBED_NAME = /embed|bge|minilm|e5-|gte-|arctic|mxbai|paraphrase/i;
const EMBED_FAMILIES = new Set(['bert', 'nomic-bert', 'xlm-roberta', 'jina-bert-v2', 'new']);

export interface OllamaEmbedderOptions {
  readonly url: string;
  /** `auto` or an installed model name. */
  readonly model: string;
  readonly clock: () => Date;
  readonly timeoutMs?: number;
}

/**
 * Embeddings from Ollama's /api/embed through the official client. The model choice is
 * cached: for ten minutes when one was found, for thirty seconds when not, so starting
 * Ollama (or pulling a model) later is noticed without a restart.
 */
export class OllamaEmbedder implements Embedder {
  private made?: Ollama;
  private cached?: { at: number; value: EmbeddingAvailability };
  private pending?: Promise<EmbeddingAvailability>;

  constructor(private readonly options: OllamaEmbedderOptions) {}

  /** Made on first use: the start answers its first health check without the client's package. */
  private get client(): Ollama {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    return (this.made ??= new Ollama({
      host: this.options.url,
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init?.signal ? [init.signal] : [])]) }),
    }));
  }

  lastKnown(): EmbeddingAvailability | undefined {
    return this.cached?.value;
  }

  availability(): Promise<EmbeddingAvailability> {
    const now = this.options.clock().getTime();
    if (this.cached && now - this.cached.at < (this.cached.value.model ? 600_000 : 30_000)) return Promise.resolve(this.cached.value);
    this.pending ??= this.resolveModel()
      .then((value) => {
        this.cached = { at: this.options.clock().getTime(), value };
        return value;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** Forget the cached choice (after an embed call failed). */
  invalidate(reason: string): void {
    this.cached = { at: this.options.clock().getTime(), value: { reason } };
  }

  async embed(model: string, texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const res = await this.client.embed({ model, input: [...texts], truncate: true });
    if (!Array.isArray(res.embeddings) || res.embeddings.length !== texts.length) {
      throw new Error(`Ollama returned ${res.embeddings?.length ?? 0} embeddings for ${texts.length} texts`);
    }
    return res.embeddings.map(normalize);
  }

  private async resolveModel(): Promise<EmbeddingAvailability> {
    let models: { name: string; family?: string; families?: readonly string[] }[];
    try {
      models = (await listInstalledModels(this.options.url, this.options.timeoutMs)).map((m) => ({
        name: m.name,
        family: m.details?.family,
        families: m.details?.families ?? [],
      }));
    } catch (err) {
      return { reason: `Ollama is not reachable at ${this.options.url} (${err instanceof Error ? err.message : String(err)})` };
    }
    const wanted = this.options.model;
    if (wanted !== 'auto') {
      const hit = models.find((m) => m.name === wanted || m.name === `${wanted}:latest`);
      return hit ? { model: hit.name } : { reason: `The embedding model ${wanted} is not installed in Ollama (ollama pull ${wanted}).` };
    }
    const byName = models.find(
      (m) => EMBED_NAME.test(m.name) || EMBED_FAMILIES.has(m.family ?? '') || (m.families ?? []).some((f) => EMBED_FAMILIES.has(f)),
    );
    if (byName) return { model: byName.name };
    // Newer Ollama versions list what a model can do; ask a few before giving up.
    for (const m of models.slice(0, 8)) {
      try {
        const info = await this.client.show({ model: m.name });
        if (info.capabilities?.includes('embedding')) return { model: m.name };
      } catch {
        // A model that cannot be described is not a candidate.
      }
    }
    return { reason: 'No embedding model is installed in Ollama (for example: ollama pull nomic-embed-text).' };
  }
}

export function normalize(v: readonly number[]): Float32Array {
  const out = Float32Array.from(v);
  let sum = 0;
  for (const x of out) sum += x * x;
  const n = Math.sqrt(sum);
  if (n > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / n;
  return out;
}
