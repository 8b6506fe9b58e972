import type { DecisionOutcome, PolicyRules } from '../../src-shared';

function matches(pattern: string, tool: string): boolean {
  return pattern.endsWith('*') ? tool.startsWith(pattern.slice(0, -1)) : pattern === tool;
}

/** Deny wins over review; anything not named is allowed. */
export function evaluatePolicy(rules: PolicyRules, tool: string): { outcome: DecisionOutcome; reason: string } {
  const denied = rules.deny.find((p) => matches(p, tool));
  if (denied) return { outcome: 'deny', reason: `policy denies ${denied}` };
  const review = rules.require_review.find((p) => matches(p, tool));
  if (review) return { outcome: 'require_review', reason: `policy requires a review for ${review}` };
  return { outcome: 'allow', reason: 'allowed by policy' };
}
