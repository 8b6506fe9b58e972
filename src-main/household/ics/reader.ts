import { OffThreadAbort, OffThreadRunner } from '../../platform/off-thread';
import { HomeError } from '../errors';
import type { IcsParseInput, ParsedIcs } from './parse';

/** The worker's hard stop: above the parser's own budget, for a loop inside ical.js itself. */
const HARD_TIMEOUT_MS = 15_000;

/**
 * Reads calendar files on a worker thread, one at a time: the event loop keeps answering
 * while a file is parsed and its series expanded, and a file that never finishes is
 * stopped at the hard limit and refused.
 */
export class IcsReader {
  private readonly runner = new OffThreadRunner<IcsParseInput, ParsedIcs>(
    { bundle: 'household-ics-worker.cjs', source: new URL('./worker.ts', import.meta.url) },
    { timeoutMs: HARD_TIMEOUT_MS, maxHeapMb: 256, concurrency: 1, maxWaiting: 8 },
  );

  async read(input: IcsParseInput): Promise<ParsedIcs> {
    try {
      return await this.runner.run(input);
    } catch (err) {
      if (!(err instanceof OffThreadAbort)) throw err;
      switch (err.reason) {
        case 'timeout':
        case 'memory':
          throw new HomeError(
            'INVALID_INPUT',
            'Die Kalenderdatei ist zu aufwendig zu lesen und wurde abgebrochen; es wurde nichts übernommen.',
          );
        case 'busy':
          throw new HomeError('CONFLICT', 'Es werden gerade zu viele Kalenderdateien eingelesen; bitte gleich noch einmal versuchen.');
        case 'closed':
          throw new HomeError('CONFLICT', 'JARVIS wird gerade beendet; die Kalenderdatei wurde nicht übernommen.');
        case 'crashed':
          throw new Error(`calendar reader failed: ${err.message}`);
      }
    }
  }

  close(): Promise<void> {
    return this.runner.close();
  }
}
