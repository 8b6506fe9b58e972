export { EVAL_CATEGORIES, loadCorpus, type EvalCase } from './corpus';
export { runEval, type CaseResult, type EvalOptions } from './harness';
export { buildReport, reportRows, type EvalReport } from './report';
export {
  DEFAULT_SKILL_BENCH_SEEDS,
  loadSkillBench,
  parseSkillBenchCondition,
  runSkillBench,
  SKILL_BENCH_CONDITIONS,
  SkillBenchUsageError,
  type SkillBenchCondition,
} from './skill-bench';
export { buildSkillBenchReport, skillBenchMarkdown, summaryRows, type SkillBenchReport } from './skill-bench-report';
