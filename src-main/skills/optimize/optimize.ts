import { OVERLAY_FORMAT, OverlayError, writeOverlay, type OverlayPolicy, type SkillOverlay } from '../overlays';
import { benchmarkCases, readSkillCases, usesOf, type SkillCase } from './cases';
import { searchDescription, type CatalogSkill } from './describe';
import { pickExamples } from './few-shot';
import type { RecordedRequest } from './history';
import type { ModelAsk } from './model';

/** The policies by the names the optimisers they correspond to go by. */
export const POLICY_ALIASES: Readonly<Record<string, OverlayPolicy>> = {
  'few-shot': 'few-shot',
  dspy: 'few-shot',
  describe: 'describe',
  gepa: 'describe',
};

/** A skill as the optimiser sees it: what the model is offered and what the overlay is made for. */
export interface OptimizableSkill {
  readonly id: string;
  /** The skill's own description. */
  readonly description: string;
  readonly sha256: string;
  readonly tools: readonly string[];
  readonly dir: string;
  /** Its overlay in use (made for this tree), if any. */
  readonly overlay?: SkillOverlay;
}

export interface OptimizeOptions {
  readonly policy: OverlayPolicy;
  readonly minTraces: number;
  readonly dryRun: boolean;
  readonly overlayDir: string;
  readonly now: Date;
  /** Description candidates the describe policy asks for. */
  readonly candidates: number;
  /** Needed by the describe policy unless it is a dry run. */
  readonly ask?: ModelAsk;
  readonly progress?: (line: string) => void;
}

export interface OptimizeRow {
  readonly skill: string;
  readonly uses: number;
  /** `written`: an overlay was written; `planned`: a dry run would optimise; `skipped`, `kept`: nothing written, `reason` says why. */
  readonly result: 'written' | 'planned' | 'skipped' | 'kept';
  readonly reason: string;
  readonly cases?: number;
  readonly file?: string;
  readonly overlay?: SkillOverlay;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export async function optimizeSkills(
  skills: readonly OptimizableSkill[],
  history: readonly RecordedRequest[],
  options: OptimizeOptions,
): Promise<OptimizeRow[]> {
  if (options.policy === 'describe' && !options.dryRun && !options.ask) throw new Error('the describe policy needs a model');
  // The catalog a description competes in: every skill as the model sees it now.
  const catalog: CatalogSkill[] = skills.map((s) => ({ id: s.id, description: s.overlay?.description ?? s.description }));
  const rows: OptimizeRow[] = [];
  for (const skill of skills) {
    const uses = usesOf(history, new Set(skill.tools));
    if (uses.length < options.minTraces) {
      rows.push({
        skill: skill.id,
        uses: uses.length,
        result: 'skipped',
        reason: `${plural(uses.length, 'successful use', 'successful uses')}, needs ${options.minTraces} (--min-traces)`,
      });
      continue;
    }
    options.progress?.(`${skill.id}: ${plural(uses.length, 'successful use', 'successful uses')}`);
    try {
      rows.push(
        options.policy === 'few-shot'
          ? fewShot(skill, uses, options)
          : await describe(skill, uses, history, catalog, { ...options, ask: options.ask as ModelAsk }),
      );
    } catch (err) {
      // One skill whose overlay cannot be written does not stop the others.
      if (!(err instanceof OverlayError)) throw err;
      rows.push({ skill: skill.id, uses: uses.length, result: 'skipped', reason: err.message });
    }
  }
  return rows;
}

function overlayOf(
  skill: OptimizableSkill,
  fields: Pick<SkillOverlay, 'description' | 'examples' | 'policy' | 'score'>,
  now: Date,
): SkillOverlay {
  return {
    format: OVERLAY_FORMAT,
    skill: skill.id,
    skill_sha256: skill.sha256,
    base_description: skill.description.slice(0, 4096),
    ...fields,
    created_at: now.toISOString(),
  };
}

/** Examples from successful uses; a description found earlier by the describe policy stays. */
function fewShot(skill: OptimizableSkill, uses: readonly RecordedRequest[], options: OptimizeOptions): OptimizeRow {
  const examples = pickExamples(uses);
  const base = { skill: skill.id, uses: uses.length };
  if (examples.length === 0) {
    return {
      ...base,
      result: 'skipped',
      reason: `${plural(uses.length, 'successful use', 'successful uses')}, none with its arguments recorded (the debug trace in JARVIS_DEBUG_DIR keeps them)`,
    };
  }
  const what = `${plural(examples.length, 'example', 'examples')} from ${plural(uses.length, 'successful use', 'successful uses')}`;
  if (options.dryRun) return { ...base, result: 'planned', reason: `would write ${what}` };
  const overlay = overlayOf(
    skill,
    {
      description: (skill.overlay?.description ?? skill.description).slice(0, 1024) || skill.id,
      examples,
      policy: 'few-shot',
      score: { ...skill.overlay?.score, traces: uses.length },
    },
    options.now,
  );
  return { ...base, result: 'written', reason: what, file: writeOverlay(options.overlayDir, overlay), overlay };
}

const percent = (x: number) => `${Math.round(x * 100)} %`;

/** A better description, scored on the skill's benchmark cases; examples found earlier stay. */
async function describe(
  skill: OptimizableSkill,
  uses: readonly RecordedRequest[],
  history: readonly RecordedRequest[],
  catalog: readonly CatalogSkill[],
  options: OptimizeOptions & { readonly ask: ModelAsk },
): Promise<OptimizeRow> {
  const own = readSkillCases(skill.dir);
  const tools = new Set(skill.tools);
  const cases: SkillCase[] = benchmarkCases(history, tools, own.cases);
  const base = { skill: skill.id, uses: uses.length, cases: cases.length };
  const note = own.problem ? ` (${own.problem}: ignored)` : '';
  const shouldNot = cases.filter((c) => !c.use).length;
  if (options.dryRun) {
    return {
      ...base,
      result: 'planned',
      reason: `would try ${plural(options.candidates, 'description', 'descriptions')} on ${plural(cases.length, 'case', 'cases')} (${shouldNot} where another tool is right)${note}`,
    };
  }
  const current: CatalogSkill = { id: skill.id, description: skill.overlay?.description ?? skill.description };
  const search = await searchDescription(options.ask, catalog, current, cases, options.candidates);
  const tried = search.candidates.map((c) => percent(c.score)).join(', ') || 'none usable';
  if (!search.best) {
    return {
      ...base,
      result: 'kept',
      reason: `kept the current description (${percent(search.baseline)}); candidates: ${tried}${note}`,
    };
  }
  const overlay = overlayOf(
    skill,
    {
      description: search.best.description,
      examples: skill.overlay?.examples ?? [],
      policy: 'describe',
      score: {
        ...skill.overlay?.score,
        traces: uses.length,
        cases: cases.length,
        baseline: search.baseline,
        overlay: search.best.score,
        candidates: search.candidates.map((c) => c.score),
      },
    },
    options.now,
  );
  return {
    ...base,
    result: 'written',
    reason: `${percent(search.baseline)} → ${percent(search.best.score)} on ${plural(cases.length, 'case', 'cases')}; candidates: ${tried}${note}`,
    file: writeOverlay(options.overlayDir, overlay),
    overlay,
  };
}
