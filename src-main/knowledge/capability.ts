import { registerRagRoutes } from './routes';
import type { Capability, Platform } from '../platform/capability';
import { createRagService } from './create';
import type { RagSearchService } from './rag-search';
import { ragToolProvider } from './tool';
import { WatchFolder } from './watch-folder';

export interface KnowledgeCapability extends Capability {
  readonly documents: RagSearchService;
}

/** Knowledge: document ingest, the index, rag_search, /api/rag/*, status component `rag`. */
export function createKnowledge(ctx: Platform): KnowledgeCapability {
  const service = createRagService(ctx.db, ctx.config, {
    clock: ctx.clock,
    log: ctx.log,
    publish: (...event) => ctx.events.publish(...event),
  });
  const language = ctx.config.language === 'en' ? 'en' : 'de';
  ctx.registry.addProvider(ragToolProvider(service, ctx.tracer, language));
  const documents: RagSearchService = {
    search: (query, options = {}) => service.query(query, options),
    onDocumentReady: (listener) => service.onDocumentReady(listener),
    readPdfText: (path, maxChars) => service.readPdfText(path, maxChars),
  };
  const watcher = ctx.config.ragWatchDir ? new WatchFolder({ dir: ctx.config.ragWatchDir, service, log: ctx.log }) : undefined;
  ctx.status.set('rag', () => {
    const s = service.status();
    if (!watcher?.problems.size) return s;
    return {
      state: 'degraded',
      detail: `${s.detail}; watched folder: ${watcher.problems.size} file(s) refused`,
      code: 'rag.folderRefused',
      params: { ...s.params, refused: watcher.problems.size },
    };
  });
  return {
    name: 'knowledge',
    documents,
    routes(app) {
      registerRagRoutes(app, service, ctx.tracer);
    },
    // The queue and the watched folder start once the first health answer is out.
    afterFirstAnswer() {
      service.start();
      watcher?.start();
    },
    async stop() {
      await watcher?.stop();
      await service.stop();
    },
  };
}
