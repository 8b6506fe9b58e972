export { loadBundle } from './bundle-loader';
export type { BundleOptions, LoadedBundle } from './bundle-loader';
