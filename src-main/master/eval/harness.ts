import type { HomeState } from '../../../src-shared';
import { Assistant, NO_COLLABORATORS, OllamaConnection } from '../../assistant';
import type { ChatCall, ChatTurn } from '../../assistant';
import { householdToolProvider, HouseholdService } from '../../household';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/database';
import { SkillRegistry } from '../../platform/registry';
import { Tracer } from '../../platform/trace';
import { SkillEngine } from '../../skills';
import type { EvalCase, ExpectedCall } from './corpus';
import { matches, resolveRefs, type MatchContext } from './matching';
import { defaultDevices, homeControlProvider, knowledgeProvider, type HomeDevices } from './stand-ins';

// Runs evaluation cases against a live Ollama: each case on a fresh in-memory household
// (the real household service and registry), the real assistant, and the stand-in home.

export const DEFAULT_EVAL_NOW = '2026-08-29T08:20:00Z';
const TIMEZONE = 'Europe/Berlin';

export interface EvalOptions {
  readonly ollamaUrl: string;
  readonly model: string;
  /** Let the sentence templates answer first (off by default: the model is measured). */
  readonly localIntents?: boolean;
  /** Called before each turn with the case's calls for that turn, ids resolved (a scripted model uses it). */
  readonly beforeTurn?: (c: EvalCase, turn: number, calls: readonly ExpectedCall[]) => void;
  /** Extra environment for the assistant's configuration (tool budget, embedding model). */
  readonly env?: Readonly<Record<string, string>>;
  /** Sent to Ollama as `options.seed` with every model call. */
  readonly seed?: number;
  /** Skills offered to the assistant (catalog and skill tools); without it the assistant has none. */
  readonly skills?: EvalSkills;
}

export interface EvalSkills {
  /** Folders of skills, loaded as workspace skills (never the household's own skills). */
  readonly dirs: readonly string[];
  /** Overlays (improved descriptions, examples) applied to those skills. */
  readonly overlayDir?: string;
}

export interface AttemptedCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly mutates: boolean;
  /** The skill whose pipeline made this call (the model made it through the skill's tool). */
  readonly skill?: string;
}

export interface CaseResult {
  readonly id: string;
  readonly category: string;
  readonly lang: string;
  /** Every expected tool was called and no unexpected tool that changes things. */
  readonly toolSelection: boolean;
  /** Every expected call was made with matching arguments. */
  readonly argumentsOk: boolean;
  /** The household (and home) afterwards is as expected, answer facts included. */
  readonly endState: boolean;
  /** Changes that happened and were not asked for. */
  readonly wrongMutations: number;
  readonly pass: boolean;
  readonly steps: number;
  readonly stepMs: readonly number[];
  readonly totalMs: number;
  readonly promptTokens: number;
  readonly evalTokens: number;
  readonly calls: readonly AttemptedCall[];
  readonly reply: string;
  readonly problems: readonly string[];
  readonly error?: string;
}

/** The connection with a stopwatch and a token counter on every model turn. */
class MeteredOllama extends OllamaConnection {
  seed?: number;
  stepMs: number[] = [];
  promptTokens = 0;
  evalTokens = 0;
  reset(): void {
    this.stepMs = [];
    this.promptTokens = 0;
    this.evalTokens = 0;
  }
  override options(role: Parameters<OllamaConnection['options']>[0]): ReturnType<OllamaConnection['options']> {
    return this.seed === undefined ? super.options(role) : { ...super.options(role), seed: this.seed };
  }
  override async chat(call: ChatCall): Promise<ChatTurn> {
    const started = performance.now();
    const turn = await super.chat(call);
    this.stepMs.push(performance.now() - started);
    this.promptTokens += turn.usage?.promptTokens ?? 0;
    this.evalTokens += turn.usage?.evalTokens ?? 0;
    return turn;
  }
}

export async function runEval(cases: readonly EvalCase[], options: EvalOptions): Promise<CaseResult[]> {
  const config = loadConfig({
    JARVIS_DATA: ':memory:',
    ...options.env,
    OLLAMA_URL: options.ollamaUrl,
    OLLAMA_MODEL: options.model,
    JARVIS_LOCAL_INTENTS: options.localIntents ? 'true' : 'false',
    JARVIS_TIMEZONE: TIMEZONE,
  });
  // One connection for the run: the model is resolved once, not per case.
  const ollama = new MeteredOllama(config, () => new Date());
  if (options.seed !== undefined) ollama.seed = options.seed;
  const results: CaseResult[] = [];
  for (const c of cases) results.push(await runCase(c, config, ollama, options));
  return results;
}

