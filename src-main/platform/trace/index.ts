export { Tracer, newTraceId, defaultTraceDir, pruneTraceFiles, DEFAULT_TRACE_RETENTION } from './tracer';
export type { TraceEvent, TracerOptions, TraceRetention } from './tracer';
export { SecretRedactor, REDACTED } from './redact';
export { createLogger, silentLogger } from './log';
export type { Logger } from './log';
