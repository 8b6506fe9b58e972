import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ComponentStatus, RagDocument, RagFormat, RagProgressEvent, RagSearchResponse, RagIngestResponse } from '../../src-shared';
import type { RagDocumentRow, RagRepository } from './store';
import type { Logger } from '../platform/trace';
import type { Publish } from '../platform/events';
import { Refusal } from '../platform/errors';
import { OffThreadAbort } from '../platform/off-thread';
import { nextTurn, SliceSizer } from '../platform/slices';
import { unpackChunks, unpackTexts, type PackedChunks } from './chunk-pack';
import { DEFAULT_CHUNKING, type ChunkOptions } from './chunker';
import { DocumentReader } from './document-reader';
import type { Embedder } from './embeddings';
import { IngestError } from './errors';
import { isToolInstalled } from './extract';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './ingest-limits';
import { requireFormat } from './formats';
import { HybridSearch, type SearchOptions } from './search';

export interface ReadyDocument {
  readonly id: string;
  readonly name: string;
  /** What kind of file it is: a reader may leave some kinds alone (the Task Scout calendar files). */
  readonly format: RagFormat;
  /** The extracted text (capped), for readers such as the Task Scout. */
  readonly text: string;
}

/** `unchanged`: the same content was already there, nothing happened. */
export type IngestOutcome = RagIngestResponse;

export interface RagServiceOptions {
  readonly repo: RagRepository;
  readonly embedder?: Embedder;
  /** Where uploaded and added files are kept (the queue reads them from here). */
  readonly filesDir: string;
  readonly maxFileBytes: number;
  readonly clock: () => Date;
  readonly log: Logger;
  readonly language: 'de' | 'en';
  readonly publish?: Publish;
  readonly chunking?: ChunkOptions;
  /** Texts per /api/embed call. */
  readonly embedBatch?: number;
  /** Chunks, nesting and time one document may cost (defaults: DEFAULT_INGEST_LIMITS). */
  readonly limits?: Partial<IngestLimits>;
}

const READY_TEXT_CAP = 200_000;
const CATCH_UP_MS = 5 * 60_000;

/**
 * The knowledge index: takes files in (streamed to disk with a size cap and a content
 * hash), runs one background queue (one document at a time: the household PC is small),
 * and answers searches. Everything a caller sees goes through here.
 */
export class RagService {
  readonly search: HybridSearch;
  private readonly readyListeners = new Set<(doc: ReadyDocument) => void>();
  private running?: Promise<void>;
  private stopped = false;
  private kickAgain = false;
  private catchUpTimer?: NodeJS.Timeout;
  private readonly reader = new DocumentReader();
  private readonly limits: IngestLimits;

  constructor(private readonly o: RagServiceOptions) {
    // The household's documents are their owner's alone: the folder is 0700 (narrowed too when
    // an older JARVIS made it open, which also covers the files it holds), each document 0600.
    mkdirSync(o.filesDir, { recursive: true, mode: 0o700 });
    try {
      if (process.platform !== 'win32') chmodSync(o.filesDir, 0o700);
    } catch {
      // Another user's folder (a shared temporary folder in tests): its files are still 0600.
    }
    this.limits = { ...DEFAULT_INGEST_LIMITS, ...o.limits };
    this.search = new HybridSearch(o.repo, o.embedder, o.language);
  }

  get maxFileBytes(): number {
    return this.o.maxFileBytes;
  }

  /** Re-queues work a crash interrupted and starts the queue. */
  start(): void {
    this.stopped = false;
    const n = this.o.repo.requeueInterrupted(this.now());
    if (n) this.o.log.info(`rag: ${n} interrupted document(s) queued again`);
    this.kick();
    // An idle queue still looks for chunks without vectors now and then (Ollama came back).
    this.catchUpTimer = setInterval(() => this.kick(), CATCH_UP_MS);
    this.catchUpTimer.unref();
  }

  /** Lets the document in progress finish its current step, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.catchUpTimer);
    await this.reader.close();
    await this.running;
  }

  /** Resolves when the queue is empty (the CLI waits for this before it exits). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  list(): RagDocument[] {
    return this.o.repo.list().map(toDocument);
  }

  get(id: string): RagDocument | undefined {
    const row = this.o.repo.get(id);
    return row ? toDocument(row) : undefined;
  }

  /**
   * Removes the document with its chunks, vectors and stored file. The chunks go in
   * slices with a turn of the event loop between them; the document leaves search at once.
   */
  async remove(id: string): Promise<boolean> {
    const row = this.o.repo.get(id);
    if (!row) return false;
    this.o.repo.update(id, { status: 'failed', error: 'Being removed.' }, this.now());
    await this.deleteChunks(id);
    this.o.repo.deleteDocument(id);
    rmSync(row.stored_file, { force: true });
    this.o.publish?.('rag.removed', { id });
    return true;
  }

