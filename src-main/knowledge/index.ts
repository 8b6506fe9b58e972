export { createRagService, ragFilesDir } from './create';
export { IngestError } from './errors';
export { SUPPORTED_EXTENSIONS, formatOf } from './formats';
export { createKnowledge, type KnowledgeCapability } from './capability';
export type { RagSearchService } from './rag-search';
export type { SearchOptions } from './search';
export { RagService, type IngestOutcome, type ReadyDocument } from './service';
export { RAG_SEARCH_SCHEMA } from './tool';
export { RAG_MIGRATIONS } from './store/migrations';
