import { describe, expect, it } from 'vitest';
import { SKILL_TOOL_NOT_ALLOWED, SkillToolLimits } from './skill-tool-limit';

const KNOWN = ['groceries_add', 'groceries_list', 'tasks_create', 'skill_read', 'calendar_list'];

describe('the tools a request may call while it follows skills', () => {
  it('without a loaded skill everything is allowed', () => {
    const limits = new SkillToolLimits();
    expect(limits.active).toBe(false);
    expect(limits.refusal('tasks_create', KNOWN)).toBeUndefined();
  });

  it('one skill allows its list and skill_read; a refusal names the skill and what it allows', () => {
    const limits = new SkillToolLimits();
    limits.follow({ skill: 'einkauf', tools: ['skill_read', 'groceries_add'], missing: [] });
    expect(limits.refusal('groceries_add', KNOWN)).toBeUndefined();
    expect(limits.refusal('skill_read', KNOWN)).toBeUndefined();
    const refused = limits.refusal('tasks_create', KNOWN)!;
    expect(refused).toMatchObject({ success: false, mutated: false, error: { code: SKILL_TOOL_NOT_ALLOWED } });
    expect(refused.message).toBe(
      'tasks_create wurde nicht ausgeführt. Der Skill „einkauf“ erlaubt nur: groceries_add, skill_read (allowed-tools).',
    );
  });

  it('several skills narrow together: a tool must be allowed by each, so a second skill never widens', () => {
    const limits = new SkillToolLimits();
    limits.follow({ skill: 'einkauf', tools: ['skill_read', 'groceries_*'], missing: [] });
    limits.follow({ skill: 'liste', tools: ['skill_read', 'groceries_list', 'tasks_create'], missing: [] });
    expect(limits.allows('groceries_list')).toBe(true);
    expect(limits.allows('groceries_add')).toBe(false);
    expect(limits.allows('tasks_create')).toBe(false);
    expect(limits.refusal('tasks_create', KNOWN)!.message).toBe(
      'tasks_create wurde nicht ausgeführt. Die Skills „einkauf“ und „liste“ erlauben zusammen nur: groceries_list, skill_read (allowed-tools).',
    );
  });

  it('a skill whose list names nothing JARVIS has leaves only skill_read', () => {
    const limits = new SkillToolLimits();
    limits.follow({ skill: 'pdf', tools: ['skill_read'], missing: ['Bash', 'Write'] });
    expect(KNOWN.filter((t) => limits.allows(t))).toEqual(['skill_read']);
  });
});
