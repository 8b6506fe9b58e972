import type { SecretRedactor } from './redact';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/** Plain stderr lines, passed through the redactor so no secret reaches a log. */
export function createLogger(redactor: SecretRedactor, write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Logger {
  const line = (level: string, message: string) => write(redactor.text(`[jarvis] ${level} ${message}`));
  return {
    info: (m) => line('info', m),
    warn: (m) => line('warn', m),
    error: (m, err) => line('error', err === undefined ? m : `${m}: ${err instanceof Error ? err.message : String(err)}`),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
