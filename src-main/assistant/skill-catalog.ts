import type { OllamaFunctionTool } from '../../src-shared';
import { estimateTokens } from './conversation';

// The skill catalog in the system prompt is bounded like the tool offer: with thousands of
// skills installed, listing every one would fill a small model's whole context. A request
// sees the skills whose tools the tool retrieval offered it (same ranking), up to a token
// size; `skills_find` reaches every other skill.

/** One skill as the catalog can show it. */
export interface CatalogSkill {
  readonly id: string;
  /** Its `<skill …/>` element (with overlay examples, if any). */
  readonly line: string;
  /** The tools that call it. */
  readonly tools: readonly string[];
}

export const FIND_SKILLS = 'skills_find';

export const FIND_SKILLS_TOOL: OllamaFunctionTool = {
  type: 'function',
  function: {
    name: FIND_SKILLS,
    description:
      'Finds further installed skills of this household that are not listed in <available_skills> (routines, instructions, pipelines). Returns their names, descriptions and tools; then call the tool of the one that fits.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: { query: { type: 'string', minLength: 1, maxLength: 300, description: 'What the skill should do, in a few words.' } },
    },
  },
};

/** Catalog size when the model profile says nothing: about twenty skills, a twentieth of a 16k context. */
export const DEFAULT_SKILL_CATALOG_TOKENS = 800;

/** The catalog's size for a model: a tenth of its tool budget, between 200 and the default. */
export function skillCatalogTokens(profile: { readonly maxTokens: number } | undefined): number {
  return profile ? Math.max(200, Math.min(DEFAULT_SKILL_CATALOG_TOKENS, Math.floor(profile.maxTokens / 10))) : DEFAULT_SKILL_CATALOG_TOKENS;
}

export interface BoundedCatalog {
  /** The `<available_skills>` block, or '' when no skill is shown. */
  readonly xml: string;
  readonly shown: readonly string[];
  /** Skills were left out: skills_find is offered. */
  readonly limited: boolean;
  readonly tokens: number;
}

/**
 * The catalog of one request: skills whose tools were offered come first, in the order the
 * retrieval ranked those tools, then the others in their order. Skills are added while the
 * block stays within `maxTokens`.
 */
export function boundedCatalog(skills: readonly CatalogSkill[], offeredTools: readonly string[], maxTokens: number): BoundedCatalog {
  if (skills.length === 0) return { xml: '', shown: [], limited: false, tokens: 0 };
  const rank = new Map(offeredTools.map((name, i) => [name, i] as const));
  const rankOf = (s: CatalogSkill): number => Math.min(...s.tools.map((t) => rank.get(t) ?? Infinity));
  // The skills of offered tools first; the others, in their order, fill what room is left.
  const ranked = skills
    .map((s, i) => ({ s, r: rankOf(s), i }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.s);
  const frame = estimateTokens('<available_skills>\n</available_skills>');
  let tokens = frame;
  const lines: string[] = [];
  const shown: string[] = [];
  for (const s of ranked) {
    const cost = estimateTokens(`${s.line}\n`);
    if (tokens + cost > maxTokens) continue;
    tokens += cost;
    lines.push(s.line);
    shown.push(s.id);
  }
  const limited = shown.length < skills.length;
  if (lines.length === 0) return { xml: '', shown, limited, tokens: 0 };
  return { xml: ['<available_skills>', ...lines, '</available_skills>'].join('\n'), shown, limited, tokens };
}

/** The skills a found tool list leads to, as skills_find answers them. */
export function skillsOfTools(skills: readonly CatalogSkill[], tools: readonly string[], limit = 8): CatalogSkill[] {
  const out: CatalogSkill[] = [];
  for (const t of tools) {
    const s = skills.find((x) => x.tools.includes(t));
    if (s && !out.includes(s)) out.push(s);
    if (out.length >= limit) break;
  }
  return out;
}
