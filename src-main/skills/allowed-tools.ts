import { SKILL_READ_TOOL } from './skill-reader';

/**
 * Foreign tool names (Claude Code's, which most published skills use) with a true JARVIS
 * equivalent. Everything else foreign has none: JARVIS has no shell, no file editor and no web
 * access for the assistant.
 */
export const FOREIGN_TOOL_EQUIVALENTS: Readonly<Record<string, string>> = {
  // Within a skill, reading files means reading the skill's own folder.
  Read: SKILL_READ_TOOL,
  // Loading another skill's instructions.
  Skill: SKILL_READ_TOOL,
};

/** A skill's `allowed-tools` in JARVIS terms. */
export interface SkillToolLimit {
  readonly skill: string;
  /** JARVIS tool names, or prefixes ending in `*` (`groceries_*`). */
  readonly tools: readonly string[];
  /** Declared names that name nothing JARVIS has right now. */
  readonly missing: readonly string[];
}

/** Claude Code names an MCP tool `mcp__<server>__<tool>`, JARVIS `mcp_<server>_<tool>` (tool-mapping.ts). */
function mcpEquivalent(name: string): string | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  if (!m) return undefined;
  const clean = (part: string) => part.replace(/[^A-Za-z0-9*]/g, '_');
  return `mcp_${clean(m[1]!)}_${clean(m[2]!)}`;
}

/** One declared name as a JARVIS name or prefix. `Bash(git:*)`'s argument pattern cannot be checked, so only its tool counts. */
export function jarvisNameOf(declared: string): string {
  const base = declared.replace(/\(.*\)$/s, '').trim();
  return FOREIGN_TOOL_EQUIVALENTS[base] ?? mcpEquivalent(base) ?? base;
}

export function toolMatches(pattern: string, tool: string): boolean {
  return pattern.endsWith('*') ? tool.startsWith(pattern.slice(0, -1)) : pattern === tool;
}

/**
 * A skill's declared `allowed-tools` against the tools JARVIS has. skill_read is always
 * allowed: the skill's own files are how its instructions continue.
 */
export function skillToolLimit(skill: string, declared: readonly string[], toolNames: readonly string[]): SkillToolLimit {
  const tools = new Set<string>([SKILL_READ_TOOL]);
  const missing: string[] = [];
  for (const name of declared) {
    const jarvis = jarvisNameOf(name);
    if (jarvis === SKILL_READ_TOOL || toolNames.some((t) => toolMatches(jarvis, t))) tools.add(jarvis);
    else missing.push(name);
  }
  return { skill, tools: [...tools], missing };
}
