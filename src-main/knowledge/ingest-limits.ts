import { IngestError } from './errors';

/** What one document may cost to read: chunks it may make, nesting it may have, time it may take. */
export interface IngestLimits {
  readonly maxChunks: number;
  /** Nesting of JSON, YAML and XML values, and of HTML elements. */
  readonly maxDepth: number;
  /** Wall time for extracting and chunking, checked inside their loops. */
  readonly budgetMs: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = { maxChunks: 20_000, maxDepth: 256, budgetMs: 60_000 };

/** A deadline the extractors and the chunker look at inside their loops. */
export class Deadline {
  private readonly at: number;

  constructor(private readonly budgetMs: number) {
    this.at = Date.now() + budgetMs;
  }

  readonly check = (): void => {
    if (Date.now() > this.at)
      throw new IngestError(
        'TOO_COSTLY',
        `Reading the document took longer than ${Math.round(this.budgetMs / 1000)} s; it was stopped and not indexed.`,
      );
  };
}

export function tooDeep(what: string, maxDepth: number): IngestError {
  return new IngestError('TOO_DEEP', `The ${what} is nested deeper than ${maxDepth} levels; it was not indexed.`);
}
