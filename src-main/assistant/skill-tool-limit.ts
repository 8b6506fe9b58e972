import { toolFailure, type ToolResult } from '../../src-shared';
import { SKILL_READ_TOOL, toolMatches, type SkillToolLimit } from '../skills';

/** The code of a call refused because a skill followed in this request does not allow it. */
export const SKILL_TOOL_NOT_ALLOWED = 'SKILL_TOOL_NOT_ALLOWED';

// A long list helps no model; the first names say enough to recover.
const LISTED_MAX = 20;

/**
 * What the skills the assistant follows in one request allow it to call. Every loaded skill
 * with `allowed-tools` narrows the request further (a tool must be allowed by all of them),
 * so loading another skill never lifts a limit. skill_read always stays allowed. The
 * household's risk policy is decided separately and still applies to what is allowed here.
 */
export class SkillToolLimits {
  private readonly limits: SkillToolLimit[] = [];

  get active(): boolean {
    return this.limits.length > 0;
  }

  get skills(): readonly string[] {
    return this.limits.map((l) => l.skill);
  }

  /** A skill's instructions were loaded: its limit holds for the rest of the request. */
  follow(limit: SkillToolLimit): void {
    if (!this.limits.some((l) => l.skill === limit.skill)) this.limits.push(limit);
  }

  allows(tool: string): boolean {
    return tool === SKILL_READ_TOOL || this.limits.every((l) => l.tools.some((p) => toolMatches(p, tool)));
  }

  /** The refusal of a call outside the limits, naming what is allowed among `known`; undefined when allowed. */
  refusal(tool: string, known: Iterable<string>): ToolResult | undefined {
    if (this.allows(tool)) return undefined;
    const allowed = [...new Set([...known].filter((t) => this.allows(t)).concat(SKILL_READ_TOOL))].sort();
    const listed = allowed.length > LISTED_MAX ? `${allowed.slice(0, LISTED_MAX).join(', ')} …` : allowed.join(', ');
    const names = this.limits.map((l) => `„${l.skill}“`);
    const who =
      names.length === 1
        ? `Der Skill ${names[0]} erlaubt`
        : `Die Skills ${names.slice(0, -1).join(', ')} und ${names.at(-1)} erlauben zusammen`;
    return toolFailure(SKILL_TOOL_NOT_ALLOWED, `${tool} wurde nicht ausgeführt. ${who} nur: ${listed} (allowed-tools).`);
  }
}
