import { PROTOCOL_ERRORS, type ProtocolErrorCode } from '../../src-shared';
import { kindOfStatus, Refusal } from '../platform/errors';

/** A rejection of the Jarvis protocol: its own code, an HTTP status, and nothing changed. */
export class ProtocolError extends Refusal {
  declare readonly code: ProtocolErrorCode;
  readonly status: number;
  constructor(code: ProtocolErrorCode, message: string) {
    super(kindOfStatus(PROTOCOL_ERRORS[code]), code, message);
    this.name = 'ProtocolError';
    this.status = PROTOCOL_ERRORS[code];
  }
}
