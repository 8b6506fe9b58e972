import { PROTOCOL_ERRORS, type ProtocolErrorCode } from '../../src-shared';

/** A rejection of spec/004: its own code, an HTTP status, and nothing changed. */
export class ProtocolError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
    this.status = PROTOCOL_ERRORS[code];
  }
}
