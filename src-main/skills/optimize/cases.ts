import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '../../platform/validation';
import type { RecordedRequest } from './history';

/**
 * A benchmark case of one skill: a request, and whether the assistant should choose this
 * skill for it (`use: true`) or something else (`use: false`).
 */
export interface SkillCase {
  readonly request: string;
  readonly use: boolean;
  readonly from: 'history' | 'evals';
}

/** `evals/cases.json` in a skill folder: cases its author ships with it. */
export const SKILL_CASES_FILE = join('evals', 'cases.json');
export const SKILL_CASES_SCHEMA = {
  type: 'object',
  required: ['cases'],
  properties: {
    cases: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['request', 'use'],
        properties: { request: { type: 'string', minLength: 1, maxLength: 2000 }, use: { type: 'boolean' } },
      },
    },
  },
} as const;
const MAX_CASES_BYTES = 512 * 1024;
/** Cases taken from the history, each way: enough to tell descriptions apart, few enough to score quickly. */
export const HISTORY_CASES_EACH_WAY = 12;
export const MAX_CASES = 40;

export type CasesLoad = { readonly cases: readonly SkillCase[]; readonly problem?: string };

/** The skill's own cases; a broken file is reported and counts as none. A flat `.toml` skill has no folder for them. */
export function readSkillCases(dir: string): CasesLoad {
  if (dir.endsWith('.toml')) return { cases: [] };
  const file = join(dir, SKILL_CASES_FILE);
  let text: string;
  try {
    if (statSync(file).size > MAX_CASES_BYTES) return { cases: [], problem: `${file}: larger than ${MAX_CASES_BYTES} bytes` };
    text = readFileSync(file, 'utf8');
  } catch {
    return { cases: [] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { cases: [], problem: `${file}: not JSON` };
  }
  const verdict = validate(SKILL_CASES_SCHEMA, value);
  if (!verdict.ok) return { cases: [], problem: `${file}: ${verdict.error.message}` };
  return { cases: (value as { cases: { request: string; use: boolean }[] }).cases.map((c) => ({ ...c, from: 'evals' as const })) };
}

export function normalizedRequest(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Successful requests answered with one of the skill's tools. */
export function usesOf(history: readonly RecordedRequest[], tools: ReadonlySet<string>): RecordedRequest[] {
  return history.filter((r) => r.success && r.calls.some((c) => tools.has(c.tool)));
}

/**
 * The cases a description is scored on: the skill's own cases first, then requests from the
 * history where it was chosen and where another tool answered, each request once.
 */
export function benchmarkCases(history: readonly RecordedRequest[], tools: ReadonlySet<string>, own: readonly SkillCase[]): SkillCase[] {
  const seen = new Set<string>();
  const out: SkillCase[] = [];
  const add = (c: SkillCase) => {
    const key = normalizedRequest(c.request);
    if (seen.has(key) || out.length >= MAX_CASES) return;
    seen.add(key);
    out.push(c);
  };
  for (const c of own) add(c);
  const positives = usesOf(history, tools).slice(-HISTORY_CASES_EACH_WAY);
  const negatives = history
    .filter((r) => r.success && r.calls.length > 0 && !r.calls.some((c) => tools.has(c.tool)))
    .slice(-HISTORY_CASES_EACH_WAY);
  for (const r of positives) add({ request: r.request, use: true, from: 'history' });
  for (const r of negatives) add({ request: r.request, use: false, from: 'history' });
  return out;
}
