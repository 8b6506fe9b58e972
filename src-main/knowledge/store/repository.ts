import type { RagDocumentStatus, RagFormat, RagSearchFilters, RagSourceLocation } from '../../../src-shared';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../platform/database/database';
import { applyMigrations } from '../../platform/database/migrations';
import { RAG_MIGRATIONS } from './migrations';

export interface RagDocumentRow {
  readonly id: string;
  readonly name: string;
  readonly format: RagFormat;
  readonly size: number;
  readonly hash: string;
  readonly status: RagDocumentStatus;
  readonly error: string | null;
  readonly progress: number;
  readonly chunk_count: number;
  readonly stored_file: string;
  readonly source_path: string | null;
  readonly embed_model: string | null;
  readonly text_chars: number;
  readonly added_at: string;
  readonly updated_at: string;
}

export interface NewChunk {
  readonly text: string;
  readonly location: RagSourceLocation;
}

export interface ChunkRow {
  readonly id: number;
  readonly document_id: string;
  readonly text: string;
  readonly location: RagSourceLocation;
}

export interface KeywordHit extends ChunkRow {
  readonly document: string;
  /** FTS5 bm25(): lower is better. */
  readonly bm25: number;
}

export interface StoredVectors {
  readonly generation: number;
  readonly model: string;
  readonly dims: number;
  readonly chunkIds: Int32Array;
  readonly documentIds: readonly string[];
  /** Row-major, unit length rows: cosine similarity is a dot product. */
  readonly matrix: Float32Array;
}

type DocumentPatch = Partial<
  Pick<
    RagDocumentRow,
    | 'status'
    | 'error'
    | 'progress'
    | 'chunk_count'
    | 'embed_model'
    | 'text_chars'
    | 'hash'
    | 'size'
    | 'stored_file'
    | 'source_path'
    | 'format'
  >
>;

/** All SQL of the knowledge index. Callers never see a statement. */
export class RagRepository {
  constructor(private readonly db: Db) {
    applyMigrations(db, 'rag', RAG_MIGRATIONS);
  }

  insertDocument(doc: Omit<RagDocumentRow, 'error' | 'progress' | 'chunk_count' | 'embed_model' | 'text_chars'>): void {
    this.db
      .prepare(
        `INSERT INTO rag_documents (id, name, format, size, hash, status, stored_file, source_path, added_at, updated_at)
         VALUES (@id, @name, @format, @size, @hash, @status, @stored_file, @source_path, @added_at, @updated_at)`,
      )
      .run(doc);
  }

  get(id: string): RagDocumentRow | undefined {
    return this.db.prepare('SELECT * FROM rag_documents WHERE id = ?').get(id) as RagDocumentRow | undefined;
  }

  findByHash(hash: string): RagDocumentRow | undefined {
    return this.db.prepare('SELECT * FROM rag_documents WHERE hash = ? ORDER BY added_at LIMIT 1').get(hash) as RagDocumentRow | undefined;
  }

  /** A document with the same origin: the same source path, or the same name for uploads. */
  findByOrigin(name: string, sourcePath: string | null): RagDocumentRow | undefined {
    if (sourcePath)
      return this.db.prepare('SELECT * FROM rag_documents WHERE source_path = ? LIMIT 1').get(sourcePath) as RagDocumentRow | undefined;
    return this.db.prepare('SELECT * FROM rag_documents WHERE name = ? AND source_path IS NULL LIMIT 1').get(name) as
      RagDocumentRow | undefined;
  }

  list(): RagDocumentRow[] {
    return this.db.prepare('SELECT * FROM rag_documents ORDER BY added_at DESC, id').all() as RagDocumentRow[];
  }

  update(id: string, patch: DocumentPatch, now: string): void {
    const keys = Object.keys(patch) as (keyof DocumentPatch)[];
    if (keys.length === 0) return;
    const sets = keys.map((k) => `${k} = @${k}`).join(', ');
    this.db.prepare(`UPDATE rag_documents SET ${sets}, updated_at = @updated_at WHERE id = @id`).run({ ...patch, id, updated_at: now });
  }

