import { describe, expect, it } from 'vitest';
import { jarvisNameOf, skillToolLimit, toolMatches } from './allowed-tools';

const JARVIS = ['groceries_add', 'groceries_list', 'tasks_create', 'skill_read', 'mcp_github_create_issue', 'mcp_github_list_issues'];

describe('allowed-tools in JARVIS terms', () => {
  it('keeps JARVIS names, maps Read and Skill to skill_read and Claude Code MCP names to JARVIS MCP names', () => {
    expect(jarvisNameOf('groceries_add')).toBe('groceries_add');
    expect(jarvisNameOf('Read')).toBe('skill_read');
    expect(jarvisNameOf('Skill')).toBe('skill_read');
    expect(jarvisNameOf('mcp__github__create_issue')).toBe('mcp_github_create_issue');
    expect(jarvisNameOf('mcp__github__*')).toBe('mcp_github_*');
    // The argument pattern cannot be checked; the tool's own name is what is looked up.
    expect(jarvisNameOf('Bash(git add *)')).toBe('Bash');
  });

  it('a trailing * is a prefix, anything else the exact name', () => {
    expect(toolMatches('groceries_*', 'groceries_add')).toBe(true);
    expect(toolMatches('groceries_*', 'tasks_create')).toBe(false);
    expect(toolMatches('groceries_add', 'groceries_add_more')).toBe(false);
  });

  it('names what JARVIS has, reports what it does not, and always allows skill_read', () => {
    const limit = skillToolLimit('einkauf', ['groceries_add', 'Bash(git:*)', 'WebFetch', 'mcp__github__*'], JARVIS);
    expect(limit).toEqual({
      skill: 'einkauf',
      tools: ['skill_read', 'groceries_add', 'mcp_github_*'],
      missing: ['Bash(git:*)', 'WebFetch'],
    });
  });

  it('a list that names nothing JARVIS has permits only skill_read', () => {
    expect(skillToolLimit('pdf', ['Bash', 'Write', 'Grep'], JARVIS)).toEqual({
      skill: 'pdf',
      tools: ['skill_read'],
      missing: ['Bash', 'Write', 'Grep'],
    });
  });
});
