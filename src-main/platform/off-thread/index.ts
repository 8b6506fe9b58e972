export { OffThreadRunner, OffThreadAbort, type OffThreadScript, type OffThreadLimits } from './runner';
export { serveTask } from './serve-task';
