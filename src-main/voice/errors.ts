import type { VoiceErrorCode } from '../../src-shared';

/** A voice failure the user can act on: the route turns it into `{error:{code,message}}`. */
export class VoiceError extends Error {
  constructor(
    readonly code: VoiceErrorCode,
    message: string,
    readonly statusCode: number = 422,
  ) {
    super(message);
    this.name = 'VoiceError';
  }
}
