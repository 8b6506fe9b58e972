import type { Message, Tool } from 'ollama';
import type {
  ChatResponse,
  ChatStreamEvent,
  ExecutedToolCall,
  OllamaFunctionTool,
  Member,
  PendingConfirmation,
  Recipe,
  ReplySource,
  ToolResult,
  WorkflowPlan,
} from '../../src-shared';
import { toolFailure } from '../../src-shared';
import type { Config } from '../platform/config';
import { gateRefusal, type RegisteredTool, type SkillRegistry } from '../platform/registry';
import { newTraceId, type Tracer } from '../platform/trace';
import { SKILL_READ_TOOL, type SkillToolLimit } from '../skills';
import type { AuditDecision, AuditTrail } from './audit';
import { diagnoseCall, type CallProblem } from './call-repair';
import { Conversation, type PendingCall } from './conversation';
import { matchLocalIntent, type HomeAreaLookup } from './local-intents';
import { NotForThisTemplate } from './intent-contract';
import type { ModelProfile } from './model-profile';
import { recoverToolCalls, stripThinking, VisibleStream } from './model-output';
import { boundedCatalog, FIND_SKILLS, FIND_SKILLS_TOOL, skillCatalogTokens, skillsOfTools, type CatalogSkill } from './skill-catalog';
import { OllamaUnavailableError, type OllamaConnection } from './ollama-connection';
import { agentSystemPrompt } from './prompts';
import { modelUnavailableSentence, replyFromResults, type Lang } from './replies';
import { isHomeRequest, isMealRequest, isNo, isPlanningRequest, isYes, languageOf } from './request-kinds';
import { SELECTOR_MIN_CONFIDENCE, selectTool } from './selector';
import { SkillToolLimits } from './skill-tool-limit';
import { localToday } from './time-phrases';
import { ToolCatalog } from './tool-catalog';
import { FIND_TOOLS, ToolSelection, type ToolOffer } from './tool-budget';
import { ToolEmbeddings } from './tool-embeddings';
import { planWorkflow } from './workflow-planner';

export interface ChatInput {
  readonly message: string;
  readonly module?: string;
  /** The UI's language, for a request whose words do not show one. */
  readonly language?: Lang;
  readonly traceId?: string;
  /** The household member asking (the paired device's); absent = the desktop member. */
  readonly member?: string;
}

export type ChatSink = (event: ChatStreamEvent) => void;

export interface AssistantDeps {
  readonly config: Config;
  readonly clock: () => Date;
  readonly registry: SkillRegistry;
  readonly tracer: Tracer;
  readonly ollama: OllamaConnection;
  /** A user text that was neither a command nor a confirmation: a Task Scout source. */
  readonly onUserText?: (text: string) => void;
  /** Entity counts per domain for state.before_command / after_command (from the household service). */
  readonly stateSummary?: () => Record<string, number> | undefined;
  /** The Jarvis protocol audit trail (WorkSession per request, PolicyDecision per tool call); `NO_AUDIT` records nothing. */
  readonly audit: AuditTrail;
  /** The skills the model may be offered; each request shows a bounded part of them (skill-catalog.ts). */
  readonly skillCatalog: () => readonly CatalogSkill[];
  /** Facts accepted for the member asking (theirs and the household's), for the system prompt. */
  readonly rememberedFacts?: (member: string | undefined) => readonly string[];
  /** The pipelines the member accepted, offered when they fit. */
  readonly offeredPipelines?: (member: string | undefined) => readonly string[];
  /** Home Assistant's rooms, for the light and cover templates. */
  readonly homeAreas?: HomeAreaLookup;
  /** What `jarvis doctor --model` learned about a model (mode, tool budget); undefined when never probed. */
  readonly modelProfile?: (model: string) => ModelProfile | undefined;
  /** The household's members: who asks, and the names "Erinnere Paul …" may use. */
  readonly members: { memberOf(id: string | undefined): Member | undefined; list(): readonly Member[] };
  /** What a skill's `allowed-tools` permits once its instructions are loaded (undefined: no limit). */
  readonly allowedToolsOf?: (skillId: string) => SkillToolLimit | undefined;
}

// Tool results fed back to the model are capped: a long list must not crowd out the history.
const TOOL_MESSAGE_LIMIT = 8000;

/** Signals that a local template was not certain after all (its tool rejected the call). */
class NotCertain extends Error {}

