import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database';
import { RagRepository } from './repository';

const now = '2026-03-01T10:00:00.000Z';

describe('RagRepository counts', () => {
  it('counts chunks and vectors from indexes only: /api/health asks for them all the time', () => {
    const db = openDatabase(':memory:');
    const repo = new RagRepository(db);
    repo.insertDocument({
      id: 'doc_1',
      name: 'a.txt',
      format: 'txt',
      size: 10,
      hash: 'h1',
      status: 'ready',
      stored_file: '/x/a.txt',
      source_path: null,
      added_at: now,
      updated_at: now,
    });
    const ids = repo.insertChunkSlice('doc_1', 0, [
      { text: 'eins', location: { line: 1 } },
      { text: 'zwei', location: { line: 2 } },
      { text: 'drei', location: { line: 3 } },
    ]);
    repo.setEmbeddings('m', [{ chunkId: ids[1]!, vector: new Float32Array([1, 0]) }]);
    expect(repo.counts()).toMatchObject({ documents: 1, ready: 1, chunks: 3, embedded: 1 });
    const plan = (
      db.prepare('EXPLAIN QUERY PLAN SELECT COUNT(*) FROM rag_chunks WHERE embedding IS NOT NULL').all() as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toContain('rag_chunks_embedded');
    db.close();
  });
});
