import type { VoiceErrorCode } from '../../src-shared';
import { Refusal, type RefusalKind } from '../platform/errors';

/** A voice failure the user can act on; it reaches the client as `{error:{code,message}}`. */
export class VoiceError extends Refusal {
  declare readonly code: VoiceErrorCode;
  constructor(code: VoiceErrorCode, message: string, kind: RefusalKind = 'unprocessable') {
    super(kind, code, message);
    this.name = 'VoiceError';
  }
}
