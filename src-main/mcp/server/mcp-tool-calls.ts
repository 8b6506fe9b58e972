import { toolFailure, type ToolResult } from '../../../src-shared';
import { roleDeniedSentence, type SkillRegistry } from '../../platform/registry';
import type { Tracer } from '../../platform/trace';
import { timeOrderedHex } from '../../platform/time-ordered-id';
import type { ProtocolRecorder } from '../../protocol';

/** Who is calling over MCP: one household token, or the local user over stdio. */
export interface McpCaller {
  /** Stable key of the caller: the token id, or `local`. */
  readonly key: string;
  readonly name: string;
  /** The member the token belongs to: the gate decides with that member's role. */
  readonly member?: string;
}

export interface McpToolCallDeps {
  readonly registry: SkillRegistry;
  readonly recorder: ProtocolRecorder;
  readonly tracer: Tracer;
  readonly clock: () => Date;
  readonly timezone: string;
  readonly onAuditError: (operation: string, err: unknown) => void;
}

/** The records before the call survive the process ending; the durable commit after it (or the tool's own write) puts them on the disk. */
const BEFORE_THE_CALL = { durable: false } as const;

export const NEEDS_CONFIRMATION = "needs the household's confirmation";

/**
 * Every tool call of an MCP client goes through the household's policy and the registry
 * (which applies the risk policy once more). An MCP client cannot say "ja": what would wait
 * for the household's confirmation is refused, and what the policy denies never runs.
 *
 * Every call, a read as much as a change or a refusal, is recorded in the protocol as the
 * assistant's tool calls are: a WorkSession with the client as its Actor, its PolicyDecision,
 * the result as a Contribution and the sealed outcome, in one durable SQLite transaction
 * after the call. A call that changes something has its session and decision written before
 * it runs (a first transaction that does not wait for the disk; the second puts both on it).
 */
export class McpToolCalls {
  private readonly actors = new Map<string, string>();

  constructor(private readonly deps: McpToolCallDeps) {}

  async call(caller: McpCaller, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const { registry, recorder, tracer, clock } = this.deps;
    const tool = registry.get(name);
    if (!tool || tool.provider === 'mcp') return toolFailure('UNKNOWN_TOOL', `Unknown tool: ${name}`);
    const traceId = `mcp_${timeOrderedHex()}`;
    tracer.record(traceId, 'mcp', 'tool_call', { client: caller.name, tool: name, arguments: args });
    const ctx = {
      traceId,
      now: clock(),
      timezone: this.deps.timezone,
      actor: 'mcp' as const,
      ...(caller.member ? { member: caller.member } : {}),
    };
    // The one gate: an MCP client cannot say "ja", so what would ask is refused here.
    const gate = registry.decide(tool, args, ctx);

    const open = () => {
      const actorId = this.actorOf(caller);
      const session = recorder.beginSession(traceId, `MCP ${caller.name}: ${name}`, actorId);
      return { actorId, session, decision: recorder.decide(session, name, args, gate, actorId) };
    };
    // Only a call that changes something must have its decision on record before it runs; a
    // read, a refusal or a call that needs a confirmation is written in one commit at the end.
    const recordFirst = (gate.outcome === 'run' && gate.risk !== 'read') || gate.outcome === 'approve';
    const opened = recordFirst ? this.guard('decide', () => recorder.batch(open, BEFORE_THE_CALL)) : undefined;
    let result: ToolResult;
    if (gate.outcome === 'refuse') {
      result = toolFailure(
        'POLICY_DENIED',
        gate.rule.startsWith('role:') ? roleDeniedSentence(name, gate) : `${name} is refused by the household's policy (${gate.rule}).`,
      );
    } else if (gate.outcome === 'approve') {
      // The registry hands it to the approvals: it waits for an admin of the household.
      result = await registry.call(name, args, ctx);
    } else if (gate.outcome === 'ask') {
      result = toolFailure(
        'CONFIRMATION_REQUIRED',
        `${name} ${NEEDS_CONFIRMATION}: it did not run. Ask JARVIS in the app, where the household can say "ja" (risk class ${gate.risk}).`,
      );
    } else {
      result = await registry.call(name, args, ctx);
    }
    tracer.record(traceId, 'mcp', 'tool_result', { tool: name, success: result.success, code: result.error?.code ?? null });
    if (opened || !recordFirst) {
      const ran = !['POLICY_DENIED', 'CONFIRMATION_REQUIRED', 'APPROVAL_REQUIRED'].includes(result.error?.code ?? '');
      this.guard(opened ? 'finish' : 'decide', () =>
        recorder.batch(() => {
          const { session, decision, actorId } = opened ?? open();
          if (ran) recorder.contribute(session, decision.decisionId, 'tool_result', result.message, result, actorId);
          recorder.finish(session, result.success ? 'completed' : ran ? 'failed' : 'cancelled', result.message, actorId);
        }),
      );
    }
    return result;
  }

  private guard<T>(operation: string, run: () => T): T | undefined {
    try {
      return run();
    } catch (err) {
      this.deps.onAuditError(operation, err);
      return undefined;
    }
  }

  private actorOf(caller: McpCaller): string {
    let id = this.actors.get(caller.key);
    if (!id) {
      id = this.deps.recorder.registerMcpClient(caller.key, caller.name);
      this.actors.set(caller.key, id);
    }
    return id;
  }
}
