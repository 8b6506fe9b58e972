// The configuration: what the environment says (config.ts) and, over it, what the app holds (effective.ts).
export * from './config';
export { createEffectiveConfig, type EffectiveConfig } from './effective';
