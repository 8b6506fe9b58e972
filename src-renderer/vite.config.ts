import react from '@vitejs/plugin-react';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  build: {
    outDir: join(here, '..', 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: false,
    // Module preload polyfill injects an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    // Two pages: the app, and the wall display's own small one (the master serves it for /?wall).
    rollupOptions: { input: { index: join(here, 'index.html'), wall: join(here, 'wall.html') } },
  },
});
