import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSkills } from '../../skills';
import { listOverlays, OVERLAY_POLICIES, writeOverlay, type OverlayPolicy, type SkillOverlay } from '../../skills/overlays';
import { treeSha256 } from '../../skills/tree-hash';
import { loadCorpus, type EvalCase, type ExpectedCall } from './corpus';
import { runEval, type CaseResult } from './harness';

// The skill benchmark: the skills corpus (eval/skills) run on the evaluation harness under
// several conditions (skills off, as they are, with their overlays), each with several seeds.

/** The conditions a run has unless told otherwise, in the order they are reported. */
export const SKILL_BENCH_CONDITIONS = ['no_skills', 'skills_on', 'skills_optimized'] as const;
export const DEFAULT_SKILL_BENCH_SEEDS: readonly number[] = [42, 43, 44];

/**
 * The optimisers the OpenJarvis benchmark names its overlay conditions after, as the overlay
 * policy that does the same job here: DSPy's few-shot bootstrapping picks successful uses as
 * examples, GEPA evolves the prompt text (here: the description) with a model.
 */
export const OVERLAY_POLICY_ALIASES: Readonly<Record<string, OverlayPolicy>> = { dspy: 'few-shot', gepa: 'describe' };

export const KNOWN_SKILL_BENCH_CONDITIONS: readonly string[] = [
  ...SKILL_BENCH_CONDITIONS,
  ...[...Object.keys(OVERLAY_POLICY_ALIASES), ...OVERLAY_POLICIES].map((p) => `skills_optimized_${p}`),
];

export interface SkillBenchCondition {
  readonly name: string;
  /** `off`: no catalog and no skill tools; `on`: the skills as they are; `overlays`: with their overlays. */
  readonly skills: 'off' | 'on' | 'overlays';
  /**
   * Only what this policy makes: `few-shot` the overlays' examples (with the skill's own
   * description), `describe` their descriptions (without examples); without it, all of both.
   */
  readonly policy?: OverlayPolicy;
}

export class SkillBenchUsageError extends Error {}

/** A condition by its name; an unknown name is a usage error that lists the known ones. */
export function parseSkillBenchCondition(name: string): SkillBenchCondition {
  if (name === 'no_skills') return { name, skills: 'off' };
  if (name === 'skills_on') return { name, skills: 'on' };
  if (name === 'skills_optimized') return { name, skills: 'overlays' };
  const suffix = name.startsWith('skills_optimized_') ? name.slice('skills_optimized_'.length) : '';
  const policy = OVERLAY_POLICY_ALIASES[suffix] ?? OVERLAY_POLICIES.find((p) => p === suffix);
  if (policy) return { name, skills: 'overlays', policy };
  throw new SkillBenchUsageError(`unknown condition "${name}" (known: ${KNOWN_SKILL_BENCH_CONDITIONS.join(', ')})`);
}

export interface SkillBenchCorpus {
  readonly dir: string;
  readonly cases: readonly EvalCase[];
  /** The folder of the skills the cases use. */
  readonly skillsDir: string;
  /** The ids of the skills found there that load without errors. */
  readonly skillIds: readonly string[];
  /** Their folders, by id (an overlay applies to one tree of its skill). */
  readonly skillDirs: Readonly<Record<string, string>>;
  /** Their own descriptions, by id. */
  readonly skillDescriptions: Readonly<Record<string, string>>;
}

