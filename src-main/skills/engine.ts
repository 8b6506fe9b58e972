import { AsyncLocalStorage } from 'node:async_hooks';
import {
  SKILL_ERROR_CODES,
  declaredRisk,
  withRisk,
  UNDECLARED_RISK,
  skillToolName,
  toolFailure,
  toolSuccess,
  type JsonSchemaObject,
  type SkillActionInfo,
  type SkillInfo,
  type SkillsReloadResponse,
  type SkillsResponse,
  type SkillSourceError,
  type ToolProviderKind,
  type ToolResult,
} from '../../src-shared';
import { check, compileSchema } from '../platform/validation';
import { SkillEntryCache } from './entry-cache';
import {
  loadSkills,
  OPENJARVIS_ACTION,
  type OpenJarvisSkillEntry,
  type ProcessSkillEntry,
  type SkillEntry,
  type SkillSet,
  type SkillSource,
  toolNamesOf,
} from './loader';
import { DISCOVERED_FOLDER } from './discovery/folder';
import { fillTemplate } from './openjarvis';
import { skillToolLimit, type SkillToolLimit } from './allowed-tools';
import { OverlayBook, type OverlayLoad, type SkillOverlay } from './overlays';
import { overlayExamplesXml } from './overlay-prompt';
import type { OverlayConsent } from './learning';
import { readSkillPage, SKILL_READ_INPUT_SCHEMA, SKILL_READ_TOOL, SkillPathRefused } from './skill-reader';
import { TreeEscapeError, TreeHashCache } from './tree-hash';
import { missingToolReason, resolveStepTool, stepProblems, undeclaredReason, type StepLookup } from './step-check';
import { runStepTool, type GenerateText, type SkillDocuments, type StepToolContext } from './step-tools';
import type { TrustedKeys } from './signature';
import { judgeTrust, type TrustVerdict } from './trust';
import {
  EntryPointError,
  invokeProcessSkill,
  isLongLived,
  isSystemCommand,
  receivedSecrets,
  resolveEntryPoint,
  WarmSkillPool,
  type RunnerPolicy,
} from './process';
import type { RegisteredTool, SkillRegistry, ToolContext, ToolProvider } from '../platform/registry/registry';

export interface SkillEngineOptions {
  readonly sources: readonly SkillSource[];
  readonly pipelineMaxDepth: number;
  /** JARVIS_SKILL_PROCESS_ENABLED: local process skills run in this process. */
  readonly processEnabled: boolean;
  readonly runner: RunnerPolicy;
  /** Pipeline steps call tools through the same registry as everyone else. */
  readonly registry: SkillRegistry;
  readonly trace?: (traceId: string, stage: string, data: unknown) => void;
  /** Holds new and changed skills back until the household activates them. */
  readonly gate?: SkillGate;
  /** Registers a secret with the redactor: every env_from value a skill gets is one. */
  readonly secret?: (value: string) => void;
  /** Told when a call found its skill changed on disk and the engine reloaded. */
  readonly reloaded?: (report: SkillsReloadResponse) => void;
  /**
   * Every tool the house has (the master's registry), to place the names of `allowed-tools`.
   * The CLI's engine runs without the house's tools: it cannot tell, and warns about none.
   */
  readonly houseTools?: () => readonly string[];
  /** The `llm` step tool's model (Ollama); without it pipelines that use `llm` are unavailable. */
  readonly generate?: GenerateText;
  /** The household's documents for `memory_search`; the CLI's engine has none. */
  readonly documents?: SkillDocuments;
  /** The household's document folders `file_read` may read (besides the skill's own folder). */
  readonly documentFolders?: readonly string[];
  /**
   * false where the registry holds only part of the tool providers (the CLI without a
   * master): a step tool it does not find is then left to the master to judge.
   */
  readonly registryComplete?: boolean;
  /** The household key list, read again at every (re)load; without it no signature verifies. */
  readonly trustedKeys?: () => TrustedKeys;
  /** Where `jarvis optimize skills` keeps its overlays (improved descriptions, examples). */
  readonly overlayDir?: string;
  /** The household's consent: with it, an overlay changes the prompt only once its LearningRecord is accepted. */
  readonly overlayConsent?: OverlayConsent;
}

/** A skill's overlay; a stale one was made for another tree and is not used. */
export interface OverlayState {
  readonly overlay: SkillOverlay;
  readonly stale: boolean;
  readonly file: string;
}

/** A valid skill as the gate sees it on a (re)load. */
/** A pipeline skill `jarvis skill discover` wrote, and where its SkillProposal stands. */
export interface DiscoveredPipeline {
  readonly id: string;
  readonly description: string;
  /** The tools it calls, in order. */
  readonly steps: readonly string[];
  readonly proposal_id: string;
  readonly status: 'proposed' | 'activated' | 'rejected';
}

export interface SkillCandidate {
  readonly id: string;
  readonly version: string;
  /** SHA-256 of the skill's folder tree (tree-hash.ts). */
  readonly sha256: string;
  /** `startup`: the first load of this process; the others compare with the previous load. */
  readonly change: 'startup' | 'added' | 'changed' | 'unchanged';
  /** Written by `jarvis skill discover` (the user tier's `discovered/` folder): never part of an installation baseline. */
  readonly discovered?: boolean;
  /** The integrations whose secrets the skill would receive (receivedSecrets). */
  readonly integrationSecrets?: readonly string[];
}

export interface SkillAdmission {
  readonly state: 'active' | 'proposed' | 'rejected';
  readonly proposal_id?: string;
  readonly integration_secrets?: readonly string[];
}

export interface SkillGate {
  admit(skill: SkillCandidate): SkillAdmission;
}

interface ToolBinding {
  readonly entry: SkillEntry;
  readonly action: string;
}

function xmlAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');
}

