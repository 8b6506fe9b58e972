import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { unpackChunks } from './chunk-pack';
import { DEFAULT_CHUNKING } from './chunker';
import { DocumentReader } from './document-reader';
import { DEFAULT_INGEST_LIMITS } from './ingest-limits';

const reader = new DocumentReader();
afterAll(() => reader.close());

describe('DocumentReader', () => {
  it('hands the chunks over packed in buffers, not as an array the main thread would have to copy', async () => {
    const file = fileURLToPath(new URL('./fixtures/haushalt.md', import.meta.url));
    const read = await reader.read({
      file,
      format: 'markdown',
      maxUnpackedBytes: 1 << 20,
      chunking: DEFAULT_CHUNKING,
      limits: DEFAULT_INGEST_LIMITS,
      textCap: 1000,
    });
    expect(Array.isArray(read.chunks)).toBe(false);
    expect(read.chunks.bytes).toBeInstanceOf(Uint8Array);
    expect(read.chunks.ends).toBeInstanceOf(Uint32Array);
    const chunks = unpackChunks(read.chunks, 0, read.chunks.count);
    expect(chunks.length).toBe(read.chunks.count);
    expect(chunks.some((c) => c.text.includes('Wärmewerk') && c.location.heading === 'Heizung')).toBe(true);
  });
});
