import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchemaObject } from '../../../src-shared';
import { validate } from '../../platform/validation';

// The evaluation corpus (eval/cases/*.json): household requests with the calls a good model
// makes, the household they start from and what must be true afterwards.

export const EVAL_CATEGORIES = [
  'calendar',
  'recurring',
  'tasks',
  'reminders',
  'groceries',
  'recipes',
  'meal plan',
  'kanban',
  'knowledge',
  'home control',
  'multi-step',
  'confirmations',
  'refusals',
  'chit-chat',
] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

export interface ExpectedCall {
  readonly tool: string;
  /**
   * A subset of the arguments. Strings compare without case, and a shorter title inside a
   * longer one counts ("Zahnarzt" ~ "Zahnarzttermin"); "@name" is the id a setup step stored
   * as `as`; a symbolic time compares by the day (and time) it resolves to.
   */
  readonly arguments: Record<string, unknown>;
  /** Which turn of the case makes it (default 0). */
  readonly turn?: number;
}

/** Rows that must (or must not) be in a household table afterwards, as subsets ("^" = prefix, "~" = contains). */
export interface TableExpectation {
  readonly contains?: readonly Record<string, unknown>[];
  readonly absent?: readonly Record<string, unknown>[];
  readonly count?: number;
}

export interface EvalCase {
  readonly id: string;
  readonly category: EvalCategory;
  readonly lang: 'de' | 'en' | 'mixed';
  /** The user's turns in order ("ja" answers a confirmation). */
  readonly turns: readonly string[];
  /** Calls through the registry before the case, in order; `as` names the id of the result. */
  readonly setup?: readonly { readonly tool: string; readonly arguments: Record<string, unknown>; readonly as?: string }[];
  /** Device state of the stand-in home, merged over the default. */
  readonly home?: Record<string, Record<string, unknown>>;
  /** ISO instant the case runs at (default 2026-08-29T08:20:00Z, a Saturday morning in Berlin). */
  readonly now?: string;
  /** The skill whose instructions or pipeline lead to the expected calls (skill benchmark cases). */
  readonly skill?: string;
  readonly expect: {
    readonly calls: readonly ExpectedCall[];
    readonly state?: Readonly<Record<string, TableExpectation>>;
    /** Device state afterwards (subset per device). */
    readonly home?: Readonly<Record<string, Record<string, unknown>>>;
    /** Words the final reply must contain (read-only answers). */
    readonly answer?: readonly string[];
    /** The tool whose call must be waiting for "ja" at the end. */
    readonly pending?: string;
  };
}

const CASE_SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'category', 'lang', 'turns', 'expect'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9-]+$' },
    category: { enum: [...EVAL_CATEGORIES] },
    lang: { enum: ['de', 'en', 'mixed'] },
    turns: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    now: { type: 'string', format: 'date-time' },
    skill: { type: 'string', minLength: 1 },
    setup: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tool', 'arguments'],
        properties: { tool: { type: 'string' }, arguments: { type: 'object' }, as: { type: 'string' } },
      },
    },
    home: { type: 'object' },
    expect: {
      type: 'object',
      additionalProperties: false,
      required: ['calls'],
      properties: {
        calls: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['tool', 'arguments'],
            properties: { tool: { type: 'string' }, arguments: { type: 'object' }, turn: { type: 'integer', minimum: 0 } },
          },
        },
        state: { type: 'object' },
        home: { type: 'object' },
        answer: { type: 'array', items: { type: 'string' } },
        pending: { type: 'string' },
      },
    },
  },
};

/** Every case of a corpus folder (its `cases/*.json` arrays), checked; a bad file names itself. */
export function loadCorpus(dir: string): EvalCase[] {
  const casesDir = join(dir, 'cases');
  const out: EvalCase[] = [];
  const ids = new Set<string>();
  for (const file of readdirSync(casesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const list = JSON.parse(readFileSync(join(casesDir, file), 'utf8')) as unknown;
    if (!Array.isArray(list)) throw new Error(`${file}: expected a JSON array of cases`);
    list.forEach((c, i) => {
      const verdict = validate(CASE_SCHEMA, c);
      if (!verdict.ok) throw new Error(`${file} case ${i}: ${verdict.error.message}`);
      const item = c as EvalCase;
      if (ids.has(item.id)) throw new Error(`${file}: case id ${item.id} appears twice`);
      ids.add(item.id);
      out.push(item);
    });
  }
  return out;
}
