import type { SkillCase } from './cases';
import { jsonOf, type ModelAsk } from './model';

// The description search (what GEPA's reflective prompt evolution does for a prompt): the
// model reads the current description with requests where the skill was and was not the
// right choice and proposes new descriptions; each is scored by letting the model choose a
// skill for every benchmark case with that description in the catalog.

export const DEFAULT_CANDIDATES = 3;
const MAX_DESCRIPTION_CHARS = 1024;
const PROMPT_REQUESTS_EACH_WAY = 8;

export interface CatalogSkill {
  readonly id: string;
  readonly description: string;
}

function xmlAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');
}

function catalogWith(catalog: readonly CatalogSkill[], id: string, description: string): string {
  const lines = catalog.map(
    (s) => `  <skill name="${xmlAttr(s.id)}" description="${xmlAttr(s.id === id ? description : s.description)}" />`,
  );
  return ['<available_skills>', ...lines, '</available_skills>'].join('\n');
}

/** Asks the model for up to `n` new descriptions; what it answers that is not one is dropped. */
export async function proposeDescriptions(ask: ModelAsk, skill: CatalogSkill, cases: readonly SkillCase[], n: number): Promise<string[]> {
  const chosen = cases.filter((c) => c.use).slice(0, PROMPT_REQUESTS_EACH_WAY);
  const other = cases.filter((c) => !c.use).slice(0, PROMPT_REQUESTS_EACH_WAY);
  const answer = await ask(
    [
      {
        role: 'system',
        content: [
          'You improve the description of one skill in an assistant\u2019s skill catalog. The assistant chooses a skill by its description alone.',
          `Write ${n} different descriptions that make the assistant choose this skill for requests like the first list and not for requests like the second.`,
          'Each description: one or two sentences, at most 300 characters, in the language of the current description, no quotes of the requests.',
          'Answer only JSON: {"descriptions": ["...", "..."]}.',
        ].join('\n'),
      },
      {
        role: 'user',
        content: [
          `Skill: ${skill.id}`,
          `Current description: ${skill.description}`,
          'Requests this skill answered:',
          ...(chosen.length > 0 ? chosen.map((c) => `- ${c.request}`) : ['- (none recorded)']),
          'Requests another tool answered:',
          ...(other.length > 0 ? other.map((c) => `- ${c.request}`) : ['- (none recorded)']),
        ].join('\n'),
      },
    ],
    { temperature: 0.7 },
  );
  const value = jsonOf(answer) as { descriptions?: unknown } | undefined;
  const list = Array.isArray(value?.descriptions) ? value.descriptions : [];
  const out: string[] = [];
  for (const d of list) {
    if (typeof d !== 'string') continue;
    const text = d.replace(/\s+/g, ' ').trim();
    if (!text || text.length > MAX_DESCRIPTION_CHARS || text === skill.description || out.includes(text)) continue;
    out.push(text);
    if (out.length >= n) break;
  }
  return out;
}

/** Which skill the model picks for a request from the catalog: a skill id, or '' for none. */
async function pickSkill(ask: ModelAsk, catalog: string, request: string): Promise<string> {
  const answer = await ask(
    [
      {
        role: 'system',
        content: [
          'Choose the one skill from the catalog that answers the user\u2019s request, or none if no skill fits.',
          'Answer only JSON: {"skill": "<name>"} or {"skill": ""}.',
          catalog,
        ].join('\n'),
      },
      { role: 'user', content: request },
    ],
    { temperature: 0 },
  );
  const value = jsonOf(answer) as { skill?: unknown } | undefined;
  return typeof value?.skill === 'string' ? value.skill.trim() : '';
}

/** The share of cases (0..1) where the model chooses the skill exactly when it should, with this description. */
export async function scoreDescription(
  ask: ModelAsk,
  catalog: readonly CatalogSkill[],
  id: string,
  description: string,
  cases: readonly SkillCase[],
): Promise<number> {
  if (cases.length === 0) return 0;
  const xml = catalogWith(catalog, id, description);
  let right = 0;
  for (const c of cases) {
    const picked = await pickSkill(ask, xml, c.request);
    if ((picked === id) === c.use) right++;
  }
  return right / cases.length;
}

export interface DescriptionSearch {
  readonly baseline: number;
  readonly candidates: readonly { readonly description: string; readonly score: number }[];
  /** The best candidate when it beats the current description; otherwise undefined. */
  readonly best?: { readonly description: string; readonly score: number };
}

export async function searchDescription(
  ask: ModelAsk,
  catalog: readonly CatalogSkill[],
  skill: CatalogSkill,
  cases: readonly SkillCase[],
  n: number,
): Promise<DescriptionSearch> {
  const proposals = await proposeDescriptions(ask, skill, cases, n);
  const baseline = await scoreDescription(ask, catalog, skill.id, skill.description, cases);
  const candidates: { description: string; score: number }[] = [];
  for (const description of proposals)
    candidates.push({ description, score: await scoreDescription(ask, catalog, skill.id, description, cases) });
  // The first of equally good candidates: the model proposed it first.
  const top = candidates.reduce<{ description: string; score: number } | undefined>((b, c) => (!b || c.score > b.score ? c : b), undefined);
  return { baseline, candidates, ...(top && top.score > baseline ? { best: top } : {}) };
}
