export { runChecks, DEFAULT_CHECKS } from './checks';
export type { Check, CheckResult } from './checks';
export { findBinary, isExecutable } from './find-binary';