/** license, compatibility, allowed-tools and metadata as the skill declares them. */
function declaredFields(s: SkillEntry): Pick<SkillInfo, 'license' | 'compatibility' | 'allowed_tools' | 'metadata'> {
  if (s.format === 'jarvis.skill.v1') return s.manifest?.license ? { license: s.manifest.license } : {};
  const d = s.definition;
  if (!d) return {};
  return {
    ...(d.license ? { license: d.license } : {}),
    ...(d.compatibility ? { compatibility: d.compatibility } : {}),
    ...(d.allowed_tools ? { allowed_tools: d.allowed_tools } : {}),
    ...(d.metadata ? { metadata: d.metadata } : {}),
  };
}

const SKILL_READ_REGISTRATION: RegisteredTool = {
  name: SKILL_READ_TOOL,
  description:
    'Liest die Anleitung eines Skills aus <available_skills> oder eine Datei aus seinem Ordner, seitenweise: ' +
    'ohne path die Anleitung (auf der ersten Seite mit der Liste seiner Dateien), mit path eine dieser Dateien; ' +
    'offset = next_offset der letzten Seite, bis next_offset null ist.',
  input_schema: SKILL_READ_INPUT_SCHEMA as unknown as JsonSchemaObject,
  provider: 'plugin',
  mutates: false,
  requires_confirmation: false,
  risk: 'read',
  source: 'skills',
};

/** Workspace skills are the household's own code: their pipeline steps are not held to required_capabilities. */
function undeclaredAllowed(s: SkillEntry): boolean {
  return s.tier === 'workspace';
}

function fingerprint(s: SkillEntry): string {
  return JSON.stringify([s.dir, s.version, s.enabled, s.errors, s.format === 'jarvis.skill.v1' ? s.manifest : s.definition]);
}

/**
 * The plugin side of the skill registry: loads skills from their folders, offers their
 * actions as tools (provider kind `plugin`), runs process skills through the shared runner
 * and skill.toml pipelines through the registry, and builds the agent's skill catalog.
 */
export class SkillEngine {
  private set: SkillSet = { skills: [], errors: [] };
  private tools: RegisteredTool[] = [];
  private bindings = new Map<string, ToolBinding>();
  /** The gate's verdict per skill id, with the tree it was given for. */
  private admissions = new Map<string, { sha256: string; admission: SkillAdmission }>();
  private loadedOnce = false;
  /** Tree hashes by folder, checked again before every call. */
  private readonly trees = new TreeHashCache();
  /** Entries by folder, parsed again only when their files changed. */
  private readonly entries = new SkillEntryCache<SkillEntry>();
  private shas = new Map<string, string>();
  /** The long-lived processes of skills that ask for one; a reload or a decision restarts them. */
  readonly warm = new WarmSkillPool();
  /** The step verdicts the current tool list was built with (refreshStepVerdicts). */
  private stepVerdicts = '';
  private ownToolsOf?: { readonly set: SkillSet; readonly tools: ReadonlyMap<string, readonly string[]> };
  /** Installed skills' trust by folder, decided at every (re)load from their files. */
  private verdicts = new Map<string, TrustVerdict>();
  /** How deep the current call is nested in pipelines, across registry calls. */
  private readonly nesting = new AsyncLocalStorage<number>();
  readonly provider: ToolProvider;
  private readonly overlayBook: OverlayBook | undefined;