  /**
   * Takes the oldest queued document for this process. The conditional UPDATE makes the
   * claim atomic, so a CLI run and the master never work on the same document.
   */
  claimNextQueued(now: string): RagDocumentRow | undefined {
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT id FROM rag_documents WHERE status = 'queued' ORDER BY added_at, id LIMIT 1").get() as
        { id: string } | undefined;
      if (!row) return undefined;
      const claimed = this.db
        .prepare(
          "UPDATE rag_documents SET status = 'extracting', progress = 0.05, error = NULL, updated_at = ? WHERE id = ? AND status = 'queued'",
        )
        .run(now, row.id);
      return claimed.changes === 1 ? this.get(row.id) : undefined;
    })();
  }

  /** After a crash: work that was in flight goes back to the queue. */
  requeueInterrupted(now: string): number {
    return this.db
      .prepare("UPDATE rag_documents SET status = 'queued', progress = 0, updated_at = ? WHERE status IN ('extracting','indexing')")
      .run(now).changes;
  }

  /** Replaces a document's chunks in one transaction; returns the new chunk ids in order. */
  replaceChunks(
    documentId: string,
    chunks: readonly NewChunk[],
    status?: { status: RagDocumentStatus; progress: number; now: string },
  ): number[] {
    return this.db.transaction(() => {
      if (status) this.update(documentId, { status: status.status, progress: status.progress }, status.now);
      this.db.prepare('DELETE FROM rag_chunks WHERE document_id = ?').run(documentId);
      const insert = this.db.prepare('INSERT INTO rag_chunks (document_id, ord, text, location) VALUES (?, ?, ?, ?)');
      const ids = chunks.map((c, i) => Number(insert.run(documentId, i, c.text, JSON.stringify(c.location)).lastInsertRowid));
      this.bumpGeneration();
      return ids;
    })();
  }

  /** Deletes up to `limit` of a document's chunks in one transaction; returns how many went. */
  deleteChunkSlice(documentId: string, limit: number): number {
    return this.db.transaction(() => {
      const n = this.statement(
        'delete_slice',
        'DELETE FROM rag_chunks WHERE id IN (SELECT id FROM rag_chunks WHERE document_id = ? LIMIT ?)',
      ).run(documentId, limit).changes;
      if (n > 0) this.bumpGeneration();
      return n;
    })();
  }

  /** Appends chunks numbered from `firstOrd` in one transaction; returns their ids in order. */
  insertChunkSlice(documentId: string, firstOrd: number, chunks: readonly NewChunk[]): number[] {
    return this.db.transaction(() => {
      const insert = this.statement('insert_chunk', 'INSERT INTO rag_chunks (document_id, ord, text, location) VALUES (?, ?, ?, ?)');
      const ids = chunks.map((c, i) => Number(insert.run(documentId, firstOrd + i, c.text, JSON.stringify(c.location)).lastInsertRowid));
      this.bumpGeneration();
      return ids;
    })();
  }

  setEmbeddings(model: string, vectors: readonly { chunkId: number; vector: Float32Array }[]): void {
    this.db.transaction(() => {
      const update = this.db.prepare('UPDATE rag_chunks SET embedding = ?, embed_model = ? WHERE id = ?');
      for (const v of vectors) update.run(Buffer.from(v.vector.buffer, v.vector.byteOffset, v.vector.byteLength), model, v.chunkId);
      this.bumpGeneration();
    })();
  }

  /** Removes the document, its chunks, their FTS entries and vectors. */
  deleteDocument(id: string): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM rag_chunks WHERE document_id = ?').run(id);
      const removed = this.db.prepare('DELETE FROM rag_documents WHERE id = ?').run(id).changes === 1;
      this.bumpGeneration();
      return removed;
    })();
  }

  chunkTexts(documentId: string): string[] {
    return (this.db.prepare('SELECT text FROM rag_chunks WHERE document_id = ? ORDER BY ord').all(documentId) as { text: string }[]).map(
      (r) => r.text,
    );
  }

  /** Chunks of ready documents that have no vector from `model` yet (to catch up later). */
  chunksMissingEmbedding(model: string, limit: number): { id: number; document_id: string; text: string }[] {
    return this.db
      .prepare(
        `SELECT c.id, c.document_id, c.text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
         WHERE d.status = 'ready' AND (c.embed_model IS NULL OR c.embed_model != ?) ORDER BY c.id LIMIT ?`,
      )
      .all(model, limit) as { id: number; document_id: string; text: string }[];
  }

  /**
   * BM25 hits. Without filters the FTS index is ranked and cut first and only the top rows
   * are joined (reading every matching chunk's text before sorting costs 5-10x on large
   * indexes); with filters, or if non-ready documents thinned the top out, it joins first.
   */
  keywordSearch(match: string, limit: number, filters: RagSearchFilters = {}): KeywordHit[] {
    const { clause, params } = filterClause(filters);
    type Row = Omit<KeywordHit, 'location'> & { location: string };
    if (!clause) {
      const top = this.statement(
        'kw_top',
        `WITH hits AS (SELECT rowid AS id, bm25(rag_chunks_fts) AS bm25 FROM rag_chunks_fts WHERE rag_chunks_fts MATCH ? ORDER BY bm25 LIMIT ?)
         SELECT c.id, c.document_id, d.name AS document, c.text, c.location, hits.bm25, d.status
         FROM hits JOIN rag_chunks c ON c.id = hits.id JOIN rag_documents d ON d.id = c.document_id ORDER BY hits.bm25`,
      ).all(match, limit * 2) as (Row & { status: string })[];
      const ready = top.filter((r) => r.status === 'ready');
      // Enough ready hits, or the index had no more to give: no second query.
      if (ready.length >= limit || top.length < limit * 2) {
        return ready.slice(0, limit).map(({ status: _status, ...r }) => ({ ...r, location: JSON.parse(r.location) as RagSourceLocation }));
      }
    }
    const rows = this.db
      .prepare(
        `SELECT c.id, c.document_id, d.name AS document, c.text, c.location, bm25(rag_chunks_fts) AS bm25
         FROM rag_chunks_fts JOIN rag_chunks c ON c.id = rag_chunks_fts.rowid JOIN rag_documents d ON d.id = c.document_id
         WHERE rag_chunks_fts MATCH ? AND d.status = 'ready'${clause}
         ORDER BY bm25 LIMIT ?`,
      )
      .all(match, ...params, limit) as Row[];
    return rows.map((r) => ({ ...r, location: JSON.parse(r.location) as RagSourceLocation }));
  }

  chunksByIds(ids: readonly number[]): (ChunkRow & { document: string })[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT c.id, c.document_id, d.name AS document, c.text, c.location FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
         WHERE c.id IN (${ids.map(() => '?').join(',')})`,
      )
      .all(...ids) as (Omit<ChunkRow, 'location'> & { document: string; location: string })[];
    return rows.map((r) => ({ ...r, location: JSON.parse(r.location) as RagSourceLocation }));
  }

  /** Ids of ready documents passing the filters (for filtering vector hits). */
  documentIdsMatching(filters: RagSearchFilters): Set<string> {
    const { clause, params } = filterClause(filters);
    const rows = this.db.prepare(`SELECT d.id FROM rag_documents d WHERE d.status = 'ready'${clause}`).all(...params) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  generation(): number {
    return (this.statement('generation', "SELECT value FROM rag_meta WHERE key = 'generation'").get() as { value: number }).value;
  }

  /** Every stored vector of `model` for ready documents, as one matrix. */
  loadVectors(model: string): StoredVectors {
    return this.db.transaction(() => {
      const generation = this.generation();
      const rows = this.db
        .prepare(
          `SELECT c.id, c.document_id, c.embedding FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
           WHERE d.status = 'ready' AND c.embed_model = ? AND c.embedding IS NOT NULL ORDER BY c.id`,
        )
        .all(model) as { id: number; document_id: string; embedding: Buffer }[];
      const dims = rows.length ? rows[0]!.embedding.byteLength / 4 : 0;
      const usable = rows.filter((r) => r.embedding.byteLength === dims * 4);
      const matrix = new Float32Array(usable.length * dims);
      const chunkIds = new Int32Array(usable.length);
      usable.forEach((r, i) => {
        matrix.set(new Float32Array(r.embedding.buffer, r.embedding.byteOffset, dims), i * dims);
        chunkIds[i] = r.id;
      });
      return { generation, model, dims, chunkIds, documentIds: usable.map((r) => r.document_id), matrix };
    })();
  }

  counts(): { documents: number; ready: number; failed: number; pending: number; chunks: number; embedded: number } {
    const d = this.statement(
      'document_counts',
      `SELECT COUNT(*) AS documents, SUM(status = 'ready') AS ready, SUM(status = 'failed') AS failed,
                SUM(status IN ('queued','extracting','indexing')) AS pending FROM rag_documents`,
    ).get() as { documents: number; ready: number | null; failed: number | null; pending: number | null };
    // Both counts read an index only (rag_chunks_document, rag_chunks_embedded), never the rows.
    const c = this.statement(
      'counts',
      'SELECT (SELECT COUNT(*) FROM rag_chunks) AS chunks, (SELECT COUNT(*) FROM rag_chunks WHERE embedding IS NOT NULL) AS embedded',
    ).get() as { chunks: number; embedded: number };
    return { documents: d.documents, ready: d.ready ?? 0, failed: d.failed ?? 0, pending: d.pending ?? 0, ...c };
  }

  private readonly statements = new Map<string, Statement>();

  /** Statements on the search path are prepared once. */
  private statement(key: string, sql: string): Statement {
    let st = this.statements.get(key);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(key, st);
    }
    return st;
  }

  private bumpGeneration(): void {
    this.db.prepare("UPDATE rag_meta SET value = value + 1 WHERE key = 'generation'").run();
  }
}

function filterClause(filters: RagSearchFilters): { clause: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filters.document_ids?.length) {
    parts.push(`d.id IN (${filters.document_ids.map(() => '?').join(',')})`);
    params.push(...filters.document_ids);
  }
  if (filters.formats?.length) {
    parts.push(`d.format IN (${filters.formats.map(() => '?').join(',')})`);
    params.push(...filters.formats);
  }
  if (filters.name_contains) {
    parts.push("d.name LIKE ? ESCAPE '\\'");
    params.push(`%${filters.name_contains.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  }
  return { clause: parts.map((p) => ` AND ${p}`).join(''), params };
}