  private async deleteChunks(id: string): Promise<void> {
    const sizer = new SliceSizer();
    for (;;) {
      const started = performance.now();
      const n = this.o.repo.deleteChunkSlice(id, sizer.size);
      if (n === 0) return;
      sizer.took(n, performance.now() - started);
      await nextTurn();
    }
  }

  query(query: string, options: SearchOptions = {}): Promise<RagSearchResponse> {
    return this.search.search(query, options);
  }

  onDocumentReady(listener: (doc: ReadyDocument) => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /**
   * The text of a PDF on this machine, read as an ingest reads it (worker thread, time and
   * memory limits, OCR for scans), without indexing it: skill pipelines' `pdf_extract`.
   */
  async readPdfText(path: string, maxChars: number): Promise<string> {
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new IngestError('FILE_NOT_FOUND', `${path} does not exist or cannot be read.`);
    }
    if (size > this.o.maxFileBytes) throw tooLarge(size, this.o.maxFileBytes);
    const read = await this.reader.read({
      file: path,
      format: 'pdf',
      maxUnpackedBytes: Math.max(this.o.maxFileBytes * 4, 64 * 1024 * 1024),
      chunking: this.o.chunking ?? DEFAULT_CHUNKING,
      limits: this.limits,
      textCap: maxChars,
    });
    return read.text;
  }

  /** A file on this machine (CLI, watched folder). Its path identifies it for re-indexing. */
  async ingestFile(path: string, options: { sourcePath?: string } = {}): Promise<IngestOutcome> {
    const name = path.split(/[\\/]/).pop() ?? path;
    requireFormat(name);
    let size: number;
    try {
      const st = statSync(path);
      if (!st.isFile()) throw new IngestError('FILE_NOT_FOUND', `${path} is not a file.`);
      size = st.size;
    } catch (err) {
      if (err instanceof IngestError) throw err;
      throw new IngestError('FILE_NOT_FOUND', `${path} does not exist or cannot be read.`);
    }
    // Checked before a byte is copied: a huge file is refused at once.
    if (size > this.o.maxFileBytes) throw tooLarge(size, this.o.maxFileBytes);
    return this.ingestStream(createReadStream(path), name, { sourcePath: options.sourcePath ?? path });
  }

