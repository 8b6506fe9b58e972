import { describe, expect, it } from 'vitest';
import { evaluatePolicy } from './policy';

describe('the protocol policy with risk classes', () => {
  const rules = { require_review: ['calendar_delete'], deny: ['shell_*'] };

  it('names the risk rule that decided, and the deny list still refuses', () => {
    expect(evaluatePolicy(rules, 'door_unlock', { risk: 'security', decision: 'deny', rule: 'class:security' })).toMatchObject({
      outcome: 'deny',
      rule: 'class:security',
    });
    expect(evaluatePolicy(rules, 'vm_stop', { risk: 'disruptive', decision: 'ask', rule: 'class:disruptive' })).toMatchObject({
      outcome: 'require_review',
      rule: 'class:disruptive',
    });
    expect(evaluatePolicy(rules, 'shell_run', { risk: 'read', decision: 'allow', rule: 'class:read' })).toMatchObject({
      outcome: 'deny',
      rule: 'deny:shell_*',
    });
  });

  it('lets a household override replace the old review list', () => {
    expect(
      evaluatePolicy(rules, 'calendar_delete', { risk: 'disruptive', decision: 'allow', rule: 'override:calendar_delete' }),
    ).toMatchObject({ outcome: 'allow', rule: 'override:calendar_delete' });
  });

  it("a skill's narrowing denies what the household allows or reviews, and the household's own denial keeps its reason", () => {
    const narrowing = { rule: 'skill:einkauf', reason: 'tasks_create wurde nicht ausgeführt.' };
    expect(evaluatePolicy(rules, 'tasks_create', { risk: 'reversible', decision: 'allow', rule: 'class:reversible' }, narrowing)).toEqual({
      outcome: 'deny',
      reason: 'tasks_create wurde nicht ausgeführt.',
      rule: 'skill:einkauf',
    });
    expect(evaluatePolicy(rules, 'vm_stop', { risk: 'disruptive', decision: 'ask', rule: 'class:disruptive' }, narrowing)).toMatchObject({
      outcome: 'deny',
      rule: 'skill:einkauf',
    });
    expect(evaluatePolicy(rules, 'door_unlock', { risk: 'security', decision: 'deny', rule: 'class:security' }, narrowing)).toMatchObject({
      outcome: 'deny',
      rule: 'class:security',
    });
  });

  it('keeps the old rules for callers without a class', () => {
    expect(evaluatePolicy(rules, 'calendar_delete')).toMatchObject({ outcome: 'require_review', rule: 'review:calendar_delete' });
    expect(evaluatePolicy(rules, 'tasks_list')).toMatchObject({ outcome: 'allow', rule: 'default' });
  });
});
