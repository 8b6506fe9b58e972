export { Tracer, newTraceId } from './tracer';
export type { TraceEvent, TracerOptions } from './tracer';
export { SecretRedactor, REDACTED } from './redact';
export { createLogger, silentLogger } from './log';
export type { Logger } from './log';
