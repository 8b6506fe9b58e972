import { toolFailure, type GateDecision, type RiskVerdict, type ToolResult } from '../../../src-shared';

/**
 * The answer of a call the gate did not let run. `refuse` never runs; `ask` waits for the
 * household's "ja" (only the assistant can collect it); `approve` waits for an admin.
 */
export function gateRefusal(decision: GateDecision, tool: string): ToolResult | undefined {
  switch (decision.outcome) {
    case 'run':
      return undefined;
    case 'refuse':
      return toolFailure(
        'POLICY_DENIED',
        decision.rule.startsWith('role:') ? roleDeniedSentence(tool, decision) : riskDeniedSentence(tool, decision),
      );
    case 'ask':
      return toolFailure(
        'CONFIRMATION_REQUIRED',
        `${tool} braucht zuerst das „ja“ des Haushalts (Risikoklasse ${decision.risk}, Regel ${decision.rule}).`,
      );
    case 'approve':
      return toolFailure('APPROVAL_REQUIRED', approvalSentence(tool, decision));
  }
}

export function riskDeniedSentence(tool: string, verdict: Pick<RiskVerdict, 'risk' | 'rule'>): string {
  return `${tool} ist gesperrt: Risikoklasse „${verdict.risk}“, Regel ${verdict.rule}. Freigeben kann es nur der Haushalt unter Wissen & System → Risiko-Regeln.`;
}

export function roleDeniedSentence(tool: string, decision: GateDecision): string {
  return `${tool} ist für die Rolle „${decision.role}“ nicht erlaubt (Risikoklasse „${decision.risk}“).`;
}

export function approvalSentence(tool: string, decision: GateDecision): string {
  return `${tool} braucht die Freigabe eines Verwalters (Rolle „${decision.role}“, Risikoklasse „${decision.risk}“).`;
}