  /**
   * Streams a document to disk while hashing and counting it; stops at the size limit,
   * so a 200 MB upload costs at most the limit in disk and nothing in memory.
   */
  async ingestStream(stream: Readable, name: string, options: { sourcePath?: string } = {}): Promise<IngestOutcome> {
    const cleanName = sanitizeName(name);
    const format = requireFormat(cleanName);
    const incoming = join(this.o.filesDir, `.incoming-${randomBytes(6).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const max = this.o.maxFileBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > max) {
          done(tooLarge(size, max, true));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const out = createWriteStream(incoming, { mode: 0o600 });
    try {
      await pipeline(stream, meter, out);
    } catch (err) {
      // The file is opened asynchronously: a stream that fails at once may create it after a
      // remove. Only once the write stream has closed is the remove final.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
      rmSync(incoming, { force: true });
      stream.resume();
      if (err instanceof IngestError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(size, max, true);
      throw err;
    }
    if ((stream as { truncated?: boolean }).truncated) {
      rmSync(incoming, { force: true });
      throw tooLarge(size, max, true);
    }
    if (size === 0) {
      rmSync(incoming, { force: true });
      throw new IngestError('EMPTY_FILE', 'The file is empty.');
    }
    const digest = hash.digest('hex');
    const now = this.now();
    const sourcePath = options.sourcePath ?? null;

    const same = this.o.repo.findByHash(digest);
    if (same) {
      rmSync(incoming, { force: true });
      if (same.status !== 'failed') return { document: toDocument(same), outcome: 'unchanged' };
      // A failed document added again is tried again (a missing tool may be installed now).
      this.o.repo.update(same.id, { status: 'queued', progress: 0, error: null }, now);
      const document = toDocument(this.o.repo.get(same.id)!);
      this.progress(same.id);
      this.kick();
      return { document, outcome: 'reindexing' };
    }
    const previous = this.o.repo.findByOrigin(cleanName, sourcePath);
    if (previous) {
      const stored = join(this.o.filesDir, `${previous.id}${extname(cleanName).toLowerCase()}`);
      rmSync(previous.stored_file, { force: true });
      renameSync(incoming, stored);
      // Out of search (failed) until its old chunks are gone, then queued.
      this.o.repo.update(
        previous.id,
        { hash: digest, size, format, stored_file: stored, status: 'failed', progress: 0, error: 'Being replaced.', chunk_count: 0 },
        now,
      );
      await this.deleteChunks(previous.id);
      this.o.repo.update(previous.id, { status: 'queued', error: null }, this.now());
      const document = toDocument(this.o.repo.get(previous.id)!);
      this.progress(previous.id);
      this.kick();
      return { document, outcome: 'reindexing' };
    }
    const id = `doc_${randomBytes(8).toString('hex')}`;
    const stored = join(this.o.filesDir, `${id}${extname(cleanName).toLowerCase()}`);
    renameSync(incoming, stored);
    this.o.repo.insertDocument({
      id,
      name: cleanName,
      format,
      size,
      hash: digest,
      status: 'queued',
      stored_file: stored,
      source_path: sourcePath,
      added_at: now,
      updated_at: now,
    });
    const document = toDocument(this.o.repo.get(id)!);
    this.progress(id);
    this.kick();
    return { document, outcome: 'queued' };
  }

  status(): ComponentStatus {
    const c = this.o.repo.counts();
    const embed = this.o.embedder?.lastKnown();
    const missing = this.missingTools();
    const parts = [
      `${c.ready}/${c.documents} documents ready, ${c.chunks} chunks`,
      c.pending ? `${c.pending} in the queue` : '',
      c.failed ? `${c.failed} failed` : '',
      embed?.model
        ? `hybrid search (${embed.model}, ${c.embedded} vectors)`
        : `keyword search only${embed?.reason ? `: ${embed.reason}` : ''}`,
      missing.length ? `missing: ${missing.join(', ')}` : '',
    ].filter(Boolean);
    const degraded = missing.length > 0 || (embed !== undefined && !embed.model);
    const code = missing.length ? 'rag.toolsMissing' : embed?.model ? 'rag.ready' : 'rag.keywordOnly';
    return { state: degraded ? 'degraded' : 'ok', detail: parts.join('; '), code, params: { ready: c.ready, documents: c.documents } };
  }

  private toolCheck?: { at: number; missing: string[] };

  /** PATH lookups are cached for a minute: /api/health asks often. */
  private missingTools(): string[] {
    const now = this.o.clock().getTime();
    if (!this.toolCheck || now - this.toolCheck.at > 60_000) {
      this.toolCheck = { at: now, missing: ['pdftotext', 'pdftoppm', 'tesseract'].filter((t) => !isToolInstalled(t)) };
    }
    return this.toolCheck.missing;
  }

  private now(): string {
    return this.o.clock().toISOString();
  }

  private progress(id: string, live?: number): void {
    const row = this.o.repo.get(id);
    if (!row) return;
    const progress = live ?? row.progress;
    const event: RagProgressEvent = {
      id,
      name: row.name,
      status: row.status,
      progress: Math.round(progress * 1000) / 1000,
      ...(row.error ? { error: row.error } : {}),
    };
    this.o.publish?.('rag.progress', event);
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kickAgain = true;
      return;
    }
    this.running = this.pump().finally(() => {
      this.running = undefined;
      if (this.kickAgain && !this.stopped) {
        this.kickAgain = false;
        this.kick();
      }
    });
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const doc = this.o.repo.claimNextQueued(this.now());
      if (!doc) break;
      await this.process(doc);
    }
    if (!this.stopped) await this.catchUpEmbeddings();
  }

  private async process(doc: RagDocumentRow): Promise<void> {
    this.progress(doc.id);
    try {
      const read = await this.reader.read({
        file: doc.stored_file,
        format: doc.format,
        maxUnpackedBytes: Math.max(this.o.maxFileBytes * 4, 64 * 1024 * 1024),
        chunking: this.o.chunking ?? DEFAULT_CHUNKING,
        limits: this.limits,
        textCap: READY_TEXT_CAP,
      });
      if (!this.o.repo.get(doc.id)) return; // removed while it was being read
      const ids = await this.writeChunks(doc.id, read.chunks);
      if (!ids) return;
      this.progress(doc.id);
      const model = await this.embedChunks(doc.id, ids, read.chunks);
      if (!this.o.repo.get(doc.id)) return;
      this.o.repo.update(
        doc.id,
        { status: 'ready', progress: 1, chunk_count: read.chunks.count, embed_model: model ?? null, text_chars: read.textChars },
        this.now(),
      );
      this.progress(doc.id);
      const ready: ReadyDocument = { id: doc.id, name: doc.name, format: doc.format, text: read.text };
      for (const l of this.readyListeners) {
        try {
          l(ready);
        } catch (err) {
          this.o.log.error('rag: a document-ready listener failed', err);
        }
      }
    } catch (err) {
      // Stopped while reading: the document stays in progress and is queued again at start.
      if (err instanceof OffThreadAbort && err.reason === 'closed') return;
      // A refusal from the reading thread keeps its code and message (IngestError there).
      const known = err instanceof Refusal;
      const message = known
        ? err.message
        : `Unexpected error while reading the document: ${err instanceof Error ? err.message : String(err)}`;
      if (!known) this.o.log.error(`rag: ingest of ${doc.name} failed`, err);
      if (!this.o.repo.get(doc.id)) return;
      this.o.repo.update(doc.id, { status: 'failed', progress: 1, error: message, chunk_count: 0 }, this.now());
      await this.deleteChunks(doc.id);
      this.progress(doc.id);
    }
  }

  /**
   * Writes the chunks in slices, the document marked `indexing` (out of search) until the
   * last one is in. Returns their ids in order, or undefined if the document went away.
   * Each slice is decoded from the pack just before it is written.
   */
  private async writeChunks(id: string, chunks: PackedChunks): Promise<number[] | undefined> {
    this.o.repo.update(id, { status: 'indexing', progress: 0.4 }, this.now());
    await this.deleteChunks(id);
    const ids: number[] = [];
    const sizer = new SliceSizer();
    for (let i = 0; i < chunks.count;) {
      if (i > 0) await nextTurn();
      if (!this.o.repo.get(id)) return undefined;
      const started = performance.now();
      const slice = unpackChunks(chunks, i, i + sizer.size);
      ids.push(...this.o.repo.insertChunkSlice(id, i, slice));
      sizer.took(slice.length, performance.now() - started);
      i += slice.length;
    }
    return ids;
  }

  /** Embeds the chunks in batches; a failure leaves the document searchable by keywords. */
  private async embedChunks(docId: string, ids: readonly number[], chunks: PackedChunks): Promise<string | undefined> {
    if (!this.o.embedder) return undefined;
    const { model } = await this.o.embedder.availability();
    if (!model) return undefined;
    const batch = this.o.embedBatch ?? 16;
    try {
      for (let i = 0; i < chunks.count; i += batch) {
        if (this.stopped) return undefined;
        const vectors = await this.o.embedder.embed(model, unpackTexts(chunks, i, i + batch));
        this.o.repo.setEmbeddings(
          model,
          vectors.map((vector, k) => ({ chunkId: ids[i + k]!, vector })),
        );
        // Progress between batches goes to the UI only; the database keeps the status.
        this.progress(docId, 0.4 + (0.6 * Math.min(chunks.count, i + batch)) / chunks.count);
      }
      return model;
    } catch (err) {
      this.o.log.warn(`rag: embeddings for ${docId} failed, keyword search only: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  /** Documents indexed while Ollama was away get their vectors once it is back. */
  private async catchUpEmbeddings(): Promise<void> {
    if (!this.o.embedder) return;
    const { model } = await this.o.embedder.availability();
    if (!model) return;
    const batch = this.o.embedBatch ?? 16;
    for (let round = 0; round < 1000 && !this.stopped; round++) {
      const missing = this.o.repo.chunksMissingEmbedding(model, batch);
      if (missing.length === 0) return;
      try {
        const vectors = await this.o.embedder.embed(
          model,
          missing.map((m) => m.text),
        );
        this.o.repo.setEmbeddings(
          model,
          vectors.map((vector, k) => ({ chunkId: missing[k]!.id, vector })),
        );
      } catch (err) {
        this.o.log.warn(`rag: catching up embeddings failed: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      for (const docId of new Set(missing.map((m) => m.document_id))) this.o.repo.update(docId, { embed_model: model }, this.now());
    }
  }
}

function tooLarge(size: number, max: number, atLeast = false): IngestError {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return new IngestError(
    'FILE_TOO_LARGE',
    atLeast
      ? `The file is larger than the limit of ${mb(max)} (JARVIS_RAG_MAX_FILE_MB).`
      : `The file is ${mb(size)}; the limit is ${mb(max)} (JARVIS_RAG_MAX_FILE_MB).`,
  );
}

/** Keeps the base name only and drops control characters: names are shown, never used as paths. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || 'document';
}

function toDocument(r: RagDocumentRow): RagDocument {
  return {
    id: r.id,
    name: r.name,
    format: r.format,
    size: r.size,
    status: r.status,
    ...(r.error ? { error: r.error } : {}),
    chunks: r.chunk_count,
    progress: r.progress,
    added_at: r.added_at,
    updated_at: r.updated_at,
    ...(r.embed_model ? { embed_model: r.embed_model } : {}),
    ...(r.source_path ? { source_path: r.source_path } : {}),
  };
}
