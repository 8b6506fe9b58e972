export { EVAL_CATEGORIES, loadCorpus, type EvalCase } from './corpus';
export { runEval, type CaseResult, type EvalOptions } from './harness';
export { buildReport, reportRows, type EvalReport } from './report';
