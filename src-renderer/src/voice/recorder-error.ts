/** A recording problem the user can act on; `code` picks the message. */
export class RecorderError extends Error {
  constructor(
    readonly code: 'NO_MIC_API' | 'MIC_PERMISSION' | 'MIC_BUSY' | 'NO_MIC' | 'RECORDER',
    message: string,
  ) {
    super(message);
    this.name = 'RecorderError';
  }
}

export function recorderErrorFrom(error: unknown): RecorderError {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return new RecorderError('MIC_PERMISSION', 'Kein Zugriff auf das Mikrofon');
  if (name === 'NotReadableError' || name === 'AbortError') return new RecorderError('MIC_BUSY', 'Mikrofon ist belegt');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return new RecorderError('NO_MIC', 'Kein Mikrofon gefunden');
  return recorderFailure(error);
}

/** The recorder itself failed (a MediaRecorder that cannot start, for instance). */
export function recorderFailure(error: unknown): RecorderError {
  return new RecorderError('RECORDER', (error as Error | undefined)?.message ?? String(error));
}
