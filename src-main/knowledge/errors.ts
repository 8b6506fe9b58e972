import { Refusal } from '../platform/errors';

/**
 * A document that cannot be ingested, with a reason a person can act on. The code is
 * stable (tests and the UI may branch on it); the message is what the document list shows.
 */
export type IngestErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'FILE_TOO_LARGE'
  | 'EMPTY_FILE'
  | 'NOT_UTF8'
  | 'BINARY_CONTENT'
  | 'CORRUPT_FILE'
  | 'ENCRYPTED_PDF'
  | 'ZIP_BOMB'
  | 'NO_TEXT'
  | 'TOOL_MISSING'
  | 'TOOL_FAILED'
  | 'FILE_NOT_FOUND'
  | 'TOO_MANY_CHUNKS'
  | 'TOO_DEEP'
  | 'TOO_COSTLY';

export class IngestError extends Refusal {
  declare readonly code: IngestErrorCode;
  constructor(code: IngestErrorCode, message: string) {
    super(code === 'FILE_TOO_LARGE' ? 'too_large' : code === 'UNSUPPORTED_FORMAT' ? 'unsupported_media' : 'invalid', code, message);
    this.name = 'IngestError';
  }
}
