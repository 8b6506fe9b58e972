/**
 * The renderer is written against React's API and runs on Preact's compatibility layer: the
 * same components, hooks and store, with a runtime of 24 KB instead of React DOM's 219 KB,
 * which the kitchen PC parses and runs on every cold start before the first paint. The build
 * (vite.config.ts) and the renderer's tests (vitest.config.ts) resolve React's modules to
 * Preact's through these aliases, so both run the code on the same runtime.
 */
export const REACT_IS_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react(?:-dom)?\/jsx-(?:dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
