/**
 * A document that cannot be ingested, with a reason a person can act on. The code is
 * stable (tests and the UI may branch on it); the message is what the document list shows.
 */
export class IngestError extends Error {
  constructor(
    readonly code:
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
      | 'FILE_NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'IngestError';
  }
}
