import type { MasterContext, MasterModule } from '../master/context';
import { registerAgentRoutes } from './routes';
import { registerDebugRoutes } from './debug-routes';
import { registerKanbanOrganizeRoute } from './kanban-organize-routes';
import { Assistant } from './assistant';
import { protocolAudit } from './audit';
import { createDebugService } from './debug-export';
import { KanbanOrganizer } from './kanban-organizer';
import { memoryToolProvider, rememberedFacts } from './memory-tool';
import { OllamaConnection } from './ollama-connection';
import type { AssistantService } from './service';
import { TaskScout } from './task-scout';

const OLLAMA_RECHECK_MS = 30_000;

/** The slice of the knowledge service the Task Scout uses (DESIGN addendum). */
interface DocumentFeed {
  onDocumentReady(cb: (doc: { id: string; name: string; text: string }) => void): () => void;
}

/** The assistant: Ollama tool agent, local intents, confirmations, scout, kanban AI, debug export. */
export function agentModule(ctx: MasterContext): MasterModule {
  const ollama = new OllamaConnection(ctx.config, ctx.clock);
  const deps = { config: ctx.config, clock: ctx.clock, registry: ctx.registry, tracer: ctx.tracer, ollama };
  const scout = new TaskScout(deps);
  const recorder = ctx.services.protocolRecorder;
  const assistant = new Assistant({
    ...deps,
    ...(recorder
      ? { audit: protocolAudit(recorder, (operation, err) => ctx.tracer.record('protocol', 'agent', 'audit_error', { operation, message: err instanceof Error ? err.message : String(err) })) }
      : {}),
    onUserText: (text) => scout.add({ kind: 'user_text', text }),
    skillCatalog: () => ctx.services.skills?.catalogXml() ?? '',
    ...(recorder ? { rememberedFacts: () => rememberedFacts(recorder) } : {}),
    stateSummary: () => {
      const state = ctx.services.household?.state();
      if (!state) return undefined;
      const { events, tasks, reminders, groceries, recipes, meals, kanban } = state;
      return { events: events.length, tasks: tasks.length, reminders: reminders.length, groceries: groceries.length, recipes: recipes.length, meals: meals.length, kanban: kanban.length };
    },
  });
  const memoryTool = recorder ? memoryToolProvider(recorder) : undefined;
  if (memoryTool) ctx.registry.addProvider(memoryTool);
  // A person editing the item a confirmation waits for takes the decision over.
  const stopWatchingEdits = ctx.registry.onCall(({ tool, args, result, ctx: call }) => {
    if (call.actor !== 'user' || !result.success || !result.mutated) return;
    assistant.takeOver(tool.name, (args ?? {}) as Record<string, unknown>);
  });
  const organizer = new KanbanOrganizer(deps);
  const debug = createDebugService({ config: ctx.config, version: ctx.version, clock: ctx.clock, tracer: ctx.tracer, registry: ctx.registry });

  const service: AssistantService = {
    chat: (input, sink) => assistant.chat(input, sink),
    clear: () => assistant.clear(),
    tools: () => assistant.catalog.current().tools,
  };
  ctx.services.assistant = service;
  ctx.services.debug = debug;
  ctx.status.set('ollama', () => ollama.status());

  debug.addRuntime('pending_tool_confirmation', () => assistant.conversation.pendingView() ?? null);
  debug.addRuntime('session_reference', () => assistant.conversation.reference ?? null);
  debug.addRuntime('conversation', () => ({ messages: assistant.conversation.length, history_tokens: ctx.config.historyTokens }));
  debug.addRuntime('ollama', () => ({ url: ctx.config.ollamaUrl, configured_model: ctx.config.ollamaModel, choice: ollama.lastChoice() ?? null, status: ollama.status() }));
  debug.addRuntime('task_scout', () => ({ queued: scout.queued, interval_ms: ctx.config.taskScoutIntervalMs }));
  // The evidence layer's records and hash-linked events ride along, sealed by a manifest, so
  // `jarvis protocol verify <export>` can check an EXPORT DEBUG file.
  const protocol = ctx.services.protocol;
  if (protocol) debug.addSection('protocol', () => {
    const { manifest, export: data } = protocol.sealExportManifest();
    return { ...data, manifest };
  });
  debug.addRuntime('local_intents', () => ({ enabled: ctx.config.localIntents }));

  const timers: NodeJS.Timeout[] = [];
  let unsubscribeDocs: (() => void) | undefined;

  return {
    name: 'agent',
    apiRoutes(app) {
      registerAgentRoutes(app, service);
      registerDebugRoutes(app, debug);
      registerKanbanOrganizeRoute(app, organizer);
    },
    start() {
      // Learn Ollama's state in the background: start-up must not wait for the network.
      void ollama.resolveModel().then((choice) => {
        if (choice.ok) ctx.log.info(`assistant: using Ollama model ${choice.model} (${choice.how})`);
        else ctx.log.warn(`assistant: ${choice.message}`);
      });
      const rag = ctx.services.rag as Partial<DocumentFeed> | undefined;
      if (rag && typeof rag.onDocumentReady === 'function') {
        unsubscribeDocs = rag.onDocumentReady((doc) => scout.add({ kind: 'document', name: doc.name, text: doc.text }));
      }
      // Keeps the `ollama` health component current when Ollama starts or stops later.
      timers.push(setInterval(() => void ollama.resolveModel(), OLLAMA_RECHECK_MS).unref());
      if (ctx.config.taskScoutIntervalMs > 0) timers.push(setInterval(() => void scout.runOnce(), ctx.config.taskScoutIntervalMs).unref());
      if (ctx.config.kanbanAiIntervalMs > 0) timers.push(setInterval(() => void organizer.organize(), ctx.config.kanbanAiIntervalMs).unref());
    },
    stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      stopWatchingEdits();
      if (memoryTool) ctx.registry.removeProvider(memoryTool);
      unsubscribeDocs?.();
      unsubscribeDocs = undefined;
    },
  };
}
