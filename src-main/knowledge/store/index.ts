export { RagRepository } from './repository';
export type { ChunkRow, KeywordHit, NewChunk, RagDocumentRow, StoredVectors } from './repository';
