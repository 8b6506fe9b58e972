// Extraction and chunking of one stored document: the CPU-heavy part of an ingest, run on
// a worker thread (ingest-worker.ts) so the event loop keeps answering meanwhile.
import type { RagFormat } from '../../src-shared';
import { packChunks, type PackedChunks } from './chunk-pack';
import { chunkBlocks, type ChunkOptions } from './chunker';
import { IngestError } from './errors';
import { extractDocument } from './extract';
import { Deadline, type IngestLimits } from './ingest-limits';

export interface IngestTaskInput {
  readonly file: string;
  readonly format: RagFormat;
  readonly maxUnpackedBytes: number;
  readonly chunking: ChunkOptions;
  readonly limits: IngestLimits;
  /** How much of the text to hand back for readers such as the Task Scout (a mail's invitation left out). */
  readonly textCap: number;
}

export interface IngestTaskResult {
  /** Packed, so the main thread takes them over without copying (chunk-pack.ts). */
  readonly chunks: PackedChunks;
  readonly textChars: number;
  readonly text: string;
}

export async function readDocument(input: IngestTaskInput): Promise<IngestTaskResult> {
  const deadline = new Deadline(input.limits.budgetMs);
  const extracted = await extractDocument(input.file, input.format, {
    maxUnpackedBytes: input.maxUnpackedBytes,
    maxDepth: input.limits.maxDepth,
    check: deadline.check,
  });
  deadline.check();
  const chunks = chunkBlocks(extracted.blocks, input.chunking, { maxChunks: input.limits.maxChunks, check: deadline.check });
  if (chunks.length === 0) throw new IngestError('NO_TEXT', 'No text was found in the document.');
  let textChars = 0;
  const kept: string[] = [];
  let keptChars = 0;
  for (const b of extracted.blocks) {
    textChars += b.text.length + 2;
    if (keptChars < input.textCap && !b.calendar) {
      kept.push(b.text);
      keptChars += b.text.length + 2;
    }
  }
  return { chunks: packChunks(chunks), textChars: Math.max(0, textChars - 2), text: kept.join('\n\n').slice(0, input.textCap) };
}
