import type { RagSearchResponse } from '../../src-shared';
import type { SearchOptions } from './search';
import type { ReadyDocument } from './service';

/** What other capabilities use of the documents: search, and each document once it is ready (the Task Scout reads it). */
export interface RagSearchService {
  search(query: string, options?: SearchOptions): Promise<RagSearchResponse>;
  /** Called once per document that became ready; returns the unsubscribe function. */
  onDocumentReady(listener: (doc: ReadyDocument) => void): () => void;
  /** A PDF's text (at most maxChars), read with the ingest's limits, not indexed. */
  readPdfText(path: string, maxChars: number): Promise<string>;
}
