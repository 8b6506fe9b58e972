import type { GateDecision, JsonSchemaObject, ToolDescriptor, ToolProviderKind, ToolResult } from '../../../src-shared';
import { DEFAULT_RISK_POLICY, decideRisk, toolFailure, type RiskClass, type RiskVerdict } from '../../../src-shared';
import { gateRefusal } from './risk-refusal';
import { compileSchema, check } from '../validation';

/** What a tool call knows about its surroundings. The clock is injected, never read ad hoc. */
export interface ToolContext {
  readonly traceId: string;
  readonly now: Date;
  readonly timezone: string;
  /** Who asked: the UI (a person), the assistant, an MCP client, an automation, the CLI or a test script. */
  readonly actor: 'user' | 'assistant' | 'mcp' | 'automation' | 'cli' | 'system';
  /** The household member who asked (a member id); absent = the desktop member. */
  readonly member?: string;
  /**
   * The household's "ja" to exactly this stored call. Only the assistant's pending
   * confirmation sets it; nothing a model or a skill returns reaches this flag.
   */
  readonly confirmed?: boolean;
  /** An admin allowed exactly this waiting call; only the approvals service sets it. */
  readonly approved?: boolean;
}

/** Who asks, as the gate sees it (a ToolContext is one). */
export type ToolAsker = Pick<ToolContext, 'actor' | 'member' | 'confirmed' | 'approved'>;

/**
 * The one decision "run, ask, approve or refuse" (the policy capability provides it). The
 * registry applies it to every call; the assistant and MCP ask it first to know what to say.
 */
export interface ToolGate {
  decide(tool: RegisteredTool, args: unknown, who: ToolAsker): GateDecision;
  /** The household policy's verdict alone (the risk policy screen, listing what MCP may see). */
  verdict(tool: RegisteredTool): RiskVerdict;
}

/** Until the policy capability sets its gate: the default policy, every asker an admin. */
const DEFAULT_GATE: ToolGate = {
  verdict: (tool) => decideRisk(DEFAULT_RISK_POLICY, tool.name, tool.risk),
  decide(tool, args, who) {
    const v = decideRisk(DEFAULT_RISK_POLICY, tool.name, tool.riskOfCall?.(args) ?? tool.risk);
    const agent = who.actor === 'assistant' || who.actor === 'mcp';
    const outcome = v.decision === 'deny' ? 'refuse' : v.decision === 'ask' && agent && who.confirmed !== true ? 'ask' : 'run';
    return { outcome, risk: v.risk, rule: v.rule, role: 'admin' };
  },
};

/**
 * Where a call the gate sends to an admin goes: the approvals capability stores exactly this
 * call (already validated) and answers for it. Without one the call is only refused.
 */
export interface ApprovalHolder {
  hold(tool: RegisteredTool, args: Record<string, unknown>, ctx: ToolContext, decision: GateDecision): ToolResult;
}

export interface RegisteredTool extends ToolDescriptor {
  /** Where the action comes from (a folder, a worker id, "core"). */
  readonly source: string;
  /**
   * The risk of what this call reaches, when that is finer than the tool's class (one Home
   * Assistant entity rather than its domain). Worked out by JARVIS from its own state and the
   * household's settings from the target the arguments name; undefined keeps the tool's class.
   * Never a risk the caller states.
   */
  readonly riskOfCall?: (args: unknown) => RiskClass | undefined;
}

/**
 * A provider owns a set of tools: the household core, local process skills, remote workers.
 * `call` is only reached with arguments that already passed the tool's input schema.
 */
export interface ToolProvider {
  readonly kind: ToolProviderKind;
  list(): readonly RegisteredTool[];
  call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export interface ToolCollision {
  readonly name: string;
  readonly winner: { readonly provider: ToolProviderKind; readonly source: string };
  readonly shadowed: readonly { readonly provider: ToolProviderKind; readonly source: string }[];
}

/**
 * Name precedence between providers: the household core can never be replaced by a plugin;
 * Home Assistant's tools and those of external MCP servers replace nothing.
 */
const KIND_RANK: Record<ToolProviderKind, number> = { core: 0, plugin: 1, remote: 2, homeassistant: 3, mcp: 4 };

export interface RegistryListener {
  (event: { type: 'called'; tool: RegisteredTool; args: unknown; result: ToolResult; ctx: ToolContext }): void;
}

/**
 * The one registry every caller goes through: HTTP `/api/tools/{name}`, the assistant,
 * automations and the CLI. It validates arguments against the tool's schema before any
 * provider runs, so an invalid call changes nothing.
 */
export class SkillRegistry {
  private readonly providers: ToolProvider[] = [];
  private readonly listeners = new Set<RegistryListener>();
  private gate: ToolGate = DEFAULT_GATE;
  private holder: ApprovalHolder | undefined;
  private redact: (result: ToolResult) => ToolResult = (result) => result;