  constructor(private readonly options: SkillEngineOptions) {
    this.overlayBook = options.overlayDir
      ? new OverlayBook(options.overlayDir, (message) => options.trace?.('skills', 'overlay_ignored', { message }))
      : undefined;
    this.provider = {
      kind: 'plugin',
      list: () => this.withOverlays(this.tools),
      call: (name, args, ctx) => {
        if (name === SKILL_READ_TOOL) return Promise.resolve(this.readForModel(args, ctx));
        const binding = this.bindings.get(name);
        if (!binding) return Promise.resolve(toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`));
        return this.invoke(binding.entry, binding.action, args, ctx);
      },
    };
  }

  /** Reads every source again and reports what changed (POST /api/skills/reload). */
  reload(): SkillsReloadResponse {
    const before = new Map(this.set.skills.map((s) => [s.dir, fingerprint(s)]));
    const previousIds = new Map(this.set.skills.map((s) => [s.dir, s.id]));
    this.set = loadSkills(this.options.sources, { pipelineMaxDepth: this.options.pipelineMaxDepth, cache: this.entries });
    // A reload reads the folders again: whatever runs now started from the old ones.
    this.warm.stop();
    this.registerSecrets();
    this.checkFolders();
    this.admit(this.loadedOnce ? 'reload' : 'startup');
    this.loadedOnce = true;
    this.rebuildTools();
    const after = new Map(this.set.skills.map((s) => [s.dir, fingerprint(s)]));
    const label = (dir: string) => this.set.skills.find((s) => s.dir === dir)?.id ?? dir;
    const proposed = [...this.admissions].filter(([, a]) => a.admission.state === 'proposed').map(([id]) => id);
    return {
      added: [...after.keys()].filter((d) => !before.has(d)).map(label),
      removed: [...before.keys()].filter((d) => !after.has(d)).map((d) => previousIds.get(d) ?? d),
      changed: [...after.keys()].filter((d) => before.has(d) && before.get(d) !== after.get(d)).map(label),
      errors: this.set.errors,
      ...(this.options.gate ? { proposed } : {}),
    };
  }

  /**
   * env_from values reach the skill, and from there its stderr, its answer, the trace and
   * the chat: they are secrets from the moment a manifest names them.
   */
  private registerSecrets(): void {
    const host = this.options.runner.hostEnv;
    for (const s of this.set.skills) {
      if (s.format !== 'jarvis.skill.v1') continue;
      for (const name of s.manifest?.runtime.env_from ?? []) {
        const value = host[name];
        if (value) this.options.secret?.(value);
      }
    }
  }

  /**
   * What makes a loaded skill unusable beyond its manifest: a symbolic link that leaves its
   * folder (code outside the tree hash) and an entry point that cannot run. Such a skill is
   * listed disabled with the reason and never offered to the model.
   */
  private checkFolders(): void {
    const shas = new Map<string, string>();
    const verdicts = new Map<string, TrustVerdict>();
    const errors = this.set.errors as SkillSourceError[];
    const fail = (s: SkillEntry, message: string) => {
      s.errors.push(message);
      errors.push({ source: s.dir, message });
    };
    const keys = this.options.trustedKeys?.() ?? { file: '(none)', keys: new Map(), errors: [] };
    for (const message of keys.errors) errors.push({ source: keys.file, message: `household key list: ${message}` });
    for (const s of this.set.skills) {
      if (s.errors.length > 0) continue;
      try {
        const sha256 = this.trees.sha256(s.dir);
        shas.set(s.dir, sha256);
        const verdict = judgeTrust(s, sha256, keys);
        if (verdict) verdicts.set(s.dir, verdict);
      } catch (err) {
        // Unreadable right now (being copied) is not an error: the gate holds it back.
        if (err instanceof TreeEscapeError) fail(s, err.message);
        continue;
      }
      if (s.format !== 'jarvis.skill.v1' || !s.manifest || !this.options.processEnabled) continue;
      try {
        resolveEntryPoint(s.dir, s.manifest.runtime.command, {
          manifestAllows: s.manifest.permissions?.system_exec === true,
          hostAllows: this.options.runner.allowSystemExec,
          path: this.options.runner.hostEnv.PATH ?? '',
        });
      } catch (err) {
        // A denied system command is a host setting, shown as a warning (blocker), not a broken skill.
        if (err instanceof EntryPointError && err.code === SKILL_ERROR_CODES.entryPoint) fail(s, err.message);
      }
    }
    this.shas = shas;
    this.verdicts = verdicts;
    this.trees.retain(new Set(shas.keys()));
  }

  /**
   * The gate decided on one tree; a call runs only that tree. A skill edited in place since
   * (or through a link) is read again and goes back to the household as a new proposal.
   */
  private changedSince(entry: SkillEntry): ToolResult | undefined {
    if (!this.options.gate) return undefined;
    const admitted = this.admissions.get(entry.id)?.sha256;
    let now: string | undefined;
    try {
      now = this.trees.sha256(entry.dir);
    } catch {
      now = undefined;
    }
    if (now !== undefined && now === admitted) return undefined;
    const report = this.reload();
    this.options.reloaded?.(report);
    // An installed skill edited in place is held back by its trust, not proposed again.
    const held = this.verdicts.get(entry.dir)?.blocked;
    if (held) return toolFailure(SKILL_ERROR_CODES.untrusted, `skill ${entry.id} is held back: ${held}`);
    const after = this.admissions.get(entry.id)?.admission;
    const why = after?.proposal_id ? ` and waits for the household (SkillProposal ${after.proposal_id})` : '';
    return toolFailure(SKILL_ERROR_CODES.changed, `skill ${entry.id} changed since it was activated${why}; it was not run`);
  }

  /**
   * An installed skill runs only while its files are the ones recorded or signed. With a
   * gate, changedSince compares the tree at every call; without one the cached tree hash is
   * compared here (a walk with lstat, contents read only for changed files).
   */
  private heldByTrust(entry: SkillEntry): ToolResult | undefined {
    if (!this.options.gate && this.verdicts.has(entry.dir)) {
      let now: string | undefined;
      try {
        now = this.trees.sha256(entry.dir);
      } catch {
        now = undefined;
      }
      if (now !== this.shas.get(entry.dir)) {
        const report = this.reload();
        this.options.reloaded?.(report);
      }
    }
    const held = this.verdicts.get(entry.dir)?.blocked;
    return held ? toolFailure(SKILL_ERROR_CODES.untrusted, `skill ${entry.id} is held back: ${held}`) : undefined;
  }

  /** True while a pipeline step runs: its calls belong to the skill, not to the household's own routine. */
  insidePipeline(): boolean {
    return (this.nesting.getStore() ?? 0) > 0;
  }

  /** Asks the gate again without rereading the folders (after a household decision). */
  readmit(): void {
    this.warm.stop();
    this.admit('decision');
    this.rebuildTools();
  }

  private admit(why: 'startup' | 'reload' | 'decision'): void {
    const gate = this.options.gate;
    if (!gate) return;
    const next = new Map<string, { sha256: string; admission: SkillAdmission }>();
    for (const s of this.set.skills) {
      if (s.errors.length > 0 || s.shadowed_by || next.has(s.id)) continue;
      // Held back by its trust: activating it would change nothing, so it is not proposed.
      if (this.verdicts.get(s.dir)?.blocked) continue;
      const sha256 = this.shas.get(s.dir);
      if (sha256 === undefined) {
        // Unreadable right now (being copied): the next reload sees it whole.
        next.set(s.id, { sha256: '', admission: { state: 'proposed' } });
        continue;
      }
      const previous = this.admissions.get(s.id);
      const change = why === 'startup' ? 'startup' : !previous ? 'added' : previous.sha256 !== sha256 ? 'changed' : 'unchanged';
      const discovered = s.tier === 'user' && s.group === DISCOVERED_FOLDER;
      // The same rule as the call (integrationSkill): only the bundled and workspace tiers hold integrations' own skills.
      const envFrom = 'manifest' in s ? s.manifest?.runtime.env_from : undefined;
      const integrationSecrets = receivedSecrets(envFrom, s.tier !== 'user' ? s.id : undefined);
      next.set(s.id, {
        sha256,
        admission: gate.admit({
          id: s.id,
          version: s.version,
          sha256,
          change,
          ...(discovered ? { discovered } : {}),
          ...(integrationSecrets.length ? { integrationSecrets } : {}),
        }),
      });
    }
    this.admissions = next;
  }

  skills(): readonly SkillEntry[] {
    return this.set.skills;
  }

  /** The pipelines `jarvis skill discover` wrote, with their SkillProposal: each is also a learnt record. */
  discoveredPipelines(): DiscoveredPipeline[] {
    return this.set.skills.flatMap((s) => {
      if (s.tier !== 'user' || s.group !== DISCOVERED_FOLDER || s.format !== 'openjarvis' || !s.definition) return [];
      const activation = this.activationOf(s).activation;
      if (!activation) return [];
      const steps = s.definition.steps.map((step) => step.tool_name ?? `skill:${step.skill_name}`);
      return [{ id: s.id, description: s.description, steps, proposal_id: activation.proposal_id, status: activation.status }];
    });
  }

  /** A loaded skill by id, or by one of its tool names. */
  find(name: string): SkillEntry | undefined {
    return (
      this.set.skills.find((s) => s.id === name && s.errors.length === 0 && !s.shadowed_by) ??
      this.bindings.get(name)?.entry ??
      this.set.skills.find((s) => s.id === name)
    );
  }

  private usable(s: SkillEntry): boolean {
    return s.errors.length === 0 && !s.shadowed_by && s.enabled && this.blocker(s) === undefined;
  }

  /** Why a valid, enabled skill cannot run on this host (it is listed, not offered). */
  private blocker(s: SkillEntry): string | undefined {
    if (s.shadowed_by) return undefined; // its warning says so
    const held = this.verdicts.get(s.dir)?.blocked;
    if (held) return held;
    // Before the activation: activating the skill would not make it run.
    const steps = s.format === 'openjarvis' ? this.stepBlocker(s) : undefined;
    if (steps) return steps;
    const admission = this.options.gate ? (this.admissions.get(s.id)?.admission ?? { state: 'proposed' as const }) : undefined;
    if (admission?.state === 'proposed')
      return `new or changed: waits until the household activates it (SkillProposal ${admission.proposal_id ?? 'pending'})`;
    if (admission?.state === 'rejected')
      return `the household rejected this version (SkillProposal ${admission.proposal_id ?? ''}); change the skill to propose it again`;
    if (s.format !== 'jarvis.skill.v1' || !s.manifest) return undefined;
    if (!this.options.processEnabled) return 'local process skills are off (JARVIS_SKILL_PROCESS_ENABLED=false)';
    if (isSystemCommand(s.manifest.runtime.command) && !(s.manifest.permissions?.system_exec && this.options.runner.allowSystemExec)) {
      return s.manifest.permissions?.system_exec
        ? `runs the system command "${s.manifest.runtime.command}", which needs JARVIS_SKILL_ALLOW_SYSTEM_EXEC=true`
        : `runs the system command "${s.manifest.runtime.command}" without permissions.system_exec`;
    }
    return undefined;
  }

  /** How pipeline steps find their tools: this engine's own skills first, then the registry. */
  private lookup(complete = this.options.registryComplete !== false): StepLookup {
    return {
      registered: (name) => {
        const own = this.ownTools().get(name);
        if (own) return own;
        const tool = this.options.registry.get(name);
        return tool ? this.capabilitiesForTool(tool) : undefined;
      },
      complete,
    };
  }

  /** The capabilities of this engine's own tools by tool name, for the loaded set (its tools may not be built yet). */
  private ownTools(): ReadonlyMap<string, readonly string[]> {
    if (this.ownToolsOf?.set === this.set) return this.ownToolsOf.tools;
    const tools = new Map<string, readonly string[]>();
    for (const s of this.set.skills)
      if (s.errors.length === 0 && !s.shadowed_by) for (const t of toolNamesOf(s)) tools.set(t, s.capabilities);
    this.ownToolsOf = { set: this.set, tools };
    return tools;
  }

  /**
   * A pipeline whose step tools are missing or need capabilities it does not declare is listed,
   * not offered; a workspace skill (the household's own code) may use undeclared capabilities.
   */
  private stepBlocker(s: OpenJarvisSkillEntry): string | undefined {
    if (!s.definition) return undefined;
    const { problems } = stepProblems(s.definition.steps, s.capabilities, this.lookup(), this.stepContext(), undeclaredAllowed(s));
    return problems.length > 0 ? problems.join('; ') : undefined;
  }

  /** The undeclared capabilities a workspace pipeline uses, as warnings. */
  private stepWarnings(s: SkillEntry): string[] {
    if (s.format !== 'openjarvis' || !s.definition || !undeclaredAllowed(s)) return [];
    return stepProblems(s.definition.steps, s.capabilities, this.lookup(), this.stepContext(), true).warnings;
  }

  private stepContext(entry?: OpenJarvisSkillEntry): StepToolContext {
    const { generate, documents } = this.options;
    return {
      ...(generate ? { generate } : {}),
      ...(documents ? { documents } : {}),
      ...(entry
        ? {
            folders: {
              documents: this.options.documentFolders ?? [],
              // A flat <name>.toml shares its folder with other skills: it gets no folder of its own.
              ...(entry.dir.endsWith('.toml') ? {} : { skill: entry.dir }),
            },
          }
        : {}),
    };
  }

  /**
   * Tool providers (MCP servers, skill workers) come and go without a reload: when the step
   * verdicts changed since the tools were built, they are built again.
   */
  private refreshStepVerdicts(): void {
    if (this.stepVerdicts !== this.currentStepVerdicts()) this.rebuildTools();
  }

  private currentStepVerdicts(): string {
    return JSON.stringify(this.set.skills.map((s) => (s.format === 'openjarvis' && s.errors.length === 0 ? this.stepBlocker(s) : null)));
  }

  private rebuildTools(): void {
    this.stepVerdicts = this.currentStepVerdicts();
    const tools: RegisteredTool[] = [];
    const bindings = new Map<string, ToolBinding>();
    for (const s of this.set.skills) {
      if (!this.usable(s)) continue;
      if (s.format === 'jarvis.skill.v1' && s.manifest) {
        for (const a of s.manifest.actions) {
          const name = skillToolName(s.id, a.name);
          bindings.set(name, { entry: s, action: a.name });
          // The model only sees what it may call.
          if (s.disable_model_invocation) continue;
          tools.push({
            name,
            description: a.description,
            input_schema: a.input_schema,
            ...(a.output_schema ? { output_schema: a.output_schema as JsonSchemaObject } : {}),
            provider: 'plugin',
            mutates: a.mutates === true,
            requires_confirmation: a.requires_confirmation === true,
            ...withRisk(declaredRisk(a.risk, a.requires_confirmation)),
            skill_id: s.id,
            action: a.name,
            source: s.dir,
          });
        }
      } else if (s.format === 'openjarvis') {
        const name = skillToolName(s.id, OPENJARVIS_ACTION);
        bindings.set(name, { entry: s, action: OPENJARVIS_ACTION });
        if (s.disable_model_invocation) continue;
        tools.push({
          name,
          description: s.description,
          input_schema: s.input_schema,
          provider: 'plugin',
          mutates: s.capabilities.some((c) => c.endsWith(':write')),
          requires_confirmation: false,
          ...(s.definition ? { risk: s.definition.risk } : {}),
          skill_id: s.id,
          action: OPENJARVIS_ACTION,
          source: s.dir,
        });
      }
    }
    if (this.set.skills.some((s) => this.usable(s) && !s.disable_model_invocation)) tools.push(SKILL_READ_REGISTRATION);
    this.tools = tools;
    this.bindings = bindings;
  }

  /** The overlay files as they are now: read once per catalog, tool list or info. */
  private overlayLoads(): ReadonlyMap<string, OverlayLoad> {
    return this.overlayBook?.current() ?? new Map();
  }

  /** The skill's overlay, fresh or stale; undefined without one (or with a broken file). */
  overlayOf(s: SkillEntry, loads: ReadonlyMap<string, OverlayLoad> = this.overlayLoads()): OverlayState | undefined {
    // The id's overlay belongs to the skill offered under it, not to a shadowed copy.
    if (s.shadowed_by) return undefined;
    const load = loads.get(s.id);
    if (!load?.ok) return undefined;
    const sha = this.shas.get(s.dir);
    return { overlay: load.overlay, file: load.file, stale: sha === undefined || sha !== load.overlay.skill_sha256 };
  }

  /** The tree hash the skill was loaded with: what an overlay is made for. */
  treeShaOf(s: SkillEntry): string | undefined {
    return this.shas.get(s.dir);
  }

  /** Why the skill's overlay file is not used, when it is broken. */
  private overlayProblem(s: SkillEntry, loads: ReadonlyMap<string, OverlayLoad>): string | undefined {
    const load = loads.get(s.id);
    return load && !load.ok ? `overlay ${load.file} ignored: ${load.reason}` : undefined;
  }

  /** The overlay in use: made for exactly this tree of the offered skill, and accepted by an admin. */
  private activeOverlay(s: SkillEntry, loads: ReadonlyMap<string, OverlayLoad>): SkillOverlay | undefined {
    const state = this.overlayOf(s, loads);
    if (!state || state.stale) return undefined;
    const consent = this.options.overlayConsent;
    if (consent && consent.recordOf(state.overlay).status !== 'accepted') return undefined;
    return state.overlay;
  }

  /** An OpenJarvis skill's one tool carries the skill's description, so its overlay's too. */
  private withOverlays(tools: readonly RegisteredTool[]): RegisteredTool[] {
    const loads = this.overlayLoads();
    // The registry lists tools for every call: with no overlay this costs one readdir.
    if (loads.size === 0) return tools as RegisteredTool[];
    const described = new Map<string, string>();
    for (const s of this.set.skills) {
      if (s.format !== 'openjarvis' || !loads.has(s.id) || !this.usable(s)) continue;
      const overlay = this.activeOverlay(s, loads);
      if (overlay) described.set(skillToolName(s.id, OPENJARVIS_ACTION), overlay.description);
    }
    if (described.size === 0) return tools as RegisteredTool[];
    return tools.map((t) => (described.has(t.name) ? { ...t, description: described.get(t.name) as string } : t));
  }

  /** A skill the model may read: offered in the catalog. */
  private readable(name: unknown): SkillEntry | undefined {
    return this.set.skills.find((s) => s.id === name && this.usable(s) && !s.disable_model_invocation);
  }

  /**
   * skill_read: a page of a skill's instructions or of a file in its folder. Only skills the
   * catalog offers, only files inside their folder, and only the tree the household activated.
   */
  readForModel(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
    const entry = this.readable(args.skill);
    if (!entry) return toolFailure(SKILL_ERROR_CODES.notFound, `no skill named ${String(args.skill)} is offered`);
    const changed = this.changedSince(entry);
    if (changed) return changed;
    try {
      const page = readSkillPage(
        {
          id: entry.id,
          dir: entry.dir,
          flatFile: entry.dir.endsWith('.toml'),
          ...(entry.format === 'openjarvis' && entry.definition?.instructions ? { instructions: entry.definition.instructions } : {}),
        },
        {
          ...(typeof args.path === 'string' ? { path: args.path } : {}),
          ...(typeof args.offset === 'number' ? { offset: args.offset } : {}),
          ...(typeof args.limit === 'number' ? { limit: args.limit } : {}),
        },
      );
      this.options.trace?.(ctx.traceId, 'read', { skill: entry.id, path: page.path, offset: page.offset, total_length: page.total_length });
      const what = page.path ?? 'Anleitung';
      const end = page.offset + page.content.length;
      const more = page.next_offset === null ? ' (Ende)' : `; weiter mit offset ${page.next_offset}`;
      return toolSuccess(page, `${entry.id}/${what}: Zeichen ${page.offset}–${end} von ${page.total_length}${more}`, false);
    } catch (err) {
      if (err instanceof SkillPathRefused) return toolFailure(SKILL_ERROR_CODES.pathRefused, err.message);
      return toolFailure(SKILL_ERROR_CODES.pathRefused, `${String(args.path)}: cannot be read`);
    }
  }

  /**
   * Runs one action of a loaded skill. The registry calls this with validated arguments;
   * the CLI and sub-skill steps call it directly, so the input is checked here as well.
   */
  async invoke(entry: SkillEntry, action: string, input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    if (entry.errors.length > 0) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} is broken: ${entry.errors.join('; ')}`);
    if (!entry.enabled) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} is disabled (enabled: false)`);
    const untrusted = this.heldByTrust(entry);
    if (untrusted) return untrusted;
    const changed = this.changedSince(entry);
    if (changed) return changed;
    if (entry.format === 'jarvis.skill.v1') return this.invokeProcess(entry, action, input, ctx);
    if (action !== OPENJARVIS_ACTION)
      return toolFailure(SKILL_ERROR_CODES.unknownAction, `skill ${entry.id} has only the action "${OPENJARVIS_ACTION}"`);
    const verdict = check(compileSchema(entry.input_schema), input);
    if (!verdict.ok) return toolFailure(SKILL_ERROR_CODES.inputSchema, verdict.error.message, verdict.error.path);
    const depth = this.nesting.getStore() ?? 0;
    if (depth >= this.options.pipelineMaxDepth) {
      return toolFailure(
        SKILL_ERROR_CODES.pipelineStep,
        `skill ${entry.id} is nested deeper than JARVIS_SKILL_PIPELINE_MAX_DEPTH=${this.options.pipelineMaxDepth}`,
      );
    }
    return this.nesting.run(depth + 1, () => this.runOpenJarvis(entry, input, ctx));
  }

  private async invokeProcess(
    entry: ProcessSkillEntry,
    action: string,
    input: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<ToolResult> {
    if (!this.options.processEnabled) {
      return toolFailure(
        SKILL_ERROR_CODES.disabled,
        `local process skills are off (JARVIS_SKILL_PROCESS_ENABLED=false); ${entry.id} runs on a skill worker`,
      );
    }
    if (!entry.manifest) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} has no valid manifest`);
    this.options.trace?.(ctx.traceId, 'invoke', { skill: entry.id, action, dir: entry.dir, input });
    const request = {
      skill: { dir: entry.dir, manifest: entry.manifest },
      action,
      input,
      context: { traceId: ctx.traceId, now: ctx.now, timezone: ctx.timezone },
      policy: this.options.runner,
      // The app's bundled skills and the operator's workspace folder hold the integrations'
      // own skills; a skill installed or discovered into the user tier that takes a home
      // skill's id does not get that integration's secret.
      integrationSkill: entry.tier !== 'user',
    };
    // The tree the call was checked against names the process: a changed tree never reaches an old one.
    const { result, run, envelope } = isLongLived(entry.manifest)
      ? await this.warm.invoke(request, this.admissions.get(entry.id)?.sha256 ?? this.shas.get(entry.dir) ?? '')
      : await invokeProcessSkill(request);
    this.options.trace?.(ctx.traceId, 'result', {
      skill: entry.id,
      action,
      request_id: envelope.request_id,
      success: result.success,
      ...(result.error ? { error: result.error } : {}),
      ...(run
        ? {
            exit_code: run.code,
            signal: run.signal,
            duration_ms: Math.round(run.durationMs),
            stderr: run.stderr,
            stderr_truncated: run.stderrTruncated,
          }
        : {}),
    });
    return result.success ? result : this.withoutSecrets(entry, result);
  }

