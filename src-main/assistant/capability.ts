import { randomUUID } from 'node:crypto';
import type { HouseholdService } from '../household';
import type { RagSearchService } from '../knowledge';
import type { Capability, Platform } from '../platform/capability';
import { HOST_IDS, type ProtocolCapability } from '../protocol';
import { LearnedRecordStore, type SkillsService } from '../skills';
import { registerAgentRoutes } from './routes';
import { registerDebugRoutes } from './debug-routes';
import { registerKanbanOrganizeRoute } from './kanban-organize-routes';
import { Assistant } from './assistant';
import type { HomeAreaLookup } from './intent-contract';
import { protocolAudit } from './audit';
import { createDebugService } from './debug-export';
import { KanbanOrganizer } from './kanban-organizer';
import { LearnedRecords } from './learned/consent';
import { DiscoveredPipelineRecords } from './learned/discovered-pipelines';
import { MemoryLink } from './learned/memory-link';
import { registerLearnedRoutes } from './learned/routes';
import { memoryToolProvider, offeredPipelines, rememberedFacts } from './memory-tool';
import { OllamaConnection } from './ollama-connection';
import { ProbeBook, probesFileOf } from './model-profile';
import type { DebugService } from './debug-export';
import type { AssistantService } from './service';
import { TaskScout } from './task-scout';

const OLLAMA_RECHECK_MS = 30_000;

/** The capabilities the assistant works with: it reads and writes the house only through the registry. */
export interface AssistantDeps {
  readonly protocol: ProtocolCapability;
  readonly skills: SkillsService;
  readonly household: HouseholdService;
  /** The Task Scout reads each document once it is ready. */
  readonly documents: Pick<RagSearchService, 'onDocumentReady'>;
  /** Home Assistant's rooms for the light and cover templates (absent when it is not set up). */
  readonly homeAreas?: HomeAreaLookup;
}

export interface AssistantCapability extends Capability {
  readonly service: AssistantService;
  readonly debug: DebugService;
  /** The one Ollama connection (an MCP server's sampling request answers with it too). */
  readonly ollama: OllamaConnection;
  /** The Task Scout: its passes run on a timer (JARVIS_TASK_SCOUT_INTERVAL_MS); a test runs one itself. */
  readonly scout: Pick<TaskScout, 'runOnce' | 'queued'>;
}