  /**
   * How every result is cleaned of known secrets before anyone sees it (/api/tools, MCP
   * clients, the assistant, the call listeners): a skill that echoes its env_from value or
   * a tool that quotes a configured token hands out "[redacted]" instead.
   */
  setResultRedactor(redact: (result: ToolResult) => ToolResult): void {
    this.redact = redact;
  }

  /** The gate every call meets (the policy capability's); it reads the policy anew per call. */
  setGate(gate: ToolGate): void {
    this.gate = gate;
  }

  /** Who keeps calls that wait for an admin (the approvals capability). */
  setApprovalHolder(holder: ApprovalHolder): void {
    this.holder = holder;
  }

  /** The household policy's verdict for a tool as it stands now (undefined for an unknown tool). */
  riskOf(name: string): RiskVerdict | undefined {
    const tool = this.get(name);
    return tool ? this.gate.verdict(tool) : undefined;
  }

  /** What the gate decides for this call now: the same function `call` applies. */
  decide(tool: RegisteredTool, args: unknown, who: ToolAsker): GateDecision {
    return this.gate.decide(tool, args, who);
  }

  addProvider(provider: ToolProvider): void {
    this.providers.push(provider);
  }

  removeProvider(provider: ToolProvider): void {
    const i = this.providers.indexOf(provider);
    if (i >= 0) this.providers.splice(i, 1);
  }

  /**
   * Every tool. On a name clash core beats plugin beats remote, whatever order the
   * providers were added in; within one kind the first provider wins. `collisions()`
   * reports what was shadowed.
   */
  list(): RegisteredTool[] {
    const seen = new Map<string, RegisteredTool>();
    for (const p of this.ranked()) {
      for (const tool of p.list()) if (!seen.has(tool.name)) seen.set(tool.name, tool);
    }
    return [...seen.values()];
  }

  /** Tool names offered by more than one provider: who serves them and who is shadowed. */
  collisions(): ToolCollision[] {
    const byName = new Map<string, { provider: ToolProviderKind; source: string }[]>();
    for (const p of this.ranked()) {
      for (const tool of p.list()) {
        const entries = byName.get(tool.name) ?? [];
        entries.push({ provider: p.kind, source: tool.source });
        byName.set(tool.name, entries);
      }
    }
    const out: ToolCollision[] = [];
    for (const [name, [winner, ...shadowed]] of byName) if (winner && shadowed.length > 0) out.push({ name, winner, shadowed });
    return out;
  }

  get(name: string): RegisteredTool | undefined {
    return this.resolve(name)?.tool;
  }

  onCall(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async call(name: string, args: unknown, ctx: ToolContext): Promise<ToolResult> {
    const found = this.resolve(name);
    if (!found) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
    const { tool, provider } = found;
    const input = args ?? {};
    // The gate decides before anything is validated or run, for every caller.
    const decision = this.gate.decide(tool, input, ctx);
    const held = decision.outcome === 'approve' && this.holder !== undefined;
    const refused = held ? undefined : gateRefusal(decision, tool.name);
    if (refused) return refused;
    if (typeof input !== 'object' || Array.isArray(input)) {
      return toolFailure('INVALID_ARGUMENTS', 'arguments must be a JSON object', '');
    }
    const verdict = check(compileSchema(tool.input_schema as JsonSchemaObject), input);
    if (!verdict.ok) return toolFailure('INVALID_ARGUMENTS', verdict.error.message, verdict.error.path);
    // Only a valid call waits for an admin: allowing it later runs exactly these arguments.
    if (held) return this.holder!.hold(tool, input as Record<string, unknown>, ctx, decision);
    let result: ToolResult;
    try {
      result = await provider.call(name, input as Record<string, unknown>, ctx);
    } catch (err) {
      result = toolFailure('TOOL_FAILED', err instanceof Error ? err.message : String(err));
    }
    result = this.redact(result);
    for (const l of this.listeners) l({ type: 'called', tool, args: input, result, ctx });
    return result;
  }

  private ranked(): ToolProvider[] {
    return [...this.providers].sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind]);
  }

  private resolve(name: string): { tool: RegisteredTool; provider: ToolProvider } | undefined {
    for (const provider of this.ranked()) {
      const tool = provider.list().find((t) => t.name === name);
      if (tool) return { tool, provider };
    }
    return undefined;
  }
}