  /** A failure quotes the end of stderr; an env_from value in it must not reach the caller or the model. */
  private withoutSecrets(entry: ProcessSkillEntry, result: ToolResult): ToolResult {
    const values = (entry.manifest?.runtime.env_from ?? [])
      .map((name) => this.options.runner.hostEnv[name])
      .filter((v): v is string => !!v && v.length >= 6);
    if (values.length === 0) return result;
    const clean = (text: string) => values.reduce((t, v) => t.split(v).join('[redacted]'), text);
    return {
      ...result,
      message: clean(result.message),
      ...(result.error ? { error: { ...result.error, message: clean(result.error.message) } } : {}),
    };
  }

  /** What a skill must declare (required_capabilities) to call this tool in a pipeline step. */
  capabilitiesForTool(tool: RegisteredTool): string[] {
    if (tool.provider === 'core') return [tool.mutates ? 'memory:write' : 'memory:read'];
    if (tool.provider === 'remote') return ['network:fetch'];
    return [...(this.bindings.get(tool.name)?.entry.capabilities ?? [])];
  }

  private async runOpenJarvis(entry: OpenJarvisSkillEntry, input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const d = entry.definition;
    if (!d) return toolFailure(SKILL_ERROR_CODES.disabled, `skill ${entry.id} has no valid definition`);
    const vars: Record<string, unknown> = { ...input };
    const allowUndeclared = undeclaredAllowed(entry);
    const outputs: Record<string, unknown> = {};
    let last: unknown;
    let mutated = false;
    for (const [i, step] of d.steps.entries()) {
      const label = `step ${i + 1} of ${entry.id} (${step.tool_name ?? step.skill_name})`;
      const args = fillTemplate(step.arguments, vars) as Record<string, unknown>;
      this.options.trace?.(ctx.traceId, 'pipeline_step', {
        skill: entry.id,
        step: i + 1,
        tool: step.tool_name,
        sub_skill: step.skill_name,
        arguments: args,
      });
      let r: ToolResult;
      const refuse = (code: string, message: string): ToolResult => ({ ...toolFailure(code, message), mutated });
      if (step.tool_name) {
        const target = resolveStepTool(step.tool_name, this.lookup(true));
        if (target.kind === 'builtin') {
          // Checked here as well as at load: the CLI runs skills the listing calls unavailable.
          const undeclared = allowUndeclared
            ? undefined
            : undeclaredReason(label, `the built-in step tool ${step.tool_name}`, target.tool.capabilities, entry.capabilities);
          if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
          r = await runStepTool(target.tool, args, this.stepContext(entry));
        } else {
          const tool = this.options.registry.get(step.tool_name);
          if (!tool) return refuse('UNKNOWN_TOOL', missingToolReason(label, step.tool_name));
          const undeclared = allowUndeclared
            ? undefined
            : undeclaredReason(label, `the tool ${step.tool_name}`, this.capabilitiesForTool(tool), entry.capabilities);
          if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
          r = await this.options.registry.call(step.tool_name, args, ctx);
        }
      } else {
        const child = this.set.skills.find((s) => s.id === step.skill_name && s.errors.length === 0 && !s.shadowed_by);
        if (!child) return refuse(SKILL_ERROR_CODES.pipelineStep, `${label}: sub-skill ${step.skill_name} is not loaded`);
        // A parent declares everything its sub-skills need (also checked by the skill graph at load).
        const undeclared = undeclaredReason(label, `the sub-skill ${child.id}`, child.capabilities, entry.capabilities);
        if (undeclared) return refuse(SKILL_ERROR_CODES.capability, undeclared);
        r = await this.invoke(child, OPENJARVIS_ACTION, args, ctx);
      }
      mutated ||= r.mutated;
      if (!r.success) {
        const code = r.error?.code ?? SKILL_ERROR_CODES.pipelineStep;
        return { ...toolFailure(code, `${label} failed: ${r.error?.message ?? r.message}`, r.error?.path), mutated };
      }
      const value =
        step.skill_name && r.data && typeof r.data === 'object' && 'result' in r.data ? (r.data as { result: unknown }).result : r.data;
      last = value;
      if (step.output_key) {
        vars[step.output_key] = value;
        outputs[step.output_key] = value;
      }
    }
    // The instructions come a page at a time: the first with the call, the rest through skill_read.
    const page = d.instructions
      ? readSkillPage({ id: entry.id, dir: entry.dir, instructions: d.instructions, flatFile: entry.dir.endsWith('.toml') }, {})
      : undefined;
    const data = {
      ...(d.steps.length > 0 ? { result: last, outputs } : {}),
      ...(page
        ? {
            instructions: page.content,
            instructions_total_length: page.total_length,
            next_offset: page.next_offset,
            ...(page.files ? { files: page.files, files_total: page.files_total } : {}),
          }
        : {}),
    };
    const rest =
      page && page.next_offset !== null
        ? ` Anleitung: Zeichen 0–${page.next_offset} von ${page.total_length}; den Rest mit ${SKILL_READ_TOOL} {"skill": "${entry.id}", "offset": ${page.next_offset}} lesen.`
        : '';
    const files = page?.files ? ` Weitere Dateien mit ${SKILL_READ_TOOL} {"skill": "${entry.id}", "path": …} lesen.` : '';
    const message =
      (d.steps.length > 0
        ? `Skill ${entry.id}: ${d.steps.length} Schritte ausgeführt.`
        : d.instructions
          ? `Anleitung für ${entry.id} geladen.`
          : `Skill ${entry.id} hat weder Schritte noch eine Anleitung.`) +
      rest +
      files;
    return { success: true, data, message, mutated };
  }

