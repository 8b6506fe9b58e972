import type { OverlayExample, SkillOverlay } from './overlays';

/** Few-shot examples in the system prompt: enough to show the pattern, small enough for a small model's context. */
export const PROMPT_EXAMPLES_PER_SKILL = 3;
export const PROMPT_EXAMPLES_MAX_CHARS = 2000;
const MAX_EXAMPLE_CHARS = 400;

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');
}

function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** One example as the model reads it: the request, then the calls that answered it. */
export function exampleXml(example: OverlayExample): string {
  const calls = example.calls.map((c) => `${c.tool} ${JSON.stringify(c.arguments)}`).join(' → ');
  return `<example request="${xmlAttr(example.request)}">${xmlText(calls)}</example>`;
}

/**
 * The examples of the overlays in use, per skill id: at most three a skill and 2,000
 * characters in all; an example that does not fit is left out, never cut.
 */
export function overlayExamplesXml(overlays: readonly SkillOverlay[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let budget = PROMPT_EXAMPLES_MAX_CHARS;
  // Round-robin: every skill gets its first example before any gets a second.
  for (let round = 0; round < PROMPT_EXAMPLES_PER_SKILL; round++) {
    for (const o of overlays) {
      const example = o.examples[round];
      if (!example) continue;
      const xml = exampleXml(example);
      if (xml.length > MAX_EXAMPLE_CHARS || xml.length > budget) continue;
      budget -= xml.length;
      out.set(o.skill, [...(out.get(o.skill) ?? []), xml]);
    }
  }
  return out;
}
