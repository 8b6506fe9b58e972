import type { RagSearchFilters, RagSearchMode, RagSearchResponse, RagSearchResult, RagSourceLocation } from '../../src-shared';
import type { RagRepository, StoredVectors } from './store';
import type { Embedder } from './embeddings';
import { locationLabel } from './location-label';

export interface SearchOptions {
  readonly topK?: number;
  readonly filters?: RagSearchFilters;
}

/** Reciprocal rank fusion constant (Cormack et al. 2009): damps the head of each list. */
const RRF_K = 60;
const EXCERPT_CHARS = 320;
const MAX_TOP_K = 50;

/**
 * Keyword (FTS5/BM25) and vector (exact cosine over every stored embedding) retrieval,
 * fused by reciprocal rank. Without an embedding model it answers by keywords alone and
 * says so in `mode` and `notice`.
 */
export class HybridSearch {
  private vectors?: StoredVectors;

  constructor(
    private readonly repo: RagRepository,
    private readonly embedder: Embedder | undefined,
    private readonly language: 'de' | 'en',
  ) {}

  async search(query: string, options: SearchOptions = {}): Promise<RagSearchResponse> {
    const topK = Math.max(1, Math.min(MAX_TOP_K, options.topK ?? 5));
    const filters = options.filters ?? {};
    const terms = queryTerms(query);
    // Fusion needs deeper lists than it returns; keyword mode needs exactly top_k.
    const pool = Math.max(topK * 4, 20);
    const semantic = await this.semanticHits(query, pool, filters);
    const mode: RagSearchMode = semantic.hits ? 'hybrid' : 'keyword';
    const keyword = terms.length
      ? this.repo.keywordSearch(terms.map((t) => `"${t}"*`).join(' OR '), mode === 'hybrid' ? pool : topK, filters)
      : [];

    const fused = new Map<number, number>();
    keyword.forEach((h, rank) => fused.set(h.id, (fused.get(h.id) ?? 0) + 1 / (RRF_K + rank + 1)));
    semantic.hits?.forEach((h, rank) => fused.set(h.chunkId, (fused.get(h.chunkId) ?? 0) + 1 / (RRF_K + rank + 1)));

    const ranked =
      mode === 'hybrid'
        ? [...fused.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, topK)
        : keyword.slice(0, topK).map((h) => [h.id, -h.bm25] as [number, number]);

    const rows = new Map<number, { document_id: string; document: string; text: string; location: RagSourceLocation }>();
    for (const h of keyword) rows.set(h.id, h);
    const missing = ranked.map(([id]) => id).filter((id) => !rows.has(id));
    for (const r of this.repo.chunksByIds(missing)) rows.set(r.id, r);

    const results: RagSearchResult[] = [];
    for (const [id, score] of ranked) {
      const row = rows.get(id);
      if (!row) continue;
      results.push({
        document_id: row.document_id,
        document: row.document,
        location: locationLabel(row.location, this.language),
        source: row.location,
        excerpt: excerpt(row.text, terms),
        score: Math.round(score * 1e5) / 1e5,
        chunk_id: id,
      });
    }
    return { query, mode, ...(semantic.notice ? { notice: semantic.notice } : {}), results };
  }

  private async semanticHits(
    query: string,
    pool: number,
    filters: RagSearchFilters,
  ): Promise<{ hits?: { chunkId: number; similarity: number }[]; notice?: string }> {
    if (!this.embedder) return { notice: 'Keyword search only: embeddings are turned off.' };
    const availability = await this.embedder.availability();
    if (!availability.model) return { notice: `Keyword search only: ${availability.reason ?? 'no embedding model'}` };
    const vectors = this.currentVectors(availability.model);
    if (vectors.chunkIds.length === 0) return { notice: `Keyword search only: no document has vectors from ${availability.model} yet.` };
    let q: Float32Array;
    try {
      [q] = (await this.embedder.embed(availability.model, [query])) as [Float32Array];
    } catch (err) {
      return { notice: `Keyword search only: the embedding call failed (${err instanceof Error ? err.message : String(err)}).` };
    }
    if (q.length !== vectors.dims)
      return { notice: `Keyword search only: ${availability.model} returned ${q.length} dimensions, the index holds ${vectors.dims}.` };
    const allowed = hasFilters(filters) ? this.repo.documentIdsMatching(filters) : undefined;
    return { hits: topByCosine(vectors, q, pool, allowed) };
  }

  private currentVectors(model: string): StoredVectors {
    const generation = this.repo.generation();
    if (!this.vectors || this.vectors.model !== model || this.vectors.generation !== generation)
      this.vectors = this.repo.loadVectors(model);
    return this.vectors;
  }
}

function hasFilters(f: RagSearchFilters): boolean {
  return Boolean(f.document_ids?.length || f.formats?.length || f.name_contains);
}

/** Words of the query as FTS5 tokens (letters and digits only, so no query syntax leaks in). */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2 || /\d/.test(w)))].slice(0, 32);
}

/** Exact cosine (vectors are unit length, so a dot product) with a bounded top list. */
export function topByCosine(
  v: StoredVectors,
  q: Float32Array,
  n: number,
  allowed?: Set<string>,
): { chunkId: number; similarity: number }[] {
  const top: { chunkId: number; similarity: number }[] = [];
  const dims = v.dims;
  const m = v.matrix;
  for (let row = 0; row < v.chunkIds.length; row++) {
    if (allowed && !allowed.has(v.documentIds[row]!)) continue;
    // Four accumulators: V8 keeps them in registers, about 15% faster than one.
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    const base = row * dims;
    let i = 0;
    for (; i + 3 < dims; i += 4) {
      d0 += m[base + i]! * q[i]!;
      d1 += m[base + i + 1]! * q[i + 1]!;
      d2 += m[base + i + 2]! * q[i + 2]!;
      d3 += m[base + i + 3]! * q[i + 3]!;
    }
    for (; i < dims; i++) d0 += m[base + i]! * q[i]!;
    const dot = d0 + d1 + d2 + d3;
    if (top.length < n || dot > top[top.length - 1]!.similarity) {
      let at = top.length;
      while (at > 0 && top[at - 1]!.similarity < dot) at--;
      top.splice(at, 0, { chunkId: v.chunkIds[row]!, similarity: dot });
      if (top.length > n) top.pop();
    }
  }
  return top;
}

/** A window of the chunk around the first query word, cut at word boundaries. */
export function excerpt(text: string, terms: readonly string[]): string {
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_CHARS) return flat(text);
  // Only the window is cleaned up: the whole chunk never is (this runs per result).
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  let start = Math.max(0, at - Math.floor(EXCERPT_CHARS / 3));
  if (start > 0) {
    const space = text.slice(start, at > start ? at : start + 40).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(text.length, start + EXCERPT_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}
