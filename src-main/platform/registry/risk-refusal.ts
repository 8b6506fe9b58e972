import { toolFailure, type RiskVerdict, type ToolResult } from '../../../src-shared';
import type { ToolContext } from './registry';

/** Callers that act on their own and so need the household's "ja" for an `ask` action. */
const AGENT_ACTORS: ReadonlySet<ToolContext['actor']> = new Set(['assistant', 'mcp']);

/**
 * What the risk policy refuses at the registry. `deny` refuses every caller. `ask` refuses
 * the assistant and MCP clients without the household's "ja": a person's own call from the
 * UI, the CLI or an automation they set up is already the household's decision.
 */
export function riskRefusal(verdict: RiskVerdict, tool: string, ctx: ToolContext): ToolResult | undefined {
  if (verdict.decision === 'deny') return toolFailure('POLICY_DENIED', riskDeniedSentence(tool, verdict));
  if (verdict.decision === 'ask' && AGENT_ACTORS.has(ctx.actor) && ctx.confirmed !== true) {
    return toolFailure(
      'CONFIRMATION_REQUIRED',
      `${tool} braucht zuerst das „ja“ des Haushalts (Risikoklasse ${verdict.risk}, Regel ${verdict.rule}).`,
    );
  }
  return undefined;
}

export function riskDeniedSentence(tool: string, verdict: RiskVerdict): string {
  return `${tool} ist gesperrt: Risikoklasse „${verdict.risk}“, Regel ${verdict.rule}. Freigeben kann es nur der Haushalt unter Wissen & System → Risiko-Regeln.`;
}
