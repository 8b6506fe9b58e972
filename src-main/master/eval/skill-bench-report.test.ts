import { describe, expect, it } from 'vitest';
import type { EvalCase } from './corpus';
import type { AttemptedCall, CaseResult } from './harness';
import { buildSkillBenchReport, skillBenchMarkdown, summaryRows } from './skill-bench-report';
import type { SkillBenchRun } from './skill-bench';

// The aggregation of `jarvis bench skills`: means over the seeds, wins and losses per task,
// and skill calls counted per condition, from hand-made case results.

function result(id: string, pass: boolean, calls: AttemptedCall[] = [], extra: Partial<CaseResult> = {}): CaseResult {
  return {
    id,
    category: 'multi-step',
    lang: 'de',
    toolSelection: pass,
    argumentsOk: pass,
    endState: pass,
    wrongMutations: 0,
    pass,
    steps: 1,
    stepMs: [10],
    totalMs: 10,
    promptTokens: 90,
    evalTokens: 10,
    calls,
    reply: '',
    problems: pass ? [] : [`${id} failed`],
    ...extra,
  };
}

const cases: EvalCase[] = [
  { id: 'trip', category: 'multi-step', lang: 'de', turns: ['x'], skill: 'trip-packing', expect: { calls: [] } },
  { id: 'staples', category: 'groceries', lang: 'de', turns: ['y'], skill: 'weekly-staples', expect: { calls: [] } },
  { id: 'plain', category: 'groceries', lang: 'de', turns: ['z'], expect: { calls: [] } },
];
const read: AttemptedCall = { tool: 'skill_read', arguments: { skill: 'trip-packing' }, mutates: false };
const staplesRun: AttemptedCall = { tool: 'skill_weekly_staples_run', arguments: {}, mutates: true };
const step: AttemptedCall = { tool: 'groceries_add', arguments: { name: 'Milch' }, mutates: true, skill: 'weekly-staples' };
const add: AttemptedCall = { tool: 'groceries_add', arguments: { name: 'Butter' }, mutates: true };

const runs: SkillBenchRun[] = [
  // Without skills: the plain task passes both times, one seed also makes a wrong change.
  {
    condition: 'no_skills',
    seed: 42,
    results: [result('trip', false), result('staples', false, [], { wrongMutations: 2 }), result('plain', true, [add])],
  },
  { condition: 'no_skills', seed: 43, results: [result('trip', false), result('staples', false), result('plain', true, [add])] },
  // With skills: trip read once and passed once; staples run twice and passed; plain lost once.
  {
    condition: 'skills_on',
    seed: 42,
    results: [result('trip', true, [read]), result('staples', true, [staplesRun, step]), result('plain', true)],
  },
  {
    condition: 'skills_on',
    seed: 43,
    results: [result('trip', false, [], { promptTokens: 190 }), result('staples', true, [staplesRun, step]), result('plain', false)],
  },
  // With overlays: every task both times.
  ...[42, 43].map((seed) => ({
    condition: 'skills_optimized',
    seed,
    results: [result('trip', true, [read, read]), result('staples', true, [staplesRun]), result('plain', true)],
  })),
];

const report = buildSkillBenchReport({
  model: 'm',
  ollama: 'http://127.0.0.1:11434',
  startedAt: new Date('2026-12-01T18:00:00Z'),
  corpus: 'eval/skills',
  cases,
  skillIds: ['weekly', 'trip-packing', 'weekly-staples', 'kids-birthday'],
  seeds: [42, 43],
  runs,
});

describe('the skill benchmark report', () => {
  it('averages each condition over its seeds', () => {
    expect(report.conditions).toEqual(['no_skills', 'skills_on', 'skills_optimized']);
    expect(report.summary.no_skills).toMatchObject({ seeds: 2, tasks: 3, pass_rate: 0.333, end_state: 0.333, wrong_mutations: 1 });
    // (3/3 + 1/3) / 2; tokens per request (100 and (200 + 100 + 100) / 3 = 133) averaged.
    expect(report.summary.skills_on).toMatchObject({ pass_rate: 0.667, wrong_mutations: 0, tokens_per_request: 117 });
    expect(report.summary.skills_optimized!.pass_rate).toBe(1);
    const { rows } = summaryRows(report);
    expect(rows[0]).toEqual(['no_skills', '2', '3', '33%', '33%', '33%', '33%', '1', '100']);
  });

  it('lists the tasks a condition wins and loses against the one it builds on', () => {
    expect(report.tasks.find((t) => t.id === 'trip')).toEqual({
      id: 'trip',
      skill: 'trip-packing',
      passed: { no_skills: 0, skills_on: 1, skills_optimized: 2 },
    });
    expect(report.differences).toEqual([
      {
        condition: 'skills_on',
        against: 'no_skills',
        wins: [
          { id: 'trip', passed: 1, against: 0 },
          { id: 'staples', passed: 2, against: 0 },
        ],
        losses: [{ id: 'plain', passed: 1, against: 2 }],
      },
      {
        condition: 'skills_optimized',
        against: 'skills_on',
        wins: [
          { id: 'trip', passed: 2, against: 1 },
          { id: 'plain', passed: 2, against: 1 },
        ],
        losses: [],
      },
    ]);
  });

  it('counts skill reads and runs, not the calls a pipeline makes, and whether the expected skill was used', () => {
    expect(report.skill_calls.no_skills).toEqual({ skill_read: 0, skill_run: 0, by_skill: {}, expected_skill_used: 0 });
    expect(report.skill_calls.skills_on).toEqual({
      skill_read: 1,
      skill_run: 2,
      by_skill: { 'trip-packing': 1, 'weekly-staples': 2 },
      expected_skill_used: 0.75,
    });
    expect(report.skill_calls.skills_optimized).toMatchObject({ skill_read: 4, skill_run: 2, expected_skill_used: 1 });
  });

  it('writes the results file with the table, the differences, the invocations and each task', () => {
    const md = skillBenchMarkdown(report);
    expect(md).toContain('| no_skills | 2 | 3 | 33% | 33% | 33% | 33% | 1 | 100 |');
    expect(md).toContain(
      '### skills_on vs no_skills\n\n- wins (2): trip (1/2 vs 0/2), staples (2/2 vs 0/2)\n- losses (1): plain (1/2 vs 2/2)',
    );
    expect(md).toContain('### skills_optimized vs skills_on');
    expect(md).toContain('| skills_on | 1 | 2 | 75% | trip-packing 1, weekly-staples 2 |');
    expect(md).toContain('| trip | trip-packing | 0/2 | 1/2 | 2/2 |');
    expect(md).toContain('- skills_on, seed 43, plain: plain failed');
  });

  it('compares nothing when a run has one condition', () => {
    const one = buildSkillBenchReport({
      model: 'm',
      ollama: 'u',
      startedAt: new Date(),
      corpus: 'c',
      cases,
      skillIds: [],
      seeds: [42],
      runs: [runs[2]!],
    });
    expect(one.differences).toEqual([]);
    expect(skillBenchMarkdown(one)).toContain('No two conditions to compare in this run.');
  });
});
