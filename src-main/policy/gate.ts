import { decideRisk, type GateDecision, type MemberRole, type RiskPolicy } from '../../src-shared';
import type { RegisteredTool, ToolAsker } from '../platform/registry';
import { roleRule } from './role-rules';

/** Callers that act on their own and so need the household's "ja" for an `ask` action. */
const AGENT_ACTORS: ReadonlySet<ToolAsker['actor']> = new Set(['assistant', 'mcp']);

/** The asker with the role their member holds now. */
export interface GateAsker extends ToolAsker {
  readonly role: MemberRole;
}

/**
 * THE decision whether a tool call runs: over the risk of what the call reaches, the
 * household's risk policy and the asker's role, nothing else. The risk is the tool's declared
 * class, or the class of the one thing the call reaches when the tool knows it per target
 * (`riskOfCall`: a Home Assistant lock, cover or light, with the household's own setting for
 * that entity). Arguments only name the target; no argument, prompt or skill output states a
 * risk. Every path meets it: the registry applies it to each call; the assistant, MCP and the
 * approvals ask it first to know whether to run, ask, wait for an admin or refuse.
 *
 * - the policy denies the class (or the tool's override) -> `refuse`, whoever asks;
 * - the role refuses -> `refuse`; the role needs an admin -> `approve` (until an admin allowed
 *   exactly this call);
 * - the policy says `ask` and the asker is an agent (assistant, MCP client) without the
 *   household's "ja" -> `ask`; a person's own call from the UI, the CLI or an automation they
 *   set up is already the household's decision.
 */
export function decide(policy: RiskPolicy, tool: RegisteredTool, args: unknown, who: GateAsker): GateDecision {
  const verdict = decideRisk(policy, tool.name, tool.riskOfCall?.(args) ?? tool.risk);
  const base = { risk: verdict.risk, role: who.role };
  if (verdict.decision === 'deny') return { ...base, outcome: 'refuse', rule: verdict.rule };
  const rule = roleRule(who.role, tool, verdict.risk);
  if (rule === 'refuse') return { ...base, outcome: 'refuse', rule: `role:${who.role}:${verdict.risk}` };
  if (rule === 'approve') {
    return who.approved === true
      ? { ...base, outcome: 'run', rule: `role:${who.role}:approved` }
      : { ...base, outcome: 'approve', rule: `role:${who.role}:${verdict.risk}` };
  }
  if (verdict.decision === 'ask' && AGENT_ACTORS.has(who.actor) && who.confirmed !== true)
    return { ...base, outcome: 'ask', rule: verdict.rule };
  return { ...base, outcome: 'run', rule: verdict.rule };
}
