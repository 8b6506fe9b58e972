import type { CaseResult } from './harness';

// What `jarvis eval` reports: rates per category and overall, as rows for a table and as JSON.

export interface EvalScore {
  readonly cases: number;
  readonly passed: number;
  /** Shares from 0 to 1. */
  readonly tool_selection: number;
  readonly arguments: number;
  readonly end_state: number;
  readonly wrong_mutations: number;
  readonly model_steps: number;
  /** Milliseconds per model step (median and 95th percentile over all steps). */
  readonly step_ms_median: number | null;
  readonly step_ms_p95: number | null;
  /** Prompt plus generated tokens per case, on average. */
  readonly tokens_per_request: number | null;
}

export interface EvalReport {
  readonly format: 'jarvis.eval.v1';
  readonly model: string;
  readonly ollama: string;
  readonly started_at: string;
  readonly total: EvalScore;
  readonly categories: Readonly<Record<string, EvalScore>>;
  readonly cases: readonly CaseResult[];
}

function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function score(results: readonly CaseResult[]): EvalScore {
  const n = results.length;
  const share = (f: (r: CaseResult) => boolean) => (n === 0 ? 0 : Math.round((results.filter(f).length / n) * 1000) / 1000);
  const steps = results.flatMap((r) => r.stepMs);
  const tokens = results.map((r) => r.promptTokens + r.evalTokens);
  return {
    cases: n,
    passed: results.filter((r) => r.pass).length,
    tool_selection: share((r) => r.toolSelection),
    arguments: share((r) => r.argumentsOk),
    end_state: share((r) => r.endState),
    wrong_mutations: results.reduce((sum, r) => sum + r.wrongMutations, 0),
    model_steps: steps.length,
    step_ms_median: percentile(steps, 50),
    step_ms_p95: percentile(steps, 95),
    tokens_per_request: n === 0 || tokens.every((t) => t === 0) ? null : Math.round(tokens.reduce((a, b) => a + b, 0) / n),
  };
}

export function buildReport(model: string, ollama: string, startedAt: Date, results: readonly CaseResult[]): EvalReport {
  const categories: Record<string, EvalScore> = {};
  for (const category of [...new Set(results.map((r) => r.category))])
    categories[category] = score(results.filter((r) => r.category === category));
  return {
    format: 'jarvis.eval.v1',
    model,
    ollama,
    started_at: startedAt.toISOString(),
    total: score(results),
    categories,
    cases: results,
  };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const ms = (x: number | null) => (x === null ? '-' : `${Math.round(x)}`);

/** Table rows: one per category, then the total; with `other`, each figure as "this | other". */
export function reportRows(report: EvalReport, other?: EvalReport): { header: string[]; rows: string[][] } {
  const header = ['category', 'cases', 'tool choice', 'arguments', 'end state', 'wrong changes', 'ms/step (p50)', 'tokens/request'];
  const cells = (s: EvalScore | undefined): string[] =>
    s
      ? [
          pct(s.tool_selection),
          pct(s.arguments),
          pct(s.end_state),
          String(s.wrong_mutations),
          ms(s.step_ms_median),
          s.tokens_per_request === null ? '-' : String(s.tokens_per_request),
        ]
      : ['-', '-', '-', '-', '-', '-'];
  const row = (name: string, a: EvalScore, b: EvalScore | undefined): string[] => {
    const left = cells(a);
    if (!other) return [name, String(a.cases), ...left];
    const right = cells(b);
    return [name, String(a.cases), ...left.map((v, i) => `${v} | ${right[i]}`)];
  };
  const rows = Object.keys(report.categories)
    .sort()
    .map((c) => row(c, report.categories[c]!, other?.categories[c]));
  rows.push(row('total', report.total, other?.total));
  return { header, rows };
}