  /**
   * What a skill's `allowed-tools` permits in JARVIS terms, against the tools registered now;
   * undefined for a skill that declares none (or is not offered).
   */
  allowedToolsOf(skillId: string): SkillToolLimit | undefined {
    const entry = this.readable(skillId);
    return entry ? this.limitOf(entry, () => this.houseTools()) : undefined;
  }

  private houseTools(): readonly string[] {
    return this.options.houseTools?.() ?? this.options.registry.list().map((t) => t.name);
  }

  /** The house's tools are listed only for a skill that declares allowed-tools: most do not. */
  private limitOf(s: SkillEntry, tools: () => readonly string[]): SkillToolLimit | undefined {
    const declared = s.format === 'openjarvis' ? s.definition?.allowed_tools : undefined;
    return declared ? skillToolLimit(s.id, declared, tools()) : undefined;
  }

  /** Every skill the model may be offered, each with its catalog element and its tools. */
  catalogSkills(): { id: string; line: string; tools: string[] }[] {
    this.refreshStepVerdicts();
    const offered = this.set.skills.filter((s) => this.usable(s) && !s.disable_model_invocation);
    const loads = this.overlayLoads();
    const active = new Map(offered.flatMap((s) => [[s.id, this.activeOverlay(s, loads)] as const]));
    const examples = overlayExamplesXml([...active.values()].filter((o) => o !== undefined));
    return offered.map((s) => {
      const head = `  <skill name="${xmlAttr(s.id)}" description="${xmlAttr(active.get(s.id)?.description ?? s.description)}"`;
      const own = examples.get(s.id);
      const line = own ? [`${head}>`, ...own.map((e) => `    ${e}`), '  </skill>'].join('\n') : `${head} />`;
      return { id: s.id, line, tools: toolNamesOf(s) };
    });
  }