/** The assistant: Ollama tool agent, local intents, confirmations, scout, kanban AI, debug export. */
export function createAssistant(ctx: Platform, { protocol, skills, household, documents, homeAreas }: AssistantDeps): AssistantCapability {
  // What `jarvis doctor --model` measured picks the auto model and sets each model's mode and tool budget.
  const probes = new ProbeBook(probesFileOf(ctx.config), () => ctx.clock().getTime());
  const ollama = new OllamaConnection(ctx.config, ctx.clock, (installed) => probes.recommended(installed));
  const deps = { config: ctx.config, clock: ctx.clock, registry: ctx.registry, tracer: ctx.tracer, ollama };
  const scout = new TaskScout(deps);
  const recorder = protocol.recorder;
  // A pipeline `jarvis skill discover` wrote is decided as a learnt record and as a skill at once.
  // The household decides it (whoever of them clicked): the protocol records the household's decision.
  const discovered = new DiscoveredPipelineRecords({
    pipelines: () => skills.discoveredPipelines(),
    decideProposal: (proposalId, decision) =>
      void protocol.service.decideSkill(
        { actorId: HOST_IDS.household, idempotencyKey: randomUUID(), timestamp: ctx.clock().toISOString() },
        proposalId,
        { decision },
      ),
  });
  const learnedStore = new LearnedRecordStore(ctx.db);
  // A remembered fact is decided once, on the Gelernt card or in the protocol, and both show it.
  const memoryLink = new MemoryLink({
    recorder,
    protocol: protocol.service,
    store: learnedStore,
    nameOf: (id) => household.members.get(id)?.name,
    warn: (message) => ctx.log.warn(message),
  });
  const learned = new LearnedRecords({
    store: learnedStore,
    clock: ctx.clock,
    nameOf: (id) => household.members.get(id)?.name,
    overlays: {
      list: () => skills.learning().records,
      decide: (id, decision, by) => skills.decideLearning(id, decision, by),
      undo: (id, by) => skills.undoLearning(id, by),
    },
    changed: () => ctx.events.publish('learned.changed'),
    pipelineSkills: discovered,
    factProposals: memoryLink,
  });
  discovered.bind(learned);
  const stopMirroringMemory = memoryLink.bind(learned);
  const stopSyncingDiscovered = ctx.events.subscribe((e) => {
    if (e.type === 'skills.changed') discovered.sync();
  });
  const assistant = new Assistant({
    ...deps,
    audit: protocolAudit(recorder, (operation, err) =>
      ctx.tracer.record('protocol', 'agent', 'audit_error', { operation, message: err instanceof Error ? err.message : String(err) }),
    ),
    onUserText: (text) => scout.add({ kind: 'user_text', text }),
    modelProfile: (model) => probes.profile(model),
    skillCatalog: () => skills.catalogSkills(),
    allowedToolsOf: (skillId) => skills.allowedToolsOf(skillId),
    rememberedFacts: (member) => rememberedFacts(recorder, learned, household.members.memberOf(member).id),
    offeredPipelines: (member) => offeredPipelines(learned, household.members.memberOf(member).id),
    ...(homeAreas ? { homeAreas } : {}),
    members: household.members,
    stateSummary: () => {
      const { events, tasks, reminders, groceries, recipes, meals, kanban } = household.state();
      return {
        events: events.length,
        tasks: tasks.length,
        reminders: reminders.length,
        groceries: groceries.length,
        recipes: recipes.length,
        meals: meals.length,
        kanban: kanban.length,
      };
    },
  });
  const memoryTool = memoryToolProvider(recorder, learned, household.members, (name) => ctx.registry.get(name) !== undefined);
  ctx.registry.addProvider(memoryTool);
  // A person editing the item a confirmation waits for takes the decision over.
  const stopWatchingEdits = ctx.registry.onCall(({ tool, args, result, ctx: call }) => {
    if (call.actor !== 'user' || !result.success || !result.mutated) return;
    assistant.takeOver(tool.name, (args ?? {}) as Record<string, unknown>);
  });
  const organizer = new KanbanOrganizer(deps);
  const debug = createDebugService({
    config: ctx.config,
    version: ctx.version,
    clock: ctx.clock,
    tracer: ctx.tracer,
    registry: ctx.registry,
    seal: (document) => protocol.service.sealExport(document, 'debug export'),
    forget: () => skills.forgetToolHistory(),
  });

  const service: AssistantService = {
    chat: (input, sink) => assistant.chat(input, sink),
    clear: () => assistant.clear(),
    tools: () => assistant.catalog.current().tools,
  };
  ctx.status.set('ollama', () => ollama.status());

  debug.addRuntime('pending_tool_confirmation', () => assistant.conversation.pendingView() ?? null);
  debug.addRuntime('session_reference', () => assistant.conversation.reference ?? null);
  debug.addRuntime('conversation', () => ({ messages: assistant.conversation.length, history_tokens: ctx.config.historyTokens }));
  debug.addRuntime('ollama', () => ({
    url: ctx.config.ollamaUrl,
    configured_model: ctx.config.ollamaModel,
    choice: ollama.lastChoice() ?? null,
    status: ollama.status(),
  }));
  debug.addRuntime('task_scout', () => ({ queued: scout.queued, interval_ms: ctx.config.taskScoutIntervalMs }));
  // The evidence layer's records and hash-linked events ride along; the whole export is then
  // sealed by a signed manifest, so `jarvis protocol verify <export>` can check the file.
  debug.addSection('protocol', () => protocol.service.exportAll());
  debug.addRuntime('local_intents', () => ({ enabled: ctx.config.localIntents }));
  debug.addRuntime('model_profile', () => {
    const choice = ollama.lastChoice();
    return choice?.ok ? (probes.profile(choice.model) ?? null) : null;
  });

  const timers: NodeJS.Timeout[] = [];
  let unsubscribeDocs: (() => void) | undefined;

  return {
    name: 'assistant',
    service,
    debug,
    ollama,
    scout,
    routes(app) {
      registerAgentRoutes(app, service);
      registerDebugRoutes(app, debug);
      registerKanbanOrganizeRoute(app, organizer);
      registerLearnedRoutes(app, learned, household.members);
    },
    // Learn Ollama's state in the background once the master answers: neither start-up nor
    // the first health answer waits for the network, or for the HTTP client's first request.
    afterFirstAnswer() {
      void ollama.resolveModel().then((choice) => {
        if (choice.ok) ctx.log.info(`assistant: using Ollama model ${choice.model} (${choice.how})`);
        else ctx.log.warn(`assistant: ${choice.message}`);
      });
    },
    start() {
      unsubscribeDocs = documents.onDocumentReady((doc) =>
        scout.add({ kind: 'document', name: doc.name, text: doc.text, ...(doc.format ? { format: doc.format } : {}) }),
      );
      // Keeps the `ollama` health component current when Ollama starts or stops later.
      timers.push(setInterval(() => void ollama.resolveModel(), OLLAMA_RECHECK_MS).unref());
      if (ctx.config.taskScoutIntervalMs > 0) timers.push(setInterval(() => void scout.runOnce(), ctx.config.taskScoutIntervalMs).unref());
      if (ctx.config.kanbanAiIntervalMs > 0)
        timers.push(setInterval(() => void organizer.organize(), ctx.config.kanbanAiIntervalMs).unref());
    },
    stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      stopWatchingEdits();
      stopSyncingDiscovered();
      stopMirroringMemory();
      ctx.registry.removeProvider(memoryTool);
      unsubscribeDocs?.();
      unsubscribeDocs = undefined;
    },
  };
}
