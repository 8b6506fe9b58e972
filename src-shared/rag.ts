// Knowledge: the document index as the API, the UI and the rag_search tool see it.

export type RagDocumentStatus = 'queued' | 'extracting' | 'indexing' | 'ready' | 'failed';

export const RAG_FORMATS = [
  'txt',
  'markdown',
  'csv',
  'json',
  'yaml',
  'xml',
  'ics',
  'html',
  'eml',
  'docx',
  'odt',
  'epub',
  'pdf',
  'image',
] as const;
export type RagFormat = (typeof RAG_FORMATS)[number];

export interface RagDocument {
  readonly id: string;
  readonly name: string;
  readonly format: RagFormat;
  readonly size: number;
  readonly status: RagDocumentStatus;
  /** Why the document failed, in words a person can act on. */
  readonly error?: string;
  readonly chunks: number;
  /** 0..1 while the document moves through the queue; 1 when ready. */
  readonly progress: number;
  readonly added_at: string;
  readonly updated_at: string;
  /** The embedding model its vectors came from; absent when it is indexed by keywords only. */
  readonly embed_model?: string;
  /** The file it came from when it was added from the CLI or the watched folder. */
  readonly source_path?: string;
}

export interface RagDocumentsResponse {
  /** One page, newest first (`?limit=`, default 200, at most 1000; `?offset=`). */
  readonly documents: readonly RagDocument[];
  /** The `offset` of the next page, while more follow. */
  readonly next?: number;
  readonly total?: number;
}

/** `unchanged`: the same content was already there, nothing happened. */
export type RagIngestOutcome = 'queued' | 'reindexing' | 'unchanged';

/** POST /api/rag/documents (multipart field `file`): 202 queued or reindexing, 200 unchanged. */
export interface RagIngestResponse {
  readonly document: RagDocument;
  readonly outcome: RagIngestOutcome;
}

/** Where an excerpt sits in its document. Only the fields that apply are present. */
export interface RagSourceLocation {
  readonly page?: number;
  readonly page_end?: number;
  readonly heading?: string;
  readonly line?: number;
  readonly line_end?: number;
  readonly row?: number;
  readonly row_end?: number;
  /** Mail part, calendar entry, JSON/YAML/XML path. */
  readonly part?: string;
}

export type RagSearchMode = 'hybrid' | 'keyword';

export interface RagSearchResult {
  readonly document_id: string;
  readonly document: string;
  /** Human-readable location ("Seite 2 · Zeile 14"), built from `source`. */
  readonly location: string;
  readonly source: RagSourceLocation;
  readonly excerpt: string;
  readonly score: number;
  readonly chunk_id: number;
}

export interface RagSearchResponse {
  readonly query: string;
  readonly mode: RagSearchMode;
  /** Why the search ran by keywords only, when it did. */
  readonly notice?: string;
  readonly results: readonly RagSearchResult[];
}

export interface RagSearchFilters {
  readonly document_ids?: readonly string[];
  readonly formats?: readonly RagFormat[];
  /** Case-insensitive part of the document name. */
  readonly name_contains?: string;
}

/** SSE `rag.progress`. */
export interface RagProgressEvent {
  readonly id: string;
  readonly name: string;
  readonly status: RagDocumentStatus;
  readonly progress: number;
  readonly error?: string;
}

export const RAG_SEARCH_TOOL = 'rag_search';