  /** The whole catalog (every skill the model may be offered), as `jarvis skill` tools and tests read it. */
  catalogXml(): string {
    return ['<available_skills>', ...this.catalogSkills().map((s) => s.line), '</available_skills>'].join('\n');
  }

  /** One skill as GET /api/skills and `jarvis skill info` show it. */
  info(s: SkillEntry): SkillInfo {
    const verdict = this.verdicts.get(s.dir);
    const warnings = [...s.warnings, ...(verdict?.warnings ?? [])];
    const blocker = s.errors.length === 0 ? this.blocker(s) : undefined;
    if (blocker) warnings.push(blocker);
    if (s.errors.length === 0) warnings.push(...this.stepWarnings(s));
    const allowedMissing = this.allowedToolsMissing(s);
    if (allowedMissing) warnings.push(allowedMissing);
    const loads = this.overlayLoads();
    const overlayProblem = this.overlayProblem(s, loads);
    if (overlayProblem) warnings.push(overlayProblem);
    const overlay = this.overlayOf(s, loads);
    if (overlay?.stale) warnings.push(`overlay ${overlay.file} is stale: made for another version of the skill's files, not used`);
    const actions: SkillActionInfo[] =
      s.format === 'jarvis.skill.v1'
        ? (s.manifest?.actions ?? []).map((a) => ({
            name: a.name,
            tool: skillToolName(s.id, a.name),
            description: a.description,
            mutates: a.mutates === true,
            requires_confirmation: a.requires_confirmation === true,
            risk: declaredRisk(a.risk, a.requires_confirmation) ?? UNDECLARED_RISK,
          }))
        : s.definition
          ? [
              {
                name: OPENJARVIS_ACTION,
                tool: skillToolName(s.id, OPENJARVIS_ACTION),
                description: s.description,
                mutates: s.capabilities.some((c) => c.endsWith(':write')),
                requires_confirmation: false,
                risk: s.definition.risk,
              },
            ]
          : [];
    return {
      id: s.id,
      name: s.name,
      version: s.version,
      description: s.description,
      provider: 'plugin',
      format: s.format,
      source: s.dir,
      tier: s.tier,
      // Without a verdict (its files unreadable right now) an installed skill proves nothing.
      trust: verdict?.trust ?? (s.tier === 'user' ? 'unreviewed' : s.trust),
      ...(verdict?.integrity ? { integrity: verdict.integrity } : {}),
      ...(verdict?.signature ? { signature: verdict.signature } : {}),
      enabled: this.usable(s),
      user_invocable: s.user_invocable,
      disable_model_invocation: s.disable_model_invocation,
      capabilities: s.capabilities,
      ...(s.sha256 ? { sha256: s.sha256 } : {}),
      ...this.activationOf(s),
      actions,
      errors: s.errors,
      warnings,
      ...(s.shadowed_by ? { shadowed_by: s.shadowed_by } : {}),
      ...(blocker ? { unavailable: blocker } : {}),
      ...declaredFields(s),
      ...(overlay
        ? {
            overlay: {
              description: overlay.overlay.description,
              examples: overlay.overlay.examples,
              stale: overlay.stale,
              policy: overlay.overlay.policy,
              created_at: overlay.overlay.created_at,
              ...(!overlay.stale && this.options.overlayConsent ? { learning: this.options.overlayConsent.recordOf(overlay.overlay) } : {}),
            },
          }
        : {}),
    };
  }

