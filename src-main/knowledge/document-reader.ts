import { OffThreadAbort, OffThreadRunner } from '../platform/off-thread';
import { IngestError } from './errors';
import type { IngestTaskInput, IngestTaskResult } from './ingest-task';

/**
 * Reads documents on a worker thread. The thread is stopped when the document's budget
 * plus the external tools' own limits (pdftotext, OCR) are spent, or when it needs more
 * memory than a household PC should give one document.
 */
export class DocumentReader {
  private readonly runner: OffThreadRunner<IngestTaskInput, IngestTaskResult>;

  constructor() {
    this.runner = new OffThreadRunner(
      { bundle: 'knowledge-ingest-worker.cjs', source: new URL('./ingest-worker.ts', import.meta.url) },
      { timeoutMs: 60_000, maxHeapMb: 1024, concurrency: 1, maxWaiting: 4 },
    );
  }

  async read(input: IngestTaskInput): Promise<IngestTaskResult> {
    // PDFs and images wait on pdftotext, pdftoppm and tesseract, which have time limits of their own.
    const toolsMs = input.format === 'pdf' || input.format === 'image' ? 10 * 60_000 : 0;
    try {
      return await this.runner.run(input, input.limits.budgetMs + toolsMs + 30_000);
    } catch (err) {
      if (!(err instanceof OffThreadAbort)) throw err;
      if (err.reason === 'timeout')
        throw new IngestError('TOO_COSTLY', 'Reading the document took too long; it was stopped and not indexed.');
      if (err.reason === 'memory')
        throw new IngestError('TOO_COSTLY', 'Reading the document needed more memory than allowed; it was stopped and not indexed.');
      throw err;
    }
  }

  close(): Promise<void> {
    return this.runner.close();
  }
}
