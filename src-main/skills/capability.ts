import type {
  SkillInfo,
  SkillLearningRecord,
  SkillLearningResponse,
  SkillOverlayRemoved,
  SkillSourcesResponse,
  SkillSourcesSyncStarted,
  SkillsReloadResponse,
  SkillsResponse,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { Capability, Platform } from '../platform/capability';
import type { ProtocolCapability } from '../protocol';
import { registerSkillsRoutes } from './routes';
import { SkillEngine, type DiscoveredPipeline, type SkillGate } from './engine';
import type { SkillToolLimit } from './allowed-tools';
import { RecordedSkillGate, skillBaselineFile } from './recorded-gate';
import { skillSources } from './loader';
import { ollamaGenerate } from './generate';
import { loadOverlay, OverlayError, removeOverlay, skillOverlayDir } from './overlays';
import { overlaySha256, SkillLearning, type OverlayConsent } from './learning';
import { knownSandbox, parseNetworkGrants, probeSandbox, type SandboxMode } from './process';
import { startAutoSync, type AutoSync } from './sources/auto-sync';
import { SourceSyncs } from './sources/source-syncs';
import { readTrustedKeys, trustedKeysFile } from './signature';
import { LearningRecordStore, MAX_HISTORY_JSON, RunHistoryRecorder, ToolHistoryStore } from './store';
import type { SkillRegistry } from '../platform/registry';
import type { SkillDocuments } from './step-tools';

/** What other capabilities (the assistant, the UI routes) use of the skill engine. */
export interface SkillsService {
  /** The `<available_skills>` catalog for the assistant's system prompt: names and descriptions only, the tool call brings the rest. */
  catalogXml(): string;
  /** Each skill the model may be offered: its catalog element and its tools (the assistant bounds the catalog). */
  catalogSkills(): { id: string; line: string; tools: string[] }[];
  /** What a skill's `allowed-tools` permits while the assistant follows it; undefined when it declares none. */
  allowedToolsOf(skillId: string): SkillToolLimit | undefined;
  list(): readonly SkillInfo[];
  listing(): SkillsResponse;
  reload(): SkillsReloadResponse;
  /** The configured skill sources with their last sync. */
  sources(): SkillSourcesResponse;
  /** Starts a background sync of one configured source or all (a Refusal while one runs or none is set up). */
  syncSources(source?: string): SkillSourcesSyncStarted;
  /** Undoes `jarvis optimize skills` for a skill: its overlay file goes (an undo record if it was in use), the skill's files stay. */
  removeOverlay(id: string, by?: string): SkillOverlayRemoved;
  /** Every LearningRecord of the skills, newest first (an overlay not seen before becomes a proposal). */
  /** The pipelines `jarvis skill discover` wrote, each with its SkillProposal's state. */
  discoveredPipelines(): readonly DiscoveredPipeline[];
  learning(): SkillLearningResponse;
  /** An admin accepts or rejects a proposed improvement. */
  decideLearning(id: string, decision: 'accept' | 'reject', by: string): SkillLearningRecord;
  /** An admin takes back an accepted improvement: the undo record. */
  undoLearning(id: string, by: string): SkillLearningRecord;
  /**
   * Lets a provider list its skills (waiting ones too) in place of the registry's tools of
   * that kind: the mesh its remote skills, the MCP capability its servers.
   */
  showRemoteSkills(source: () => readonly SkillInfo[], kind?: 'remote' | 'mcp'): void;
  /** Forgets the tool history `jarvis skill discover` learns from (the household cleared its history). */
  forgetToolHistory(): void;
  readonly engine: SkillEngine;
}

const SANDBOX_PROBE_DELAY_MS = 1500;

export interface SkillsCapability extends Capability {
  readonly service: SkillsService;
}

/**
 * Builds the skill engine from the configuration. The CLI uses the same function, with
 * `registryComplete: false` since it has none of the master's tool providers.
 */
export function createSkillEngine(
  ctx: Pick<Platform, 'config' | 'registry' | 'tracer'>,
  gate?: SkillGate,
  reloaded?: (report: SkillsReloadResponse) => void,
  /** false for the CLI's engine, whose registry lacks the house's tools (the master's sees them all). */
  options: {
    readonly registryComplete?: boolean;
    readonly documents?: SkillDocuments;
    /** Where env_from names are read: the master's live environment (with the settings held in the app). */
    readonly hostEnv?: Readonly<Record<string, string | undefined>>;
    /** The master's LearningRecords: an overlay is used once an admin accepted it. */
    readonly overlayConsent?: OverlayConsent;
  } = {},
): SkillEngine {
  const { config } = ctx;
  return new SkillEngine({
    ...(options.documents ? { documents: options.documents } : {}),
    documentFolders: config.ragWatchDir ? [config.ragWatchDir] : [],
    ...(gate ? { gate } : {}),
    ...(reloaded ? { reloaded } : {}),
    ...(options.registryComplete === false ? { registryComplete: false } : { houseTools: () => ctx.registry.list().map((t) => t.name) }),
    // The assistant's model and temperature, on the same Ollama.
    generate: ollamaGenerate({
      url: config.ollamaUrl,
      model: config.ollamaModel,
      temperature: config.ollamaTemperature,
      numCtx: config.ollamaNumCtx,
    }),
    sources: skillSources(config),
    overlayDir: skillOverlayDir(config),
    ...(options.overlayConsent ? { overlayConsent: options.overlayConsent } : {}),
    pipelineMaxDepth: config.skillPipelineMaxDepth,
    processEnabled: config.skillProcessEnabled,
    runner: {
      allowSystemExec: config.skillAllowSystemExec,
      maxTimeoutMs: config.skillMaxTimeoutMs,
      maxOutputKb: config.skillMaxOutputKb,
      maxMemoryMb: config.skillMaxMemoryMb,
      maxDiskMb: config.skillMaxDiskMb,
      hostEnv: options.hostEnv ?? process.env,
      sandbox: config.skillSandbox as SandboxMode,
      networkGrants: parseNetworkGrants(config.skillNetworkGrants),
      hostNetwork: config.skillHostNetwork
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    registry: ctx.registry,
    trace: (traceId, stage, data) => ctx.tracer.record(traceId, 'skills', stage, data),
    secret: (value) => ctx.tracer.redactor.add(value),
    trustedKeys: () => readTrustedKeys(trustedKeysFile(config)),
  });
}

/**
 * Plugin skills: loaded from JARVIS_SKILLS_DIR and the user and
 * bundled folders at start, offered to the registry as the `plugin` provider, reloadable
 * at POST /api/skills/reload. With JARVIS_SKILLS_ENABLED=false nothing is loaded.
 */
export interface SkillsDeps {
  readonly protocol: ProtocolCapability;
  /** The household's documents for `memory_search` steps (the master passes the knowledge capability's search). */
  readonly documents?: SkillDocuments;
  /** The environment skills' env_from reads (default process.env). */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
}

export function createSkills(ctx: Platform, { protocol, documents, hostEnv }: SkillsDeps): SkillsCapability {
  let lastErrors = 0;
  const announce = (report: SkillsReloadResponse): void => {
    lastErrors = report.errors.length;
    ctx.events.publish('skills.changed', {
      added: report.added,
      removed: report.removed,
      changed: report.changed,
      errors: report.errors.length,
      proposed: report.proposed ?? [],
    });
  };
  const learning = new SkillLearning(new LearningRecordStore(ctx.db), ctx.clock, () =>
    ctx.events.publish('skills.changed', { added: [], removed: [], changed: [], errors: lastErrors, proposed: [] }),
  );
  const engine = createSkillEngine(ctx, new RecordedSkillGate(protocol.recorder, skillBaselineFile(ctx.config.dataFile)), announce, {
    ...(documents ? { documents } : {}),
    ...(hostEnv ? { hostEnv } : {}),
    overlayConsent: learning,
  });
  const enabled = ctx.config.skillsEnabled;
  const reload = (): SkillsReloadResponse => {
    if (!enabled) return { added: [], removed: [], changed: [], errors: [] };
    const report = engine.reload();
    announce(report);
    return report;
  };
  // A household decision on a SkillProposal (UI or any protocol client) takes effect at once.
  const stopWatchingDecisions = protocol.service.onChange((change) => {
    if (change.op !== 'decideSkill' || !enabled) return;
    engine.readmit();
    ctx.events.publish('skills.changed', { added: [], removed: [], changed: [], errors: lastErrors, proposed: [] });
  });
  if (enabled) {
    reload();
    ctx.registry.addProvider(engine.provider);
  }
  const toolHistory = recordToolHistory(ctx, engine);
  const remoteSkills = new Map<'remote' | 'mcp', () => readonly SkillInfo[]>();
  const shown = () => new Map([...remoteSkills].map(([kind, source]) => [kind, source()] as const));
  const workspace = () => new Map(engine.skills().flatMap((s) => (s.tier === 'workspace' ? [[s.id, s.dir] as const] : [])));
  const syncs = new SourceSyncs({
    config: ctx.config,
    enabled,
    workspace,
    reload: () => void reload(),
    publish: (event) => ctx.events.publish('skills.sources', event),
    log: ctx.log,
  });
  const overlayDir = skillOverlayDir(ctx.config);
  const service: SkillsService = {
    catalogXml: () => engine.catalogXml(),
    catalogSkills: () => engine.catalogSkills(),
    allowedToolsOf: (skillId) => engine.allowedToolsOf(skillId),
    list: () => engine.listing(shown()).skills,
    listing: () => engine.listing(shown()),
    reload,
    sources: () => syncs.list(),
    discoveredPipelines: () => (enabled ? engine.discoveredPipelines() : []),
    syncSources: (source) => syncs.start(source),
    learning: () => {
      // Any overlay written since the last look becomes a proposal before the list is read.
      engine.listing(shown());
      return { records: learning.list() };
    },
    decideLearning: (id, decision, by) => learning.decide(id, decision, by),
    undoLearning: (id, by) => {
      const undo = learning.undo(id, by);
      // The file of exactly that improvement goes too: left, it would be proposed again at once.
      const load = loadOverlay(overlayDir, undo.skill_id);
      if (load?.ok && overlaySha256(load.overlay) === undo.overlay_sha256) removeOverlay(overlayDir, undo.skill_id);
      return undo;
    },
    removeOverlay: (id, by = 'desktop') => {
      // Taking an improvement back is a record too, before its file goes.
      learning.undoSkill(id, by);
      let file: string | undefined;
      try {
        file = removeOverlay(overlayDir, id);
      } catch (err) {
        if (err instanceof OverlayError) throw new Refusal('invalid', 'SKILL_OVERLAY_INVALID', err.message);
        throw err;
      }
      if (!file) throw new Refusal('not_found', 'SKILL_OVERLAY_NONE', `${id} has no improvement to undo.`);
      // The overlay is read per request: a reload is not needed, the UI only has to look again.
      ctx.events.publish('skills.changed', { added: [], removed: [], changed: [], errors: lastErrors, proposed: [] });
      return { skill: id, file };
    },
    showRemoteSkills: (source, kind = 'remote') => {
      remoteSkills.set(kind, source);
    },
    forgetToolHistory: () => toolHistory.forget(),
    engine,
  };
  ctx.status.set('skills', () => {
    if (!enabled) return { state: 'off', detail: 'JARVIS_SKILLS_ENABLED=false', code: 'skills.off' };
    const tools = engine.provider.list().length;
    const sandbox = knownSandbox(ctx.config.skillSandbox as SandboxMode, process.env.PATH ?? '');
    const isolation = !ctx.config.skillProcessEnabled
      ? ', process skills off'
      : !sandbox
        ? ', checking isolation'
        : sandbox.kind === 'bwrap'
          ? ', isolated (bubblewrap)'
          : `, not isolated: ${sandbox.reason}`;
    const detail = `${engine.skills().length} skills, ${tools} tools${isolation}`;
    const params = { skills: engine.skills().length, tools, errors: lastErrors };
    return lastErrors > 0
      ? { state: 'degraded', detail: `${detail}, ${lastErrors} errors`, code: 'skills.loadedWithErrors', params }
      : { state: 'ok', detail, code: 'skills.loaded', params };
  });
  let probeTimer: NodeJS.Timeout | undefined;
  let autoSync: AutoSync | undefined;
  return {
    name: 'skills',
    service,
    routes(app) {
      registerSkillsRoutes(app, service);
    },
    start() {
      // Learnt in the background, after the first requests of a start (starting a child
      // process costs the event loop milliseconds); the first skill call probes on its own
      // if it comes sooner.
      if (enabled && ctx.config.skillProcessEnabled) {
        probeTimer = setTimeout(
          () => void probeSandbox(ctx.config.skillSandbox as SandboxMode, process.env.PATH ?? ''),
          SANDBOX_PROBE_DELAY_MS,
        );
        probeTimer.unref();
      }
      if (enabled && ctx.config.skillAutoSync) {
        autoSync = startAutoSync({
          config: ctx.config,
          workspace,
          reload: () => void reload(),
          log: ctx.log,
        });
        const running = autoSync;
        ctx.status.set('skillSources', () => running.status());
      }
    },
    async stop() {
      if (probeTimer) clearTimeout(probeTimer);
      stopWatchingDecisions();
      await autoSync?.stop();
      await syncs.stop();
      toolHistory.stop();
    },
  };
}

/** Who may start a routine worth discovering; automations and the system already run by themselves. */
const HISTORY_ACTORS: ReadonlySet<string> = new Set(['assistant', 'mcp', 'user', 'cli']);

/**
 * Keeps the successful tool calls of each run for `jarvis skill discover`, redacted like
 * the trace. Calls a pipeline makes belong to its skill and are left out.
 */
function recordToolHistory(
  ctx: Pick<Platform, 'config' | 'db' | 'tracer' | 'log'> & { registry: SkillRegistry },
  engine: SkillEngine,
): { stop: () => void; forget: () => void } {
  const store = new ToolHistoryStore(ctx.db, ctx.config.skillHistoryLimit);
  if (ctx.config.skillHistoryLimit === 0) return { stop: () => undefined, forget: () => store.clear() };
  const history = new RunHistoryRecorder(store);
  const stop = ctx.registry.onCall(({ tool, args, result, ctx: call }) => {
    if (!result.success || !HISTORY_ACTORS.has(call.actor) || engine.insidePipeline()) return;
    try {
      const redact = ctx.tracer.redactor;
      history.record(call.traceId, call.actor, {
        tool: tool.name,
        arguments: redact.value((args ?? {}) as Record<string, unknown>),
        // A large output (a whole list) would be dropped by the store anyway: not copied first.
        ...(result.data === undefined || (JSON.stringify(result.data)?.length ?? 0) > MAX_HISTORY_JSON
          ? {}
          : { output: redact.value(result.data) }),
        capabilities: engine.capabilitiesForTool(tool),
        ...(tool.risk ? { risk: tool.risk } : {}),
        at: call.now.toISOString(),
      });
    } catch (err) {
      // The history serves a later suggestion; a failed write must never fail the call.
      ctx.log.warn(`skill history: a tool call was not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return { stop, forget: () => history.forget() };
}
