export { createSystem } from './capability';
export { runChecks, DEFAULT_CHECKS } from './doctor-checks';
export type { Check, CheckResult } from './doctor-checks';
