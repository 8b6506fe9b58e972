import { describe, expect, it } from 'vitest';
import type { GateDecision } from '../../src-shared';
import { evaluatePolicy, recordedVerdict } from './policy';

const gate = (outcome: GateDecision['outcome'], rule: string, risk: GateDecision['risk'] = 'disruptive'): GateDecision => ({
  outcome,
  risk,
  rule,
  role: rule.startsWith('role:') ? 'child' : 'admin',
});

describe("the protocol records the gate's decision", () => {
  it('names the rule that decided, with the risk class', () => {
    expect(recordedVerdict(gate('refuse', 'class:security', 'security'))).toMatchObject({
      outcome: 'deny',
      rule: 'class:security',
      risk: 'security',
    });
    expect(recordedVerdict(gate('ask', 'class:disruptive'))).toMatchObject({ outcome: 'require_review', rule: 'class:disruptive' });
    expect(recordedVerdict(gate('run', 'override:calendar_delete'))).toMatchObject({ outcome: 'allow', rule: 'override:calendar_delete' });
  });

  it("a child's call that waits for an admin is a review; a role's refusal says the role", () => {
    expect(recordedVerdict(gate('approve', 'role:child:disruptive'))).toMatchObject({
      outcome: 'require_review',
      reason: expect.stringContaining("admin's approval") as unknown,
    });
    expect(recordedVerdict(gate('refuse', 'role:child:security', 'security')).reason).toContain('role child');
  });

  it("a skill's narrowing denies what the gate lets through, and the gate's own refusal keeps its reason", () => {
    const narrowing = { rule: 'skill:einkauf', reason: 'tasks_create wurde nicht ausgeführt.' };
    expect(recordedVerdict(gate('run', 'class:reversible', 'reversible'), narrowing)).toEqual({
      outcome: 'deny',
      reason: 'tasks_create wurde nicht ausgeführt.',
      rule: 'skill:einkauf',
      risk: 'reversible',
    });
    expect(recordedVerdict(gate('ask', 'class:disruptive'), narrowing)).toMatchObject({ outcome: 'deny', rule: 'skill:einkauf' });
    expect(recordedVerdict(gate('refuse', 'class:security', 'security'), narrowing)).toMatchObject({
      outcome: 'deny',
      rule: 'class:security',
    });
  });

  it("a protocol client's own policy keeps its deny and review lists", () => {
    const rules = { require_review: ['calendar_delete'], deny: ['shell_*'] };
    expect(evaluatePolicy(rules, 'calendar_delete')).toMatchObject({ outcome: 'require_review', rule: 'review:calendar_delete' });
    expect(evaluatePolicy(rules, 'shell_run')).toMatchObject({ outcome: 'deny', rule: 'deny:shell_*' });
    expect(evaluatePolicy(rules, 'tasks_list')).toMatchObject({ outcome: 'allow', rule: 'default' });
  });
});
