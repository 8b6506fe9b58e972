import { skillToolName } from '../../../src-shared';
import type { EvalCase } from './corpus';
import type { CaseResult } from './harness';
import { score } from './report';
import type { OverlayUse, SkillBenchRun } from './skill-bench';

// What `jarvis bench skills` reports: per condition the harness's scores as a mean over the
// seeds, per task which condition passes it how often, the tasks a condition wins or loses
// against the one it improves on, and how often the model reached for a skill.

export interface ConditionSummary {
  readonly seeds: number;
  readonly tasks: number;
  /** Means over the seeds; shares from 0 to 1. */
  readonly pass_rate: number;
  readonly tool_selection: number;
  readonly arguments: number;
  readonly end_state: number;
  /** Wrong changes per run (one seed over every task). */
  readonly wrong_mutations: number;
  readonly tokens_per_request: number | null;
}

export interface SkillCalls {
  /** Sums over the seeds. */
  readonly skill_read: number;
  readonly skill_run: number;
  /** Reads and runs per skill. */
  readonly by_skill: Readonly<Record<string, number>>;
  /** Share of (task with a `skill`, seed) where the model read or ran that skill; null without such tasks. */
  readonly expected_skill_used: number | null;
}

export interface TaskRow {
  readonly id: string;
  readonly skill?: string;
  /** Seeds that passed, per condition. */
  readonly passed: Readonly<Record<string, number>>;
}

export interface TaskDifference {
  readonly id: string;
  readonly passed: number;
  readonly against: number;
}

export interface ConditionDifference {
  readonly condition: string;
  readonly against: string;
  /** Tasks passed with more seeds under `condition` than under `against`. */
  readonly wins: readonly TaskDifference[];
  readonly losses: readonly TaskDifference[];
}

