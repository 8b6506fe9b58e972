import { randomBytes } from 'node:crypto';
import { toolFailure, type ToolResult } from '../../../src-shared';
import { roleDeniedSentence, type SkillRegistry } from '../../platform/registry';
import type { Tracer } from '../../platform/trace';
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
 * assistant's tool calls are: a WorkSession with the client as its Actor, the PolicyDecision
 * written before the tool runs (session and decision in one SQLite transaction that does not
 * wait for the disk), then the result as a Contribution and the sealed outcome (a second,
 * durable transaction that puts both on the disk).
 */
export class McpToolCalls {
  private readonly actors = new Map<string, string>();

  constructor(private readonly deps: McpToolCallDeps) {}

  async call(caller: McpCaller, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const { registry, recorder, tracer, clock } = this.deps;
    const tool = registry.get(name);
    if (!tool || tool.provider === 'mcp') return toolFailure('UNKNOWN_TOOL', `Unknown tool: ${name}`);
    const traceId = `mcp_${randomBytes(8).toString('hex')}`;
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

    const opened = this.guard('decide', () =>
      recorder.batch(() => {
        const actorId = this.actorOf(caller);
        const session = recorder.beginSession(traceId, `MCP ${caller.name}: ${name}`, actorId);
        return { actorId, session, decision: recorder.decide(session, name, args, gate, actorId) };
      }, BEFORE_THE_CALL),
    );
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
    if (opened) {
      const ran = !['POLICY_DENIED', 'CONFIRMATION_REQUIRED', 'APPROVAL_REQUIRED'].includes(result.error?.code ?? '');
      this.guard('finish', () =>
        recorder.batch(() => {
          if (ran) recorder.contribute(opened.session, opened.decision.decisionId, 'tool_result', result.message, result, opened.actorId);
          recorder.finish(opened.session, result.success ? 'completed' : ran ? 'failed' : 'cancelled', result.message, opened.actorId);
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
