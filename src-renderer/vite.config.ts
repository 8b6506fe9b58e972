import react from '@vitejs/plugin-react';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Builds `entry` as a chunk of its own and loads it from index.html with an async module
 * script: it runs as soon as it has downloaded, while the app bundle still downloads and
 * compiles. (Vite merges every module script of a page into one deferred entry.)
 */
function earlyScript(entry: string): Plugin {
  return {
    name: 'jarvis:early-script',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === entry);
        if (!chunk) throw new Error(`early script ${entry} was not built`);
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), earlyScript(join(here, 'src/format/intl-warm-up.ts'))],
  build: {
    outDir: join(here, '..', 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: false,
    // Module preload polyfill injects an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
  },
});