  /** Names in `allowed-tools` that JARVIS does not have: following the skill permits none of them. */
  private allowedToolsMissing(s: SkillEntry): string | undefined {
    const houseTools = this.options.houseTools;
    const limit = houseTools ? this.limitOf(s, houseTools) : undefined;
    if (!limit || limit.missing.length === 0) return undefined;
    const none = limit.tools.length === 1 ? '; while the assistant follows this skill it may only use skill_read' : '';
    return `allowed-tools names ${limit.missing.join(', ')}, which JARVIS does not have${none}`;
  }

  private activationOf(s: SkillEntry): Pick<SkillInfo, 'activation'> {
    // The admission belongs to the skill offered under this id, not to a shadowed copy.
    const a = s.errors.length === 0 && !s.shadowed_by ? this.admissions.get(s.id)?.admission : undefined;
    if (!a?.proposal_id) return {};
    const status = a.state === 'active' ? 'activated' : a.state;
    return {
      activation: {
        proposal_id: a.proposal_id,
        status,
        ...(a.integration_secrets?.length ? { integration_secrets: a.integration_secrets } : {}),
      },
    };
  }

  /**
   * The whole registry as skills: plugin skills from the folders, the core tools grouped by
   * domain, remote actions grouped by skill (or `remote`, the mesh's own listing with the
   * skills that wait for the household), and every tool-name clash between providers.
   */
  /** `shown`: skills of a provider kind listed by that provider itself, in place of its registry tools. */
  listing(shown: ReadonlyMap<ToolProviderKind, readonly SkillInfo[]> = new Map()): SkillsResponse {
    this.refreshStepVerdicts();
    const registry = this.options.registry;
    const errors: SkillSourceError[] = [...this.set.errors];
    const shadowedPlugin = new Map<string, string>();
    for (const c of registry.collisions()) {
      for (const s of c.shadowed) {
        const message = `tool ${c.name} from ${s.provider} ${s.source} is shadowed by the ${c.winner.provider} tool from ${c.winner.source}`;
        errors.push({ source: s.source, message });
        if (s.provider === 'plugin') shadowedPlugin.set(c.name, message);
      }
    }
    const skills: SkillInfo[] = this.set.skills.map((s) => {
      const info = this.info(s);
      const extra = info.actions.flatMap((a) => (shadowedPlugin.has(a.tool) ? [shadowedPlugin.get(a.tool) as string] : []));
      return extra.length > 0 ? { ...info, warnings: [...info.warnings, ...extra] } : info;
    });

    const groups = new Map<string, { tools: RegisteredTool[]; provider: Exclude<ToolProviderKind, 'plugin'>; source: string }>();
    for (const tool of registry.list()) {
      if (tool.provider === 'plugin' || shown.has(tool.provider)) continue;
      const key = tool.provider === 'core' ? `core.${tool.name.split('_')[0]}` : `${tool.skill_id ?? tool.name}@${tool.source}`;
      const g = groups.get(key) ?? { tools: [], provider: tool.provider, source: tool.source };
      g.tools.push(tool);
      groups.set(key, g);
    }
    for (const [key, g] of groups) {
      const id = g.provider === 'core' ? key : (g.tools[0]?.skill_id ?? key);
      skills.push({
        id,
        name: id,
        version: '',
        provider: g.provider,
        format: g.provider,
        source: g.source,
        trust: g.provider === 'core' ? 'core' : 'unreviewed',
        enabled: true,
        user_invocable: true,
        disable_model_invocation: false,
        capabilities: [],
        actions: g.tools.map((t) => ({
          name: t.action ?? t.name,
          tool: t.name,
          description: t.description,
          mutates: t.mutates,
          requires_confirmation: t.requires_confirmation,
        })),
        errors: [],
        warnings: [],
      });
    }
    for (const infos of shown.values()) skills.push(...infos);
    return { skills, errors };
  }
}