export interface SkillBenchReport {
  readonly format: 'jarvis.bench.skills.v1';
  readonly model: string;
  readonly ollama: string;
  readonly started_at: string;
  readonly corpus: string;
  readonly seeds: readonly number[];
  readonly conditions: readonly string[];
  readonly summary: Readonly<Record<string, ConditionSummary>>;
  readonly skill_calls: Readonly<Record<string, SkillCalls>>;
  readonly tasks: readonly TaskRow[];
  readonly differences: readonly ConditionDifference[];
  /** Per overlay condition: the overlays found for the benchmark's skills and whether it used them. */
  readonly overlays: Readonly<Record<string, readonly OverlayUse[]>>;
  readonly runs: readonly SkillBenchRun[];
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;

export function summarize(runs: readonly SkillBenchRun[]): ConditionSummary {
  const scores = runs.map((r) => score(r.results));
  const tokens = scores.map((s) => s.tokens_per_request).filter((t): t is number => t !== null);
  return {
    seeds: runs.length,
    tasks: scores[0]?.cases ?? 0,
    pass_rate: mean(scores.map((s) => (s.cases === 0 ? 0 : s.passed / s.cases))),
    tool_selection: mean(scores.map((s) => s.tool_selection)),
    arguments: mean(scores.map((s) => s.arguments)),
    end_state: mean(scores.map((s) => s.end_state)),
    wrong_mutations: mean(scores.map((s) => s.wrong_mutations)),
    tokens_per_request: tokens.length === 0 ? null : Math.round(mean(tokens)),
  };
}

/** The skill a model call reached: skill_read's `skill`, or the skill of a skill_<id>_<action> tool. */
function skillOf(call: CaseResult['calls'][number], skillIds: readonly string[]): string | undefined {
  if (call.skill) return undefined; // a pipeline's own step, not the model reaching for a skill
  if (call.tool === 'skill_read') return typeof call.arguments.skill === 'string' ? call.arguments.skill : '?';
  // The longest id first: skill_trip_packing_run belongs to trip-packing, not to a skill "trip".
  return [...skillIds].sort((a, b) => b.length - a.length).find((id) => call.tool.startsWith(skillToolName(id, '')));
}

export function countSkillCalls(runs: readonly SkillBenchRun[], cases: readonly EvalCase[], skillIds: readonly string[]): SkillCalls {
  let read = 0;
  let run = 0;
  let expected = 0;
  let used = 0;
  const bySkill: Record<string, number> = {};
  const wanted = new Map(cases.map((c) => [c.id, c.skill]));
  for (const r of runs) {
    for (const result of r.results) {
      const reached = new Set<string>();
      for (const call of result.calls) {
        const skill = skillOf(call, skillIds);
        if (skill === undefined) continue;
        if (call.tool === 'skill_read') read++;
        else run++;
        bySkill[skill] = (bySkill[skill] ?? 0) + 1;
        reached.add(skill);
      }
      const want = wanted.get(result.id);
      if (want) {
        expected++;
        if (reached.has(want)) used++;
      }
    }
  }
  return {
    skill_read: read,
    skill_run: run,
    by_skill: bySkill,
    expected_skill_used: expected === 0 ? null : Math.round((used / expected) * 1000) / 1000,
  };
}

/** Which condition a condition is measured against: the optimised ones against the skills as they are, those against none. */
function referenceOf(condition: string, conditions: readonly string[]): string | undefined {
  const prefer = condition.startsWith('skills_optimized') ? ['skills_on', 'no_skills'] : condition === 'skills_on' ? ['no_skills'] : [];
  return prefer.find((c) => conditions.includes(c));
}

export function differences(tasks: readonly TaskRow[], conditions: readonly string[]): ConditionDifference[] {
  const out: ConditionDifference[] = [];
  for (const condition of conditions) {
    const against = referenceOf(condition, conditions);
    if (!against) continue;
    const wins: TaskDifference[] = [];
    const losses: TaskDifference[] = [];
    for (const t of tasks) {
      const d = { id: t.id, passed: t.passed[condition] ?? 0, against: t.passed[against] ?? 0 };
      if (d.passed > d.against) wins.push(d);
      else if (d.passed < d.against) losses.push(d);
    }
    out.push({ condition, against, wins, losses });
  }
  return out;
}

export function buildSkillBenchReport(input: {
  readonly model: string;
  readonly ollama: string;
  readonly startedAt: Date;
  readonly corpus: string;
  readonly cases: readonly EvalCase[];
  readonly skillIds: readonly string[];
  readonly seeds: readonly number[];
  readonly runs: readonly SkillBenchRun[];
  readonly overlays?: Readonly<Record<string, readonly OverlayUse[]>>;
}): SkillBenchReport {
  const conditions = [...new Set(input.runs.map((r) => r.condition))];
  const of = (condition: string) => input.runs.filter((r) => r.condition === condition);
  const summary: Record<string, ConditionSummary> = {};
  const skillCalls: Record<string, SkillCalls> = {};
  for (const c of conditions) {
    summary[c] = summarize(of(c));
    skillCalls[c] = countSkillCalls(of(c), input.cases, input.skillIds);
  }
  const tasks: TaskRow[] = input.cases.map((c) => ({
    id: c.id,
    ...(c.skill ? { skill: c.skill } : {}),
    passed: Object.fromEntries(
      conditions.map((cond) => [cond, of(cond).filter((r) => r.results.some((x) => x.id === c.id && x.pass)).length]),
    ),
  }));
  return {
    format: 'jarvis.bench.skills.v1',
    model: input.model,
    ollama: input.ollama,
    started_at: input.startedAt.toISOString(),
    corpus: input.corpus,
    seeds: input.seeds,
    conditions,
    summary,
    skill_calls: skillCalls,
    tasks,
    differences: differences(tasks, conditions),
    overlays: input.overlays ?? {},
    runs: input.runs,
  };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function mdTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The summary table (condition × metrics) as rows, for the terminal and the results file. */
export function summaryRows(report: SkillBenchReport): { header: string[]; rows: string[][] } {
  const header = ['condition', 'seeds', 'tasks', 'passed', 'tool choice', 'arguments', 'end state', 'wrong changes/run', 'tokens/request'];
  const rows = report.conditions.map((c) => {
    const s = report.summary[c]!;
    return [
      c,
      String(s.seeds),
      String(s.tasks),
      pct(s.pass_rate),
      pct(s.tool_selection),
      pct(s.arguments),
      pct(s.end_state),
      String(s.wrong_mutations),
      s.tokens_per_request === null ? '-' : String(s.tokens_per_request),
    ];
  });
  return { header, rows };
}

/** The results file: summary, differences, skill invocations and the per-task table. */
export function skillBenchMarkdown(report: SkillBenchReport): string {
  const seeds = report.seeds.length;
  const out: string[] = [
    `# Skill benchmark: ${report.model}`,
    '',
    `Model \`${report.model}\` on Ollama at ${report.ollama}, started ${report.started_at}; ` +
      `${report.tasks.length} tasks from \`${report.corpus}\`, seeds ${report.seeds.join(', ')}.`,
    '',
    '## Summary (mean over the seeds)',
    '',
  ];
  const { header, rows } = summaryRows(report);
  out.push(mdTable(header, rows), '');

  out.push('## Differences', '');
  if (report.differences.length === 0) out.push('No two conditions to compare in this run.', '');
  const list = (ds: readonly TaskDifference[]) => ds.map((d) => `${d.id} (${d.passed}/${seeds} vs ${d.against}/${seeds})`).join(', ');
  for (const d of report.differences) {
    out.push(`### ${d.condition} vs ${d.against}`, '');
    out.push(`- wins (${d.wins.length}): ${d.wins.length ? list(d.wins) : 'none'}`);
    out.push(`- losses (${d.losses.length}): ${d.losses.length ? list(d.losses) : 'none'}`, '');
  }

  const overlayConditions = Object.keys(report.overlays);
  if (overlayConditions.length > 0) {
    out.push('## Overlays', '');
    for (const c of overlayConditions) {
      const uses = report.overlays[c]!;
      const used = uses.filter((u) => u.state === 'used');
      const line = uses
        .map((u) => `${u.skill} (made by ${u.policy}; ${u.state === 'used' ? `used: ${u.parts.join(' and ')}` : `${u.state}: not used`})`)
        .join(', ');
      out.push(
        `- ${c}: ${used.length === 0 ? `no overlay applies to these skills, so this condition ran like skills_on${line ? ` (${line})` : ''}` : line}`,
      );
    }
    out.push('');
  }

  out.push('## Skill invocations (sum over the seeds)', '');
  out.push(
    mdTable(
      ['condition', 'skill_read', 'skill_*_run', 'expected skill used', 'by skill'],
      report.conditions.map((c) => {
        const s = report.skill_calls[c]!;
        const by = Object.entries(s.by_skill)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
        return [c, String(s.skill_read), String(s.skill_run), s.expected_skill_used === null ? '-' : pct(s.expected_skill_used), by || '-'];
      }),
    ),
    '',
  );

  out.push(`## Per task (seeds passed out of ${seeds})`, '');
  out.push(
    mdTable(
      ['task', 'skill', ...report.conditions],
      report.tasks.map((t) => [t.id, t.skill ?? '-', ...report.conditions.map((c) => `${t.passed[c] ?? 0}/${seeds}`)]),
    ),
    '',
  );

  const failed = report.runs.flatMap((r) => r.results.filter((x) => !x.pass).map((x) => ({ r, x })));
  if (failed.length > 0) {
    out.push('## Problems of the failed tasks', '');
    for (const { r, x } of failed) out.push(`- ${r.condition}, seed ${r.seed}, ${x.id}: ${x.problems.slice(0, 3).join('; ')}`);
    out.push('');
  }
  return out.join('\n');
}