/** Per request: what ran, what is pending, where events go. */
class Run {
  readonly calls: ExecutedToolCall[] = [];
  plan?: WorkflowPlan;
  pending?: PendingConfirmation;
  streamed = '';
  /** A call the model gets to send again, once per request, with the exact error. */
  repairsLeft = 1;
  readonly repairs: { problem: CallProblem; arguments: Record<string, unknown> }[] = [];
  /** The protocol WorkSession of this request, when the audit trail is on. */
  session?: string;
  /** The allowed-tools of the skills whose instructions this request loaded. */
  readonly skillLimits = new SkillToolLimits();
  constructor(
    readonly traceId: string,
    readonly sink: ChatSink | undefined,
    readonly lang: Lang,
    /** The member asking; their id goes with every tool call ("mine", "me"). */
    readonly member: Member | undefined,
  ) {}
  emit(event: ChatStreamEvent): void {
    this.sink?.(event);
  }
  get changedOrFailed(): boolean {
    return this.calls.some((c) => !c.result.success || c.result.mutated);
  }
}

/**
 * The assistant: local intents first, then the native tool agent on Ollama with the
 * compatibility selector and the workflow planner behind it. Every change goes through the
 * registry; replies to changes are written from what the tools persisted.
 */
export class Assistant {
  readonly conversation = new Conversation();
  readonly catalog: ToolCatalog;
  readonly toolSelection: ToolSelection;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: AssistantDeps) {
    this.catalog = new ToolCatalog(deps.registry);
    const embedModel = deps.config.toolEmbedModel;
    const embeddings = embedModel
      ? new ToolEmbeddings(async (model, texts) => (await deps.ollama.client.embed({ model, input: [...texts] })).embeddings, embedModel)
      : undefined;
    this.toolSelection = new ToolSelection(undefined, embeddings, (err) =>
      deps.tracer.record('agent', 'agent', 'tool_embeddings_failed', { message: err instanceof Error ? err.message : String(err) }),
    );
  }

  /** One request at a time: the conversation, its reference and its pending call are shared. */
  chat(input: ChatInput, sink?: ChatSink): Promise<ChatResponse> {
    const next = this.queue.then(() => this.handle(input, sink));
    this.queue = next.catch(() => undefined);
    return next;
  }

  clear(): void {
    this.conversation.clear();
    this.toolSelection.forget();
  }

  private trace(run: Run, stage: string, data?: unknown): void {
    this.deps.tracer.record(run.traceId, 'agent', stage, data);
  }

  private async handle(input: ChatInput, sink?: ChatSink): Promise<ChatResponse> {
    const started = performance.now();
    const message = input.message.trim();
    const lang = languageOf(message, input.language ?? (this.deps.config.language === 'en' ? 'en' : 'de'));
    const member = this.deps.members.memberOf(input.member);
    const run = new Run(input.traceId ?? newTraceId('agent'), sink, lang, member);
    this.trace(run, 'request', { message, ...(input.module ? { module: input.module } : {}), ...(member ? { member: member.id } : {}) });
    let answer: { reply: string; source: ReplySource } | undefined = await this.answerPending(run, message, lang);
    // A `ja` / `nein` belongs to the session that asked; only a new request opens one.
    if (!answer) run.session = this.deps.audit.begin(run.traceId, message, member && { id: member.id, name: member.name });
    let scoutSource = false;
    if (!answer && this.deps.config.localIntents) answer = await this.answerLocally(run, message);
    if (!answer) {
      answer = await this.answerWithModel(run, message, lang, input.module);
      // Only what the household wrote, and only when no tool answered it: a question that read
      // the calendar or the tasks brings back obligations the house already has.
      scoutSource = answer.source === 'model' && run.calls.length === 0 && !run.pending;
    }

    this.conversation.add({ role: 'user', content: message });
    this.conversation.add({ role: 'assistant', content: answer.reply });
    this.toolSelection.remember(run.calls.map((c) => c.tool));
    if (scoutSource) this.deps.onUserText?.(message);

    const response: ChatResponse = {
      reply: answer.reply,
      tool_calls: run.calls,
      ...(run.plan ? { plan: run.plan } : {}),
      ...(run.pending ? { pending: run.pending } : {}),
      trace_id: run.traceId,
      source: answer.source,
    };
    if (!run.streamed) run.emit({ type: 'delta', data: { text: answer.reply } });
    else if (run.streamed.trim() !== answer.reply) run.emit({ type: 'delta', data: { text: answer.reply, replace: true } });
    this.trace(run, 'completed', {
      source: answer.source,
      reply: answer.reply,
      tool_calls: run.calls.map((c) => ({ tool: c.tool, success: c.result.success })),
      ...(run.pending ? { pending: run.pending.tool } : {}),
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    });
    // A session waiting for `ja` / `nein` ends when the household answers.
    if (run.session && !run.pending) {
      const failed = answer.source === 'error' || run.calls.some((c) => !c.result.success);
      this.deps.audit.finish(run.session, failed ? 'failed' : 'completed', answer.reply);
    }
    run.emit({ type: 'done', data: response });
    return response;
  }

  // ---------------------------------------------------------------- confirmations

  private async answerPending(run: Run, message: string, lang: Lang): Promise<{ reply: string; source: ReplySource } | undefined> {
    const pending = this.conversation.pending;
    if (!pending) return undefined;
    const yes = isYes(message);
    const no = isNo(message);
    if (this.deps.clock().getTime() >= pending.expiresAt.getTime()) {
      this.conversation.pending = undefined;
      this.closePendingAudit(pending, false);
      this.trace(run, 'pending_tool_expired', { tool: pending.tool, arguments: pending.arguments });
      if (yes || no) {
        return {
          source: 'pending',
          reply:
            lang === 'en'
              ? 'That confirmation has expired; nothing was changed.'
              : 'Die Bestätigung ist abgelaufen; es wurde nichts geändert.',
        };
      }
      return undefined;
    }
    if (yes) {
      this.conversation.pending = undefined;
      // Exactly the stored call, no model in between.
      this.trace(run, 'pending_tool_execute', { tool: pending.tool, arguments: pending.arguments, set_in: pending.traceId });
      const audit = pending.audit;
      if (audit?.requestId) this.deps.audit.review(audit.decision.session, audit.requestId, true);
      const result = await this.execute(run, pending.tool, pending.arguments, {
        confirmed: true,
        ...(audit ? { decision: audit.decision } : {}),
      });
      const reply = replyFromResults(run.calls, lang);
      if (audit) this.deps.audit.finish(audit.decision.session, result.success ? 'completed' : 'failed', reply);
      return { source: 'pending', reply };
    }
    this.conversation.pending = undefined;
    this.closePendingAudit(pending, false);
    if (no) {
      this.trace(run, 'pending_tool_cancel', { tool: pending.tool, arguments: pending.arguments });
      return { source: 'pending', reply: lang === 'en' ? 'Cancelled; nothing was changed.' : 'Abgebrochen; es wurde nichts geändert.' };
    }
    this.trace(run, 'pending_tool_replaced', { tool: pending.tool });
    return undefined;
  }

  /**
   * The household changed the very item the assistant is waiting to change: that is a
   * Takeover. The stored call is dropped, so a later `ja` cannot run it on
   * stale assumptions.
   */
  takeOver(tool: string, args: Record<string, unknown>): boolean {
    const pending = this.conversation.pending;
    const id = args.id;
    if (!pending || typeof id !== 'string' || pending.arguments.id !== id) return false;
    this.conversation.pending = undefined;
    this.deps.tracer.record(pending.traceId, 'agent', 'pending_tool_taken_over', { tool: pending.tool, by: tool, id });
    const audit = pending.audit;
    if (audit) {
      if (audit.requestId) this.deps.audit.takeover(audit.decision.session, audit.requestId, `Von Hand geändert (${tool})`);
      this.deps.audit.finish(audit.decision.session, 'cancelled', `${pending.tool} vom Haushalt selbst erledigt`);
    }
    return true;
  }

  /** A confirmation that will not run: the household's Review rejects it and its session ends. */
  private closePendingAudit(pending: PendingCall, approve: boolean): void {
    const audit = pending.audit;
    if (!audit) return;
    if (audit.requestId) this.deps.audit.review(audit.decision.session, audit.requestId, approve);
    this.deps.audit.finish(audit.decision.session, 'cancelled', `${pending.tool} nicht ausgeführt`);
  }

  // ---------------------------------------------------------------- local intents

  private async answerLocally(run: Run, message: string): Promise<{ reply: string; source: ReplySource } | undefined> {
    const now = this.deps.clock();
    const intent = matchLocalIntent(message, {
      today: localToday(now, this.deps.config.timezone),
      ...(this.conversation.reference ? { reference: this.conversation.reference } : {}),
      ...(this.deps.homeAreas ? { homeAreas: this.deps.homeAreas } : {}),
      members: this.deps.members.list().map((m) => m.name),
      ...(run.member ? { speaker: run.member.name } : {}),
    });
    if (!intent) return undefined;
    this.trace(run, 'local_intent', { intent: intent.name, lang: intent.lang });
    try {
      const outcome = await intent.run(async (tool, args) => {
        const result = await this.execute(run, tool, args, { confirmed: false });
        // A template whose call the registry rejects was not certain: nothing changed yet,
        // so the model may try instead.
        const code = result.error?.code;
        if ((code === 'UNKNOWN_TOOL' || code === 'INVALID_ARGUMENTS') && !run.calls.some((c) => c.result.mutated))
          throw new NotCertain(code);
        return result;
      });
      return { reply: outcome.reply, source: 'local-intent' };
    } catch (err) {
      if (!(err instanceof NotCertain) && !(err instanceof NotForThisTemplate)) throw err;
      this.trace(run, 'local_intent_uncertain', { intent: intent.name, reason: err.message });
      run.calls.length = 0;
      return undefined;
    }
  }

  // ---------------------------------------------------------------- tool execution

  /**
   * Every tool call of the assistant goes through here: unknown tools are refused,
   * confirmations are held back, everything else runs through the registry (which validates).
   */
  private async execute(
    run: Run,
    name: string,
    args: Record<string, unknown>,
    opts: { confirmed: boolean; decision?: AuditDecision },
  ): Promise<ToolResult> {
    const { config, registry, clock } = this.deps;
    this.trace(run, 'tool_call', { tool: name, arguments: args });
    run.emit({ type: 'tool_call', data: { tool: name, arguments: args } });
    const tool = registry.get(name);
    // The one gate, asked now: no argument, prompt or skill output takes part.
    const gate = tool
      ? registry.decide(tool, args, { actor: 'assistant', confirmed: opts.confirmed, ...(run.member ? { member: run.member.id } : {}) })
      : undefined;
    // A skill followed in this request may narrow what runs; it never allows more.
    const outsideSkill = run.skillLimits.refusal(name, this.catalog.current().byName.keys());
    const narrowing = outsideSkill && tool && { rule: `skill:${run.skillLimits.skills.join('+')}`, reason: outsideSkill.message };
    // The protocol records the gate's decision; a confirmed call keeps its first record.
    const decision = gate
      ? (opts.decision ?? (run.session ? this.deps.audit.decide(run.session, name, args, gate, narrowing) : undefined))
      : undefined;
    let result: ToolResult;
    if (!tool || !gate) {
      // Following a skill, the list of what it allows helps a model more than "unknown".
      result = outsideSkill ?? toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
    } else if (gate.outcome === 'refuse') {
      result = gateRefusal(gate, name)!;
    } else if (gate.outcome === 'approve' && !outsideSkill) {
      // The registry hands the call to the approvals: it waits for an admin, exactly as asked.
      result = await registry.call(name, args, {
        traceId: run.traceId,
        now: clock(),
        timezone: config.timezone,
        actor: 'assistant',
        ...(run.member ? { member: run.member.id } : {}),
      });
    } else if (outsideSkill) {
      result = outsideSkill;
    } else if (gate.outcome === 'ask') {
      const expiresAt = new Date(clock().getTime() + config.pendingConfirmationMs);
      const summary = confirmationQuestion(name, args, run.lang);
      const requestId = decision?.outcome === 'require_review' ? this.deps.audit.block(decision, summary) : undefined;
      this.conversation.pending = {
        tool: name,
        arguments: args,
        summary,
        expiresAt,
        traceId: run.traceId,
        ...(decision ? { audit: { decision, ...(requestId ? { requestId } : {}) } } : {}),
      };
      run.pending = this.conversation.pendingView();
      this.trace(run, 'pending_tool_set', { tool: name, arguments: args, expires_at: expiresAt.toISOString() });
      run.emit({ type: 'pending', data: run.pending! });
      return { success: false, error: { code: 'CONFIRMATION_REQUIRED', message: summary }, message: summary, mutated: false };
    } else {
      if (tool.mutates)
        this.deps.tracer.record(run.traceId, 'state', 'before_command', {
          tool: name,
          arguments: args,
          reference: this.conversation.reference ?? null,
          counts: this.deps.stateSummary?.() ?? null,
        });
      result = await registry.call(name, args, {
        traceId: run.traceId,
        now: clock(),
        timezone: config.timezone,
        actor: 'assistant',
        confirmed: opts.confirmed,
        ...(run.member ? { member: run.member.id } : {}),
      });
      if (decision) this.deps.audit.contribute(decision, result.message, result);
      if (result.success) this.followSkill(run, tool, args);
      if (tool.mutates)
        this.deps.tracer.record(run.traceId, 'state', 'after_command', {
          tool: name,
          success: result.success,
          mutated: result.mutated,
          data: result.data ?? null,
          counts: this.deps.stateSummary?.() ?? null,
        });
    }
    if (outsideSkill && result === outsideSkill)
      this.trace(run, 'skill_tool_refused', { tool: name, skills: run.skillLimits.skills, message: outsideSkill.message });
    const call: ExecutedToolCall = { tool: name, arguments: args, result };
    run.calls.push(call);
    this.conversation.remember(name, result);
    this.trace(run, 'tool_result', {
      tool: name,
      success: result.success,
      mutated: result.mutated,
      message: result.message,
      ...(result.error ? { error: result.error } : {}),
      data: result.data ?? null,
    });
    run.emit({ type: 'tool_result', data: call });
    return result;
  }

  /** A call that loaded a skill's instructions puts the skill's allowed-tools over the rest of the request. */
  private followSkill(run: Run, tool: RegisteredTool, args: Record<string, unknown>): void {
    const skill = tool.name === SKILL_READ_TOOL ? args.skill : tool.provider === 'plugin' ? tool.skill_id : undefined;
    const limit = typeof skill === 'string' ? this.deps.allowedToolsOf?.(skill) : undefined;
    if (!limit || run.skillLimits.skills.includes(limit.skill)) return;
    run.skillLimits.follow(limit);
    this.trace(run, 'skill_tool_limit', {
      skill: limit.skill,
      allowed: limit.tools,
      ...(limit.missing.length ? { missing: limit.missing } : {}),
    });
  }

  // ---------------------------------------------------------------- model path

  private async answerWithModel(
    run: Run,
    message: string,
    lang: Lang,
    module: string | undefined,
  ): Promise<{ reply: string; source: ReplySource }> {
    const { config, ollama } = this.deps;
    const { tools: allTools, byName } = this.catalog.current();
    const promptWith = (skills: string | undefined, findSkills: boolean): string =>
      agentSystemPrompt({
        language: lang,
        ...(module ? { module } : {}),
        ...(this.conversation.reference ? { reference: this.conversation.reference } : {}),
        ...(skills ? { skills } : {}),
        ...(findSkills ? { findSkills } : {}),
        ...(this.deps.rememberedFacts ? { facts: this.deps.rememberedFacts(run.member?.id) } : {}),
        ...(this.deps.offeredPipelines ? { pipelines: this.deps.offeredPipelines(run.member?.id) } : {}),
        ...(run.member ? { asker: run.member.name, members: this.deps.members.list().map((m) => m.name) } : {}),
      });
    // The skill catalog follows the tool offer, so the final prompt is written once it is known.
    const system: Message = { role: 'system', content: promptWith(undefined, false) };
    const messages: Message[] = [system, ...this.conversation.window(config.historyTokens), { role: 'user', content: message }];
    // Stream prose live only where it can be the answer: not for home requests, whose reply
    // comes from the tool results. Thinking and written tool calls never reach the screen.
    const streamProse =
      run.sink && !isHomeRequest(message)
        ? (text: string) => {
            if (run.calls.length > 0) return;
            run.streamed += text;
            run.emit({ type: 'delta', data: { text } });
          }
        : undefined;

    // Household requests run with the agent's options (temperature 0); small talk and
    // questions with the general chat options.
    const role = isHomeRequest(message) ? 'agent' : 'chat';
    let prose = '';
    try {
      const choice = await ollama.resolveModel();
      if (!choice.ok) throw new OllamaUnavailableError(choice);
      const profile = this.deps.modelProfile?.(choice.model);
      const offer = await this.offerTools(run, message, profile, allTools, byName);
      let tools = offer.tools;
      const skills = this.deps.skillCatalog();
      const catalog = boundedCatalog(
        skills,
        offer.tools.map((t) => t.function.name),
        skillCatalogTokens(profile),
      );
      if (catalog.limited) {
        tools = [...tools, FIND_SKILLS_TOOL];
        this.trace(run, 'skill_catalog', { shown: catalog.shown, of: skills.length, size: catalog.tokens });
      }
      system.content = promptWith(catalog.xml || undefined, catalog.limited);
      // A model whose probe found no tool calling at all goes straight to the selector.
      const steps = profile?.agent === 'selector' && isHomeRequest(message) ? 0 : config.agentMaxSteps;
      if (steps === 0) this.trace(run, 'native_tools_skipped', { reason: 'model probe: no tool calling' });
      let step = 0;
      for (; step < steps; step++) {
        const offered = run.skillLimits.active ? this.narrowedOffer(run, tools) : tools;
        this.deps.tracer.record(run.traceId, 'ollama', 'tools.request', {
          step,
          model: modelName(ollama),
          messages: messages.length,
          tools: offered.map((t) => t.function.name),
        });
        const visible = new VisibleStream();
        // The client's Tool type only knows flat properties; ours are full JSON schemas.
        const turn = await ollama.chat({
          role,
          messages,
          tools: offered as unknown as Tool[],
          ...(streamProse
            ? {
                onDelta: (text: string) => {
                  const shown = visible.push(text);
                  if (shown) streamProse(shown);
                },
              }
            : {}),
        });
        this.deps.tracer.record(run.traceId, 'ollama', 'tools.response', {
          step,
          model: turn.model,
          content: turn.content,
          tool_calls: turn.toolCalls,
          // Ollama's own names: a key with "token" in it is redacted from the trace as a secret.
          ...(turn.usage ? { prompt_eval_count: turn.usage.promptTokens, eval_count: turn.usage.evalTokens } : {}),
        });
        const content = stripThinking(turn.content);
        let calls = turn.toolCalls;
        if (calls.length === 0) {
          const recovered = recoverToolCalls(turn.content, new Set(tools.map((t) => t.function.name)));
          if (recovered.calls.length > 0) {
            this.trace(run, 'tool_calls_recovered', { shape: recovered.shape, calls: recovered.calls });
            calls = recovered.calls;
          }
        }
        if (calls.length === 0) {
          prose = content;
          break;
        }
        messages.push({
          role: 'assistant',
          content: turn.toolCalls.length > 0 ? content : '',
          tool_calls: calls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
        });
        for (const call of calls) {
          if (call.name === FIND_SKILLS && catalog.limited) {
            const found = await this.findSkills(run, call.arguments, skills, tools);
            tools = [...tools, ...found.tools];
            messages.push({
              role: 'tool',
              tool_name: call.name,
              content: JSON.stringify({ success: true, data: { skills: found.skills } }),
            });
            continue;
          }
          if (call.name === FIND_TOOLS && offer.limited) {
            const found = await this.findTools(run, call.arguments, tools);
            tools = [...tools, ...found];
            messages.push({ role: 'tool', tool_name: call.name, content: JSON.stringify({ success: true, data: { tools: found } }) });
            continue;
          }
          // A call a followed skill does not allow gets that refusal, not a repair turn.
          const problem = run.repairsLeft > 0 && run.skillLimits.allows(call.name) ? this.diagnose(call.name, call.arguments) : undefined;
          if (problem) {
            run.repairsLeft--;
            run.repairs.push({ problem, arguments: call.arguments });
            this.trace(run, 'tool_call_repair', { tool: call.name, arguments: call.arguments, problem });
            const code = problem.kind === 'unknown-tool' ? 'UNKNOWN_TOOL' : 'INVALID_ARGUMENTS';
            messages.push({
              role: 'tool',
              tool_name: call.name,
              content: JSON.stringify({ success: false, error: { code, message: problem.message } }),
            });
            continue;
          }
          const result = await this.execute(run, call.name, call.arguments, { confirmed: false });
          messages.push({ role: 'tool', tool_name: call.name, content: toolMessage(result) });
          if (run.pending) break;
        }
        if (run.pending) break;
      }
      this.reportUnrepaired(run);
      if (steps > 0 && step >= steps) this.trace(run, 'max_steps', { steps: config.agentMaxSteps });

      if (run.calls.length === 0 && !run.pending && isHomeRequest(message) && profile?.planner !== 'off') {
        // With a limited offer, the selector and the planner see the same tools as the agent.
        const offered = offer.limited ? offeredTools(tools, byName) : byName;
        if (isPlanningRequest(message)) await this.runPlanner(run, message, offered);
        else await this.runSelector(run, message, offered);
      }
    } catch (err) {
      if (!(err instanceof OllamaUnavailableError)) throw err;
      this.trace(run, 'ollama_unavailable', { reason: err.choice.reason, message: err.message });
      const sentence = modelUnavailableSentence(err.choice.reason, lang);
      return { source: 'error', reply: run.calls.length > 0 ? `${replyFromResults(run.calls, lang)}\n${sentence}` : sentence };
    }

    if (run.pending) return { source: 'model', reply: run.pending.summary };
    if (run.changedOrFailed) return { source: 'model', reply: replyFromResults(run.calls, lang) };
    if (prose.trim() && !run.plan) {
      // No tool ran, so nothing changed: prose that claims a change must not reach the user.
      if (isHomeRequest(message) && claimsChange(prose)) {
        this.trace(run, 'unbacked_claim_replaced', { prose });
        return {
          source: 'model',
          reply:
            lang === 'en'
              ? 'Nothing was changed: no tool ran for this request. Please say it once more, a little more precisely.'
              : 'Es wurde nichts geändert, weil kein Tool ausgeführt wurde. Bitte formuliere die Anfrage noch einmal genauer.',
        };
      }
      return { source: 'model', reply: prose.trim() };
    }
    if (run.calls.length > 0) return { source: 'model', reply: replyFromResults(run.calls, lang) };
    return { source: 'model', reply: lang === 'en' ? 'I got no answer from the model.' : 'Vom Modell kam keine Antwort.' };
  }

  /**
   * While a followed skill limits the request, the model is offered what it may still call:
   * every allowed tool when they fit in the size of the current offer, else the allowed part of it.
   */
  private narrowedOffer(run: Run, offered: readonly OllamaFunctionTool[]): OllamaFunctionTool[] {
    const allowed = this.catalog.current().tools.filter((t) => run.skillLimits.allows(t.function.name));
    if (allowed.length <= offered.length) return allowed;
    return offered.filter((t) => t.function.name === FIND_TOOLS || run.skillLimits.allows(t.function.name));
  }

  /** The tools offered to the model for this request, within the budget (the probe's, if lower). */
  private async offerTools(
    run: Run,
    message: string,
    profile: ModelProfile | undefined,
    tools: readonly OllamaFunctionTool[],
    byName: ReadonlyMap<string, RegisteredTool>,
  ): Promise<ToolOffer> {
    const { config } = this.deps;
    const budget = {
      maxTools: Math.min(config.toolBudgetMaxTools, profile?.maxTools ?? Infinity),
      maxTokens: Math.min(config.toolBudgetMaxTokens, profile?.maxTokens ?? Infinity),
    };
    const offer = await this.toolSelection.offer(message, tools, byName, budget);
    if (offer.limited)
      // Sizes in estimated tokens (named size: "token" keys are redacted from the trace).
      this.trace(run, 'tool_budget', {
        offered: offer.tools.map((t) => t.function.name),
        size: offer.tokens,
        total: { tools: offer.total.tools, size: offer.total.tokens },
        budget: { tools: budget.maxTools, size: budget.maxTokens },
      });
    return offer;
  }

  private async findTools(run: Run, args: Record<string, unknown>, offered: readonly OllamaFunctionTool[]): Promise<OllamaFunctionTool[]> {
    const { tools, byName } = this.catalog.current();
    const query = typeof args.query === 'string' ? args.query : '';
    const found = query ? await this.toolSelection.find(query, tools, byName, new Set(offered.map((t) => t.function.name))) : [];
    this.trace(run, 'tools_found', { query, tools: found.map((t) => t.function.name) });
    return found;
  }

  /** What skills_find answers: skills not in the catalog whose tools match, those tools now offered. */
  private async findSkills(
    run: Run,
    args: Record<string, unknown>,
    skills: readonly CatalogSkill[],
    offered: readonly OllamaFunctionTool[],
  ): Promise<{ skills: { name: string; description: string; tool: string }[]; tools: OllamaFunctionTool[] }> {
    const { tools, byName } = this.catalog.current();
    const query = typeof args.query === 'string' ? args.query : '';
    const skillTools = new Set(skills.flatMap((s) => s.tools));
    const candidates = tools.filter((t) => skillTools.has(t.function.name));
    const found = query ? await this.toolSelection.find(query, candidates, byName, new Set(), 8) : [];
    const hits = skillsOfTools(
      skills,
      found.map((t) => t.function.name),
      5,
    );
    const have = new Set(offered.map((t) => t.function.name));
    const newTools = found.filter((t) => !have.has(t.function.name) && hits.some((h) => h.tools.includes(t.function.name)));
    this.trace(run, 'skills_found', { query, skills: hits.map((h) => h.id) });
    return {
      skills: hits.map((h) => ({
        name: h.id,
        description: /description="([^"]*)"/.exec(h.line)?.[1] ?? '',
        tool: h.tools[0] ?? '',
      })),
      tools: newTools,
    };
  }

  private diagnose(name: string, args: Record<string, unknown>): CallProblem | undefined {
    const { registry } = this.deps;
    return diagnoseCall(
      name,
      args,
      (n) => registry.get(n),
      () => this.catalog.current().byName.keys(),
    );
  }

  /**
   * A call that got its repair turn and was never sent right: the request ends with its
   * error, so the reply says what did not happen instead of trusting the model's prose.
   */
  private reportUnrepaired(run: Run): void {
    for (const { problem, arguments: args } of run.repairs) {
      const fixed = run.calls.some((c) => (problem.kind === 'unknown-tool' ? problem.nearest.includes(c.tool) : c.tool === problem.tool));
      if (fixed) continue;
      const code = problem.kind === 'unknown-tool' ? 'UNKNOWN_TOOL' : 'INVALID_ARGUMENTS';
      const message =
        problem.kind === 'unknown-tool' ? `Unbekanntes Tool: ${problem.tool}` : problem.message.split('. Send the call again')[0]!;
      run.calls.push({ tool: problem.tool, arguments: args, result: toolFailure(code, message) });
    }
  }

  private async runSelector(run: Run, message: string, byName: ReadonlyMap<string, RegisteredTool>): Promise<void> {
    this.trace(run, 'selector_request', { message });
    const { raw, selection } = await selectTool(this.deps.ollama, byName.values(), message);
    this.trace(run, 'selector_response', { raw, selection: selection ?? null });
    if (!selection) return;
    if (!byName.has(selection.tool)) {
      this.trace(run, 'selector_rejected', { tool: selection.tool, reason: 'unknown tool' });
      run.calls.push({
        tool: selection.tool,
        arguments: selection.arguments,
        result: toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${selection.tool}`),
      });
      return;
    }
    if (selection.confidence < SELECTOR_MIN_CONFIDENCE) {
      this.trace(run, 'selector_rejected', { tool: selection.tool, reason: `confidence ${selection.confidence}` });
      return;
    }
    await this.execute(run, selection.tool, selection.arguments, { confirmed: false });
  }

  private async runPlanner(run: Run, message: string, byName: ReadonlyMap<string, RegisteredTool>): Promise<void> {
    let recipes: string | undefined;
    // Recipe-first: read the recipe book through its tool before planning meals.
    if (isMealRequest(message) && byName.has('recipes_list')) {
      const result = await this.execute(run, 'recipes_list', {}, { confirmed: false });
      const list = (result.data as { recipes?: Recipe[] } | undefined)?.recipes ?? [];
      recipes = JSON.stringify(list.map((r) => ({ id: r.id, title: r.title, servings: r.servings })));
    }
    this.trace(run, 'workflow_plan_request', { message, recipes_known: recipes !== undefined });
    const outcome = await planWorkflow(this.deps.ollama, byName, message, recipes);
    this.trace(run, 'workflow_plan_response', { raw: outcome.raw, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }) });
    if (!outcome.ok) {
      run.calls.push({ tool: 'workflow_planner', arguments: {}, result: toolFailure('PLAN_INVALID', outcome.error) });
      return;
    }
    run.plan = outcome.plan;
    this.trace(run, 'workflow_plan', outcome.plan);
    run.emit({ type: 'plan', data: outcome.plan });
    for (const step of outcome.plan.steps) {
      await this.execute(run, step.tool, step.arguments, { confirmed: false });
      // A step that needs a confirmation ends the run; the rest would act on an unconfirmed state.
      if (run.pending) break;
    }
  }
}

const CHANGE_CLAIM =
  /\b(eingetragen|hinzugefügt|gespeichert|gelöscht|entfernt|verschoben|geplant|angelegt|erstellt|notiert|erledigt|abgehakt|geändert|added|saved|deleted|removed|moved|scheduled|planned|created|updated|noted)\b/iu;

function claimsChange(prose: string): boolean {
  return CHANGE_CLAIM.test(prose);
}

function offeredTools(tools: readonly OllamaFunctionTool[], byName: ReadonlyMap<string, RegisteredTool>): Map<string, RegisteredTool> {
  const out = new Map<string, RegisteredTool>();
  for (const t of tools) {
    const tool = byName.get(t.function.name);
    if (tool) out.set(tool.name, tool);
  }
  return out;
}

function modelName(ollama: OllamaConnection): string | null {
  const choice = ollama.lastChoice();
  return choice?.ok ? choice.model : null;
}

function toolMessage(result: ToolResult): string {
  const text = JSON.stringify({
    success: result.success,
    message: result.message,
    ...(result.error ? { error: result.error } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  });
  return text.length > TOOL_MESSAGE_LIMIT ? `${text.slice(0, TOOL_MESSAGE_LIMIT)}…(gekürzt)` : text;
}

const DELETE_WORDS: Record<string, string> = {
  calendar: 'den Termin',
  tasks: 'die Aufgabe',
  reminders: 'die Erinnerung',
  mealplan: 'den Essensplan-Eintrag',
  kanban: 'die Kanban-Karte',
  groceries: 'den Einkaufsartikel',
  recipes: 'das Rezept',
};

function confirmationQuestion(tool: string, args: Record<string, unknown>, lang: Lang): string {
  const del = /^([a-z]+)_delete$/.exec(tool);
  if (lang === 'en') {
    return del && typeof args.id === 'string'
      ? `Shall I really delete ${args.id}? Answer "yes" or "no".`
      : `Shall I run ${tool} with ${JSON.stringify(args)}? Answer "yes" or "no".`;
  }
  if (del && typeof args.id === 'string') {
    return `Soll ich ${DELETE_WORDS[del[1]!] ?? 'den Eintrag'} ${args.id} wirklich löschen? Antworte mit „ja“ oder „nein“.`;
  }
  return `Soll ich ${tool} mit ${JSON.stringify(args)} ausführen? Antworte mit „ja“ oder „nein“.`;
}