async function runCase(
  c: EvalCase,
  config: ReturnType<typeof loadConfig>,
  ollama: MeteredOllama,
  options: EvalOptions,
): Promise<CaseResult> {
  const now = new Date(c.now ?? DEFAULT_EVAL_NOW);
  const clock = () => now;
  const db = openDatabase(':memory:');
  const household = new HouseholdService({ db, timezone: TIMEZONE, clock, publish: () => undefined });
  const registry = new SkillRegistry();
  registry.addProvider(householdToolProvider(household));
  const devices: HomeDevices = { ...defaultDevices() };
  for (const [k, v] of Object.entries(c.home ?? {})) devices[k] = { ...(devices[k] ?? {}), ...v };
  registry.addProvider(homeControlProvider(devices));
  const proposals: string[] = [];
  registry.addProvider(knowledgeProvider(proposals));
  const tracer = new Tracer({ enabled: true, limit: 10_000, now: clock });
  const skills = options.skills ? skillEngineFor(options.skills, registry, tracer) : undefined;
  const problems: string[] = [];
  ollama.reset();
  const started = performance.now();
  let reply = '';
  let pending: string | undefined;
  let error: string | undefined;
  const refs: Record<string, string> = {};
  try {
    for (const step of c.setup ?? []) {
      const res = await registry.call(step.tool, resolveRefs(step.arguments, refs), {
        traceId: 'setup',
        now,
        timezone: TIMEZONE,
        actor: 'system',
      });
      if (!res.success) throw new Error(`setup ${step.tool} failed: ${res.error?.message ?? res.message}`);
      const id = (res.data as { id?: unknown } | undefined)?.id;
      if (step.as && typeof id === 'string') refs[step.as] = id;
    }
    const assistant = new Assistant({
      ...NO_COLLABORATORS,
      config,
      clock,
      registry,
      tracer,
      ollama,
      // As in daily use: a followed skill's allowed-tools limit the rest of the request.
      ...(skills ? { skillCatalog: () => skills.catalogSkills(), allowedToolsOf: (id: string) => skills.allowedToolsOf(id) } : {}),
    });
    for (let turn = 0; turn < c.turns.length; turn++) {
      options.beforeTurn?.(
        c,
        turn,
        c.expect.calls
          .filter((e) => (e.turn ?? 0) === turn)
          .map((e) => ({ ...e, arguments: resolveRefs(e.arguments, refs) as Record<string, unknown> })),
      );
      const res = await assistant.chat({ message: c.turns[turn]!, language: c.lang === 'en' ? 'en' : 'de' });
      reply = res.reply;
      pending = res.pending?.tool;
      // No model answer is not a result: the case did not run.
      if (res.source === 'error') throw new Error(`the model did not answer: ${res.reply}`);
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const totalMs = performance.now() - started;

  const { calls, changed } = attemptedCalls(tracer, registry);
  const ctx: MatchContext = { now, timezone: TIMEZONE, refs };
  const expected = c.expect.calls.map((e) => ({ ...e, arguments: resolveRefs(e.arguments, refs) as Record<string, unknown> }));
  const expectedTools = new Set(expected.map((e) => e.tool));

  const missing = expected.filter((e) => !calls.some((a) => a.tool === e.tool));
  const stray = calls.filter((a) => a.mutates && !expectedTools.has(a.tool) && !isSkillTool(a.tool, registry));
  for (const m of missing) problems.push(`not called: ${m.tool}`);
  for (const s of stray) problems.push(`unexpected call: ${s.tool} ${JSON.stringify(s.arguments)}`);
  const toolSelection = !error && missing.length === 0 && stray.length === 0;

  const wrongArgs = expected.filter((e) => !calls.some((a) => a.tool === e.tool && matches(e.arguments, a.arguments, ctx)));
  for (const w of wrongArgs) if (!missing.includes(w)) problems.push(`arguments of ${w.tool} do not match ${JSON.stringify(w.arguments)}`);
  const argumentsOk = !error && wrongArgs.length === 0;

  // A change is wrong when it ran and no expected call describes it.
  const wrong = changed.filter((a) => !expected.some((e) => e.tool === a.tool && matches(e.arguments, a.arguments, ctx)));
  for (const w of wrong) problems.push(`wrong change: ${w.tool} ${JSON.stringify(w.arguments)}`);

  let endState = !error;
  if (!error) {
    const state = household.state();
    endState = checkState(c, state, devices, reply, pending, ctx, problems);
  }
  db.close();
  const result: CaseResult = {
    id: c.id,
    category: c.category,
    lang: c.lang,
    toolSelection,
    argumentsOk,
    endState,
    wrongMutations: wrong.length,
    pass: toolSelection && argumentsOk && endState && wrong.length === 0,
    steps: ollama.stepMs.length,
    stepMs: ollama.stepMs.map((ms) => Math.round(ms * 10) / 10),
    totalMs: Math.round(totalMs * 10) / 10,
    promptTokens: ollama.promptTokens,
    evalTokens: ollama.evalTokens,
    calls,
    reply,
    problems: error ? [error, ...problems] : problems,
    ...(error ? { error } : {}),
  };
  return result;
}

/** The skill tools themselves: what they change is judged by the calls their pipelines make. */
function isSkillTool(name: string, registry: SkillRegistry): boolean {
  return name === 'skill_read' || registry.get(name)?.skill_id !== undefined;
}

/**
 * What the assistant tried, in order (held-back and refused calls included), with the calls
 * a skill pipeline made in its place, and which of them changed something. A pipeline stops
 * at its first failing step, so every step of a successful run succeeded, and every step but
 * the last of a failed one.
 */
function attemptedCalls(tracer: Tracer, registry: SkillRegistry): { calls: AttemptedCall[]; changed: AttemptedCall[] } {
  const calls: AttemptedCall[] = [];
  const changed: AttemptedCall[] = [];
  let steps: AttemptedCall[] = [];
  for (const e of tracer.list()) {
    if (e.component === 'skills' && e.stage === 'pipeline_step') {
      const d = e.data as { skill: string; tool?: string; arguments: Record<string, unknown> };
      if (d.tool) steps.push({ tool: d.tool, arguments: d.arguments, mutates: registry.get(d.tool)?.mutates ?? false, skill: d.skill });
      continue;
    }
    if (e.component !== 'agent') continue;
    if (e.stage === 'tool_call') {
      const d = e.data as { tool: string; arguments: Record<string, unknown> };
      calls.push({ tool: d.tool, arguments: d.arguments, mutates: registry.get(d.tool)?.mutates ?? false });
      steps = [];
    } else if (e.stage === 'tool_result') {
      const d = e.data as { success: boolean; mutated: boolean };
      const last = calls.at(-1);
      if (steps.length > 0) {
        const done = d.success ? steps : steps.slice(0, -1);
        calls.push(...steps);
        changed.push(...done.filter((s) => s.mutates));
        steps = [];
      } else if (last && d.success && d.mutated && !isSkillTool(last.tool, registry)) changed.push(last);
    }
  }
  return { calls, changed };
}

/** The skills of an evaluation, on the case's registry; they run no processes (instructions and pipelines only). */
function skillEngineFor(skills: EvalSkills, registry: SkillRegistry, tracer: Tracer): SkillEngine {
  const engine = new SkillEngine({
    sources: skills.dirs.map((dir) => ({ tier: 'workspace' as const, dir })),
    pipelineMaxDepth: 3,
    processEnabled: false,
    runner: { allowSystemExec: false, maxTimeoutMs: 10_000, maxOutputKb: 256, hostEnv: {} },
    registry,
    trace: (traceId, stage, data) => tracer.record(traceId, 'skills', stage, data),
    ...(skills.overlayDir ? { overlayDir: skills.overlayDir } : {}),
  });
  engine.reload();
  registry.addProvider(engine.provider);
  return engine;
}

const TABLES: Record<string, keyof HomeState> = {
  events: 'events',
  tasks: 'tasks',
  reminders: 'reminders',
  groceries: 'groceries',
  recipes: 'recipes',
  meals: 'meals',
  kanban: 'kanban',
};

function checkState(
  c: EvalCase,
  state: HomeState,
  devices: HomeDevices,
  reply: string,
  pending: string | undefined,
  ctx: MatchContext,
  problems: string[],
): boolean {
  let ok = true;
  const fail = (why: string) => {
    ok = false;
    problems.push(why);
  };
  for (const [table, want] of Object.entries(c.expect.state ?? {})) {
    const key = TABLES[table];
    if (!key) {
      fail(`unknown table ${table}`);
      continue;
    }
    const rows = state[key] as unknown as readonly Record<string, unknown>[];
    for (const row of want.contains ?? [])
      if (!rows.some((r) => matches(resolveRefs(row, ctx.refs), r, ctx))) fail(`${table} lacks ${JSON.stringify(row)}`);
    for (const row of want.absent ?? [])
      if (rows.some((r) => matches(resolveRefs(row, ctx.refs), r, ctx))) fail(`${table} still has ${JSON.stringify(row)}`);
    if (want.count !== undefined && rows.length !== want.count) fail(`${table} has ${rows.length} rows, not ${want.count}`);
  }
  for (const [device, want] of Object.entries(c.expect.home ?? {})) {
    if (!matches(want, devices[device], ctx)) fail(`${device} is ${JSON.stringify(devices[device])}, not ${JSON.stringify(want)}`);
  }
  const folded = reply.toLowerCase();
  for (const fact of c.expect.answer ?? []) if (!folded.includes(fact.toLowerCase())) fail(`reply lacks "${fact}"`);
  if (c.expect.pending !== pending) {
    if (c.expect.pending) fail(`expected ${c.expect.pending} to wait for "ja", ${pending ? `got ${pending}` : 'nothing waits'}`);
    else fail(`${pending} still waits for "ja"`);
  }
  return ok;
}
