/** A backup or restore that was refused or failed; the message says why and what stayed as it was. */
export class BackupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}
