import type { DecisionOutcome, PolicyRules, RiskVerdict } from '../../src-shared';

function matches(pattern: string, tool: string): boolean {
  return pattern.endsWith('*') ? tool.startsWith(pattern.slice(0, -1)) : pattern === tool;
}

/**
 * A limit the host's caller sets on top of the policy for one action (a skill's
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
}

/**
 * Deny wins over review; anything not named is allowed. With a risk verdict (the host's
 * own callers pass one), the policy's deny list still refuses, and the risk classes replace
 * its review list: the household edits those per class and per action.
 */
export function evaluatePolicy(rules: PolicyRules, tool: string, risk?: RiskVerdict, narrowing?: PolicyNarrowing): PolicyVerdict {
  const denied = rules.deny.find((p) => matches(p, tool));
  if (denied) return { outcome: 'deny', reason: `policy denies ${denied}`, rule: `deny:${denied}` };
  if (risk?.decision === 'deny')
    return { outcome: 'deny', reason: `risk class ${risk.risk} is denied by the household (${risk.rule})`, rule: risk.rule };
  // The household's own denials keep their reason; a narrowing denies what remains.
  if (narrowing) return { outcome: 'deny', reason: narrowing.reason, rule: narrowing.rule };
  if (risk) {
    if (risk.decision === 'ask')
      return {
        outcome: 'require_review',
        reason: `risk class ${risk.risk} needs the household's confirmation (${risk.rule})`,
        rule: risk.rule,
      };
    return { outcome: 'allow', reason: `risk class ${risk.risk} is allowed (${risk.rule})`, rule: risk.rule };
  }
  const review = rules.require_review.find((p) => matches(p, tool));
  if (review) return { outcome: 'require_review', reason: `policy requires a review for ${review}`, rule: `review:${review}` };
  return { outcome: 'allow', reason: 'allowed by policy', rule: 'default' };
}
