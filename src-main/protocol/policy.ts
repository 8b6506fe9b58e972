import type { DecisionOutcome, GateDecision, PolicyRules, RiskClass } from '../../src-shared';

function matches(pattern: string, tool: string): boolean {
  return pattern.endsWith('*') ? tool.startsWith(pattern.slice(0, -1)) : pattern === tool;
}

/**
 * A limit the host's caller sets on top of the gate for one action (a skill's
 * `allowed-tools`): it can only turn an allowed or reviewed action into a denied one.
 */
export interface PolicyNarrowing {
  readonly rule: string;
  readonly reason: string;
}

export interface PolicyVerdict {
  readonly outcome: DecisionOutcome;
  readonly reason: string;
  readonly rule: string;
  /** The action's risk class, when the host's gate decided. */
  readonly risk?: RiskClass;
}

const OUTCOME_OF_GATE: Readonly<Record<GateDecision['outcome'], DecisionOutcome>> = {
  run: 'allow',
  ask: 'require_review',
  approve: 'require_review',
  refuse: 'deny',
};

/**
 * The host's gate decided; the protocol records that decision, it does not make its own.
 * A narrowing (a skill's allowed-tools) denies what the gate let through.
 */
export function recordedVerdict(decision: GateDecision, narrowing?: PolicyNarrowing): PolicyVerdict {
  const risk = decision.risk;
  if (decision.outcome === 'refuse') {
    const why = decision.rule.startsWith('role:')
      ? `the role ${decision.role} may not run risk class ${risk} (${decision.rule})`
      : `risk class ${risk} is denied by the household (${decision.rule})`;
    return { outcome: 'deny', reason: why, rule: decision.rule, risk };
  }
  if (narrowing) return { outcome: 'deny', reason: narrowing.reason, rule: narrowing.rule, risk };
  const outcome = OUTCOME_OF_GATE[decision.outcome];
  const reason =
    decision.outcome === 'approve'
      ? `risk class ${risk} needs an admin's approval for the role ${decision.role} (${decision.rule})`
      : decision.outcome === 'ask'
        ? `risk class ${risk} needs the household's confirmation (${decision.rule})`
        : `risk class ${risk} is allowed (${decision.rule})`;
  return { outcome, reason, rule: decision.rule, risk };
}

/**
 * For policies a protocol client defines for its own sessions: deny wins over review;
 * anything not named is allowed. The host's own calls never come here (recordedVerdict).
 */
export function evaluatePolicy(rules: PolicyRules, tool: string): PolicyVerdict {
  const denied = rules.deny.find((p) => matches(p, tool));
  if (denied) return { outcome: 'deny', reason: `policy denies ${denied}`, rule: `deny:${denied}` };
  const review = rules.require_review.find((p) => matches(p, tool));
  if (review) return { outcome: 'require_review', reason: `policy requires a review for ${review}`, rule: `review:${review}` };
  return { outcome: 'allow', reason: 'allowed by policy', rule: 'default' };
}
