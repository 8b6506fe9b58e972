import { randomBytes } from 'node:crypto';
import { toolFailure, type ToolResult } from '../../../src-shared';
import type { SkillRegistry } from '../../platform/registry';
import type { Tracer } from '../../platform/trace';
import type { ProtocolRecorder } from '../../protocol';

/** Who is calling over MCP: one household token, or the local user over stdio. */
export interface McpCaller {
  /** Stable key of the caller: the token id, or `local`. */
  readonly key: string;
  readonly name: string;
}

export interface McpToolCallDeps {
  readonly registry: SkillRegistry;
  readonly recorder: ProtocolRecorder;
  readonly tracer: Tracer;
  readonly clock: () => Date;
  readonly timezone: string;
  readonly onAuditError: (operation: string, err: unknown) => void;
}

export const NEEDS_CONFIRMATION = "needs the household's confirmation";

/**
 * Every tool call of an MCP client, on the assistant's path: a WorkSession with the client
 * as its Actor, a PolicyDecision before anything runs, then the registry (which applies the
 * household's risk policy once more), the result as a Contribution, and the sealed outcome.
 * An MCP client cannot say "ja": what would wait for the household's confirmation is refused.
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
    const guard = <T>(operation: string, run: () => T): T | undefined => {
      try {
        return run();
      } catch (err) {
        this.deps.onAuditError(operation, err);
        return undefined;
      }
    };
    const actorId = guard('actor', () => this.actorOf(caller));
    const session = actorId ? guard('begin', () => recorder.beginSession(traceId, `MCP ${caller.name}: ${name}`, actorId)) : undefined;
    const risk = registry.riskOf(name);
    const decision = session ? guard('decide', () => recorder.decide(session, name, args, risk, actorId)) : undefined;

    let result: ToolResult;
    if (risk?.decision === 'deny' || decision?.outcome === 'deny') {
      result = toolFailure(
        'POLICY_DENIED',
        `${name} is refused by the household's policy (${decision?.outcome === 'deny' ? decision.reason : risk?.rule}).`,
      );
    } else if (tool.requires_confirmation || risk?.decision === 'ask' || decision?.outcome === 'require_review') {
      result = toolFailure(
        'CONFIRMATION_REQUIRED',
        `${name} ${NEEDS_CONFIRMATION}: it did not run. Ask JARVIS in the app, where the household can say "ja" (risk class ${risk?.risk ?? 'disruptive'}).`,
      );
    } else {
      result = await registry.call(name, args, { traceId, now: clock(), timezone: this.deps.timezone, actor: 'mcp' });
      if (session && decision)
        guard('contribute', () => recorder.contribute(session, decision.decisionId, 'tool_result', result.message, result, actorId));
    }
    tracer.record(traceId, 'mcp', 'tool_result', { tool: name, success: result.success, code: result.error?.code ?? null });
    if (session)
      guard('finish', () =>
        recorder.finish(session, result.success ? 'completed' : decisionRefused(result) ? 'cancelled' : 'failed', result.message, actorId),
      );
    return result;
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

function decisionRefused(result: ToolResult): boolean {
  return result.error?.code === 'POLICY_DENIED' || result.error?.code === 'CONFIRMATION_REQUIRED';
}