/** The corpus folder's cases (`cases/*.json`) and skills (`skills/`); a case naming a skill that does not load is an error. */
export function loadSkillBench(dir: string): SkillBenchCorpus {
  const skillsDir = join(dir, 'skills');
  if (!existsSync(skillsDir)) throw new Error(`${dir}: no skills folder (skills/)`);
  const loaded = loadSkills([{ tier: 'workspace', dir: skillsDir }], { pipelineMaxDepth: 3 });
  const usable = loaded.skills.filter((s) => s.errors.length === 0 && !s.shadowed_by);
  const skillIds = usable.map((s) => s.id);
  const skillDirs = Object.fromEntries(usable.map((s) => [s.id, s.dir]));
  const skillDescriptions = Object.fromEntries(usable.map((s) => [s.id, s.description]));
  const cases = loadCorpus(dir);
  for (const c of cases)
    if (c.skill && !skillIds.includes(c.skill))
      throw new Error(`case ${c.id}: the skill ${c.skill} is not in ${skillsDir} (or does not load)`);
  return { dir, cases, skillsDir, skillIds, skillDirs, skillDescriptions };
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

/** An overlay found for a benchmark skill, and what of it a condition used. */
export interface OverlayUse {
  readonly skill: string;
  /** The policy that wrote it last. */
  readonly policy: string;
  /** `stale`: made for another version of the skill's files; `nothing of this policy`: holds no part the condition takes. */
  readonly state: 'used' | 'stale' | 'nothing of this policy';
  /** The parts used: a description other than the skill's own, examples. */
  readonly parts: readonly ('description' | 'examples')[];
}

export interface SkillBenchResult {
  readonly runs: readonly SkillBenchRun[];
  /** Per overlay condition: the overlays of the benchmark's skills. */
  readonly overlays: Readonly<Record<string, readonly OverlayUse[]>>;
}

/**
 * The overlay folder a condition runs with: the folder itself, or a copy with only what one
 * policy makes. An overlay holds both parts (each policy keeps what the other found), so a
 * policy's condition is told by the part, not by which policy wrote the file last.
 */
function overlaysFor(
  corpus: SkillBenchCorpus,
  dir: string,
  policy: OverlayPolicy | undefined,
): { dir: string; uses: OverlayUse[]; cleanup: () => void } {
  const uses: OverlayUse[] = [];
  const picked: SkillOverlay[] = [];
  for (const load of listOverlays(dir)) {
    if (!load.ok) continue;
    const o = load.overlay;
    const skillDir = corpus.skillDirs[o.skill];
    if (!skillDir) continue;
    const own = corpus.skillDescriptions[o.skill] ?? '';
    const part = {
      description: o.description !== own && policy !== 'few-shot',
      examples: o.examples.length > 0 && policy !== 'describe',
    };
    const parts = (['description', 'examples'] as const).filter((p) => part[p]);
    const stale = o.skill_sha256 !== treeSha256(skillDir);
    const state = stale ? 'stale' : parts.length === 0 ? 'nothing of this policy' : 'used';
    uses.push({ skill: o.skill, policy: o.policy, state, parts: stale ? [] : parts });
    if (state === 'used')
      picked.push({ ...o, description: part.description ? o.description : own, examples: part.examples ? o.examples : [] });
  }
  if (!policy) return { dir, uses, cleanup: () => undefined };
  const copy = mkdtempSync(join(tmpdir(), 'jarvis-bench-overlays-'));
  for (const o of picked) writeOverlay(copy, o);
  return { dir: copy, uses, cleanup: () => rmSync(copy, { recursive: true, force: true }) };
}

/** Every condition with every seed, one after the other (conditions outside, so a model stays loaded). */
export async function runSkillBench(corpus: SkillBenchCorpus, options: SkillBenchOptions): Promise<SkillBenchResult> {
  const runs: SkillBenchRun[] = [];
  const overlays: Record<string, readonly OverlayUse[]> = {};
  for (const condition of options.conditions) {
    const prepared =
      condition.skills === 'overlays' && options.overlayDir ? overlaysFor(corpus, options.overlayDir, condition.policy) : undefined;
    if (condition.skills === 'overlays') overlays[condition.name] = prepared?.uses ?? [];
    const skills = condition.skills === 'off' ? undefined : { dirs: [corpus.skillsDir], ...(prepared ? { overlayDir: prepared.dir } : {}) };
    try {
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
    } finally {
      prepared?.cleanup();
    }
  }
  return { runs, overlays };
}
