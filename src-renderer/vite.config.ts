import react from '@vitejs/plugin-react';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { REACT_IS_PREACT } from './react-is-preact.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * index.html runs the opening screen's chunk as an async module of its own, ahead of the entry,
 * so it starts the screen's download as soon as it has arrived, while the browser still parses
 * the runtime and the rest (as a module preload beside the entry it ran only once the whole bundle
 * was in). The entry imports the same file, which the browser evaluates only once.
 */
function openingScreenFirst(): Plugin {
  return {
    name: 'jarvis-opening-screen-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.name === 'opening-screen');
        if (!chunk) throw new Error('the opening-screen chunk is missing');
        const src = `/${chunk.fileName}`;
        const preload = `<link rel="modulepreload" crossorigin href="${src}">`;
        if (!html.includes(preload)) throw new Error('index.html does not preload the opening-screen chunk');
        const early = `<script async type="module" crossorigin src="${src}"></script>`;
        return html.replace(preload, '').replace('<script type="module"', `${early}\n    <script type="module"`);
      },
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), openingScreenFirst()],
  resolve: { alias: REACT_IS_PREACT },
  build: {
    outDir: join(here, '..', 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: false,
    // Module preload polyfill injects an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    // Two pages: the app, and the wall display's own small one (the master serves it for /?wall).
    rollupOptions: {
      input: { index: join(here, 'index.html'), wall: join(here, 'wall.html') },
      output: {
        codeSplitting: {
          // The runtime (Preact), the German texts and the rest of what every page needs are three chunks
          // instead of one, so the browser parses them in parallel. The opening screen's download
          // (`screens/opening-screen-code.ts`) is a chunk of its own that the entry imports first,
          // with everything it runs (for an opening calendar also its month's request), so it
          // starts before the others are evaluated.
          groups: [
            {
              name: 'opening-screen',
              test: /(screens[\\/](opening-screen-code|screen-code|calendar[\\/](opening-month|calendar-days))|store[\\/](ui-slice|calendar-view)|format[\\/](household-time|compare)|wall[\\/]wall-address|src[\\/]early-requests)\.ts$|vite[\\/]preload-helper/,
            },
            { name: 'runtime', test: /node_modules[\\/]preact[\\/]/ },
            { name: 'texts-de', test: /src[\\/]i18n[\\/]de\.ts$/ },
          ],
        },
      },
    },
  },
});
