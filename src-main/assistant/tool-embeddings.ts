import { createHash } from 'node:crypto';
import type { RegisteredTool } from '../platform/registry';
import { CORE_TOOL_PHRASES } from './tool-phrases';

/** Texts in, one vector per text out (Ollama's /api/embed). */
export type Embedder = (model: string, texts: readonly string[]) => Promise<number[][]>;

const BATCH = 64;

function toolText(tool: RegisteredTool): string {
  return `${tool.name.replace(/_/g, ' ')}: ${tool.description} ${CORE_TOOL_PHRASES[tool.name] ?? ''}`.trim();
}

/**
 * Tool embeddings, computed once per tool text and model and kept in memory: a request
 * then costs one embedding of its own text. A tool whose description changes gets a new key.
 */
export class ToolEmbeddings {
  private readonly vectors = new Map<string, Float32Array>();
  // Registered tools are immutable objects: their key is hashed once.
  private readonly keys = new WeakMap<RegisteredTool, string>();

  constructor(
    private readonly embed: Embedder,
    readonly model: string,
  ) {}

  private key(tool: RegisteredTool): string {
    let key = this.keys.get(tool);
    if (!key) {
      key = createHash('sha1')
        .update(`${this.model}\n${toolText(tool)}`)
        .digest('base64');
      this.keys.set(tool, key);
    }
    return key;
  }

  get cached(): number {
    return this.vectors.size;
  }

  /** Embeds the tools not cached yet. */
  async prepare(tools: readonly RegisteredTool[]): Promise<void> {
    const missing = tools.filter((t) => !this.vectors.has(this.key(t)));
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const out = await this.embed(this.model, batch.map(toolText));
      batch.forEach((t, j) => {
        const v = out[j];
        if (v) this.vectors.set(this.key(t), normalise(v));
      });
    }
  }

  /** Tools by cosine similarity to the request, best first (only tools already embedded). */
  async rank(tools: readonly RegisteredTool[], request: string): Promise<RegisteredTool[]> {
    await this.prepare(tools);
    const [q] = await this.embed(this.model, [request]);
    if (!q) return [];
    return this.rankByVector(tools, normalise(q));
  }

  rankByVector(tools: readonly RegisteredTool[], query: Float32Array): RegisteredTool[] {
    const scored: { tool: RegisteredTool; score: number }[] = [];
    const dims = query.length;
    for (const tool of tools) {
      const v = this.vectors.get(this.key(tool));
      if (!v || v.length !== dims) continue;
      scored.push({ tool, score: dot(v, query, dims) });
    }
    return scored.sort((a, b) => b.score - a.score).map((s) => s.tool);
  }
}

function dot(a: Float32Array, b: Float32Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

export function normalise(v: readonly number[]): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= n;
  return out;
}
