import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSkills } from '../../skills';
import { loadCorpus, type EvalCase, type ExpectedCall } from './corpus';
import { runEval, type CaseResult } from './harness';

// The skill benchmark: the skills corpus (eval/skills) run on the evaluation harness under
// several conditions (skills off, as they are, with their overlays), each with several seeds.

/** The conditions a run has unless told otherwise, in the order they are reported. */
export const SKILL_BENCH_CONDITIONS = ['no_skills', 'skills_on', 'skills_optimized'] as const;
export const DEFAULT_SKILL_BENCH_SEEDS: readonly number[] = [42, 43, 44];

export interface SkillBenchCondition {
  readonly name: string;
  /** `off`: no catalog and no skill tools; `on`: the skills as they are; `overlays`: with their overlays. */
  readonly skills: 'off' | 'on' | 'overlays';
}

export class SkillBenchUsageError extends Error {}

/** A condition by its name; an unknown name is a usage error that lists the known ones. */
export function parseSkillBenchCondition(name: string): SkillBenchCondition {
  if (name === 'no_skills') return { name, skills: 'off' };
  if (name === 'skills_on') return { name, skills: 'on' };
  if (name === 'skills_optimized') return { name, skills: 'overlays' };
  throw new SkillBenchUsageError(`unknown condition "${name}" (known: ${SKILL_BENCH_CONDITIONS.join(', ')})`);
}

export interface SkillBenchCorpus {
  readonly dir: string;
  readonly cases: readonly EvalCase[];
  /** The folder of the skills the cases use. */
  readonly skillsDir: string;
  /** The ids of the skills found there that load without errors. */
  readonly skillIds: readonly string[];
}

/** The corpus folder's cases (`cases/*.json`) and skills (`skills/`); a case naming a skill that does not load is an error. */
export function loadSkillBench(dir: string): SkillBenchCorpus {
  const skillsDir = join(dir, 'skills');
  if (!existsSync(skillsDir)) throw new Error(`${dir}: no skills folder (skills/)`);
  const loaded = loadSkills([{ tier: 'workspace', dir: skillsDir }], { pipelineMaxDepth: 3 });
  const skillIds = loaded.skills.filter((s) => s.errors.length === 0).map((s) => s.id);
  const cases = loadCorpus(dir);
  for (const c of cases)
    if (c.skill && !skillIds.includes(c.skill))
      throw new Error(`case ${c.id}: the skill ${c.skill} is not in ${skillsDir} (or does not load)`);
  return { dir, cases, skillsDir, skillIds };
}

export interface SkillBenchOptions {
  readonly ollamaUrl: string;
  readonly model: string;
  readonly seeds: readonly number[];
  readonly conditions: readonly SkillBenchCondition[];
  /** Where the overlays of the `overlays` conditions are read from. */
  readonly overlayDir?: string;
  /** Told before each condition and seed starts. */
  readonly progress?: (condition: string, seed: number) => void;
  /** As in runEval: a scripted model learns each turn's expected calls. */
  readonly beforeTurn?: (c: EvalCase, turn: number, calls: readonly ExpectedCall[]) => void;
}

export interface SkillBenchRun {
  readonly condition: string;
  readonly seed: number;
  readonly results: readonly CaseResult[];
}

/** Every condition with every seed, one after the other (conditions outside, so a model stays loaded). */
export async function runSkillBench(corpus: SkillBenchCorpus, options: SkillBenchOptions): Promise<SkillBenchRun[]> {
  const runs: SkillBenchRun[] = [];
  for (const condition of options.conditions) {
    const skills =
      condition.skills === 'off'
        ? undefined
        : {
            dirs: [corpus.skillsDir],
            ...(condition.skills === 'overlays' && options.overlayDir ? { overlayDir: options.overlayDir } : {}),
          };
    for (const seed of options.seeds) {
      options.progress?.(condition.name, seed);
      const results = await runEval(corpus.cases, {
        ollamaUrl: options.ollamaUrl,
        model: options.model,
        seed,
        ...(skills ? { skills } : {}),
        ...(options.beforeTurn ? { beforeTurn: options.beforeTurn } : {}),
      });
      runs.push({ condition: condition.name, seed, results });
    }
  }
  return runs;
}
