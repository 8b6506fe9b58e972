import { AsyncLocalStorage } from 'node:async_hooks';
import {
  SKILL_ERROR_CODES,
  declaredRisk,
  withRisk,
  skillToolName,
  toolFailure,
  toolSuccess,
  type JsonSchemaObject,
  type SkillInfo,
  type SkillsReloadResponse,
  type SkillsResponse,
  type SkillSourceError,
  type ToolProviderKind,
  type ToolResult,
} from '../../../src-shared';
import { check, compileSchema } from '../../platform/validation';
import type { RegisteredTool, ToolContext, ToolProvider } from '../../platform/registry/registry';
import { SkillEntryCache } from '../entry-cache';
import { loadSkills, OPENJARVIS_ACTION, type OpenJarvisSkillEntry, type SkillEntry, type SkillSet, toolNamesOf } from '../loader';
import { DISCOVERED_FOLDER } from '../discovery/folder';
import { skillToolLimit, type SkillToolLimit } from '../allowed-tools';
import { readSkillPage, SKILL_READ_INPUT_SCHEMA, SKILL_READ_TOOL, SkillPathRefused } from '../skill-reader';
import { TreeEscapeError, TreeHashCache } from '../tree-hash';
import { stepProblems, type StepLookup } from '../step-check';
import type { StepToolContext } from '../step-tools';
import { judgeTrust, type TrustVerdict } from '../trust';
import { EntryPointError, isSystemCommand, resolveEntryPoint } from '../process';
import { admitSkills, type Admitted } from './admission';
import { OverlayView } from './overlay-view';
import { runPipeline, undeclaredAllowed } from './pipeline-run';
import { ProcessSkillCalls } from './process-calls';
import { activationOf, catalogSkills, registryListing, skillInfo, type CatalogSkill, type SkillView } from './skill-info';
import type { DiscoveredPipeline, OverlayState, SkillEngineOptions, ToolBinding } from './types';

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
  private admissions = new Map<string, Admitted>();
  private loadedOnce = false;
  /** Tree hashes by folder, checked again before every call. */
  private readonly trees = new TreeHashCache();
  /** Entries by folder, parsed again only when their files changed. */
  private readonly entries = new SkillEntryCache<SkillEntry>();
  private shas = new Map<string, string>();
  private readonly processCalls: ProcessSkillCalls;
  /** The step verdicts the current tool list was built with (refreshStepVerdicts). */
  private stepVerdicts = '';
  private ownToolsOf?: { readonly set: SkillSet; readonly tools: ReadonlyMap<string, readonly string[]> };
  /** Installed skills' trust by folder, decided at every (re)load from their files. */
  private verdicts = new Map<string, TrustVerdict>();
  /** How deep the current call is nested in pipelines, across registry calls. */
  private readonly nesting = new AsyncLocalStorage<number>();
  readonly provider: ToolProvider;
  private readonly overlays: OverlayView;

  constructor(private readonly options: SkillEngineOptions) {
    this.processCalls = new ProcessSkillCalls(options);
    this.overlays = new OverlayView(
      options.overlayDir,
      options.overlayConsent,
      (s) => this.shas.get(s.dir),
      (message) => options.trace?.('skills', 'overlay_ignored', { message }),
    );
    this.provider = {
      kind: 'plugin',
      list: () => this.overlays.describe(this.tools, this.set.skills, (s) => this.usable(s)),
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
    this.processCalls.warm.stop();
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
    this.processCalls.warm.stop();
    this.admit('decision');
    this.rebuildTools();
  }

  private admit(why: 'startup' | 'reload' | 'decision'): void {
    const gate = this.options.gate;
    if (!gate) return;
    this.admissions = admitSkills(gate, {
      skills: this.set.skills,
      shas: this.shas,
      verdicts: this.verdicts,
      previous: this.admissions,
      why,
    });
  }

  skills(): readonly SkillEntry[] {
    return this.set.skills;
  }

  /** The pipelines `jarvis skill discover` wrote, with their SkillProposal: each is also a learnt record. */
  discoveredPipelines(): DiscoveredPipeline[] {
    return this.set.skills.flatMap((s) => {
      if (s.tier !== 'user' || s.group !== DISCOVERED_FOLDER || s.format !== 'openjarvis' || !s.definition) return [];
      const activation = activationOf(s, this.admissions.get(s.id)?.admission).activation;
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

  /** The skill's overlay, fresh or stale; undefined without one (or with a broken file). */
  overlayOf(s: SkillEntry): OverlayState | undefined {
    return this.overlays.of(s);
  }

  /** The tree hash the skill was loaded with: what an overlay is made for. */
  treeShaOf(s: SkillEntry): string | undefined {
    return this.shas.get(s.dir);
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
    if (entry.format === 'jarvis.skill.v1')
      return this.processCalls.call(entry, action, input, ctx, this.admissions.get(entry.id)?.sha256 ?? this.shas.get(entry.dir) ?? '');
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
    return this.nesting.run(depth + 1, () =>
      runPipeline(entry, input, ctx, {
        registry: this.options.registry,
        trace: this.options.trace,
        lookup: () => this.lookup(true),
        stepContext: (e) => this.stepContext(e),
        capabilitiesForTool: (tool) => this.capabilitiesForTool(tool),
        subSkill: (id) => this.set.skills.find((s) => s.id === id && s.errors.length === 0 && !s.shadowed_by),
        invoke: (e, a, i, c) => this.invoke(e, a, i, c),
      }),
    );
  }

  /** What a skill must declare (required_capabilities) to call this tool in a pipeline step. */
  capabilitiesForTool(tool: RegisteredTool): string[] {
    if (tool.provider === 'core') return [tool.mutates ? 'memory:write' : 'memory:read'];
    if (tool.provider === 'remote') return ['network:fetch'];
    return [...(this.bindings.get(tool.name)?.entry.capabilities ?? [])];
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

  /** Names in `allowed-tools` that JARVIS does not have: following the skill permits none of them. */
  private allowedToolsMissing(s: SkillEntry): string | undefined {
    const houseTools = this.options.houseTools;
    const limit = houseTools ? this.limitOf(s, houseTools) : undefined;
    if (!limit || limit.missing.length === 0) return undefined;
    const none = limit.tools.length === 1 ? '; while the assistant follows this skill it may only use skill_read' : '';
    return `allowed-tools names ${limit.missing.join(', ')}, which JARVIS does not have${none}`;
  }

  /** Every skill the model may be offered, each with its catalog element and its tools. */
  catalogSkills(): CatalogSkill[] {
    this.refreshStepVerdicts();
    return catalogSkills(this.view);
  }

  /** The whole catalog (every skill the model may be offered), as `jarvis skill` tools and tests read it. */
  catalogXml(): string {
    return ['<available_skills>', ...this.catalogSkills().map((s) => s.line), '</available_skills>'].join('\n');
  }

  /** One skill as GET /api/skills and `jarvis skill info` show it. */
  info(s: SkillEntry): SkillInfo {
    return skillInfo(s, this.view);
  }

  /**
   * The whole registry as skills: plugin skills from the folders, the core tools grouped by
   * domain, remote actions grouped by skill (or `remote`, the mesh's own listing with the
   * skills that wait for the household), and every tool-name clash between providers.
   * `shown`: skills of a provider kind listed by that provider itself, in place of its registry tools.
   */
  listing(shown: ReadonlyMap<ToolProviderKind, readonly SkillInfo[]> = new Map()): SkillsResponse {
    this.refreshStepVerdicts();
    return registryListing(this.view, shown);
  }

  /** What the listing reads: the loaded set as it is at the moment it is read. */
  private get view(): SkillView {
    return {
      registry: this.options.registry,
      skills: this.set.skills,
      errors: this.set.errors,
      overlays: this.overlays,
      verdict: (s) => this.verdicts.get(s.dir),
      blocker: (s) => this.blocker(s),
      stepWarnings: (s) => this.stepWarnings(s),
      allowedToolsMissing: (s) => this.allowedToolsMissing(s),
      admission: (s) => this.admissions.get(s.id)?.admission,
      usable: (s) => this.usable(s),
    };
  }
}
