import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedReply } from '../../testing/scripted-ollama';
import { EVAL_CATEGORIES, loadCorpus, type EvalCase, type ExpectedCall } from './corpus';
import { runEval } from './harness';
import { buildReport, reportRows } from './report';

// The harness, proven against the scripted Ollama (not a model): a scripted model that makes
// exactly the expected calls scores 100%, one that adds a wrong change every turn is caught.

const corpus = loadCorpus(join(__dirname, '..', '..', '..', 'eval'));
let server: ScriptedOllama;
let script: { calls: readonly ExpectedCall[]; answer: string } = { calls: [], answer: '' };
let model: 'perfect' | 'wrong' = 'perfect';

/** Tool results since the last user message: how far into this turn's script the model is. */
function toolResultsSoFar(body: ChatRequestBody): number {
  const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
  return body.messages.slice(lastUser).filter((m) => m.role === 'tool').length;
}

const perfect = (body: ChatRequestBody): ScriptedReply => {
  if (body.format) return { json: { tool: '', arguments: {}, confidence: 0 } };
  const next = script.calls[toolResultsSoFar(body)];
  return next ? { tool_calls: [{ name: next.tool, arguments: next.arguments }] } : { content: script.answer || 'Gern.' };
};

const wrongStep = (body: ChatRequestBody): ScriptedReply => {
  if (body.format) return { json: { tool: '', arguments: {}, confidence: 0 } };
  return toolResultsSoFar(body) === 0
    ? { tool_calls: [{ name: 'groceries_add', arguments: { name: 'Falsch' } }] }
    : { content: 'Erledigt.' };
};

beforeAll(async () => {
  server = await startScriptedOllama({
    models: [{ name: 'scripted:latest', capabilities: ['completion', 'tools'], family: 'test' }],
    fallback: (body) => (model === 'perfect' ? perfect(body) : wrongStep(body)),
  });
});
afterAll(async () => {
  await server.close();
});

function beforeTurn(c: EvalCase, _turn: number, calls: readonly ExpectedCall[]): void {
  script = { calls, answer: (c.expect.answer ?? []).join(', ') };
}

describe('the evaluation corpus', () => {
  it('holds at least 150 cases in German and English across every category', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((c) => c.category))).toEqual(new Set(EVAL_CATEGORIES));
    expect(corpus.filter((c) => c.lang === 'de').length).toBeGreaterThan(50);
    expect(corpus.filter((c) => c.lang === 'en').length).toBeGreaterThan(40);
    expect(corpus.filter((c) => c.lang === 'mixed').length).toBeGreaterThan(5);
  });
});

describe('jarvis eval against the scripted server', () => {
  it('a model that makes exactly the expected calls scores 100% with no wrong changes', async () => {
    server.reset();
    model = 'perfect';
    const results = await runEval(corpus, { ollamaUrl: server.url, model: 'scripted', beforeTurn });
    const failed = results.filter((r) => !r.pass).map((r) => `${r.id}: ${r.problems.join('; ')}`);
    expect(failed).toEqual([]);
    const report = buildReport('scripted', server.url, new Date('2026-08-29T08:20:00Z'), results);
    expect(report.total).toMatchObject({
      cases: corpus.length,
      passed: corpus.length,
      tool_selection: 1,
      arguments: 1,
      end_state: 1,
      wrong_mutations: 0,
    });
    expect(Object.keys(report.categories).sort()).toEqual([...EVAL_CATEGORIES].sort());
    // The scripted server reports 42 prompt and 12 generated tokens per step.
    const withModel = results.find((r) => r.id === 'groc-de-milk')!;
    expect(withModel.steps).toBe(2);
    expect(withModel.promptTokens + withModel.evalTokens).toBe(2 * 54);
    expect(withModel.stepMs).toHaveLength(2);
    const { header, rows } = reportRows(report);
    expect(header).toContain('wrong changes');
    expect(rows.at(-1)).toEqual([
      'total',
      String(corpus.length),
      '100%',
      '100%',
      '100%',
      '0',
      expect.any(String),
      expect.stringMatching(/^\d+$/),
    ]);
  }, 120_000);

  it('a model that adds something wrong in every request shows wrong changes and failed cases', async () => {
    server.reset();
    model = 'wrong';
    const sample = EVAL_CATEGORIES.map((cat) => corpus.find((c) => c.category === cat)!);
    const results = await runEval(sample, { ollamaUrl: server.url, model: 'scripted', beforeTurn: () => undefined });
    const report = buildReport('wrong', server.url, new Date(), results);
    expect(report.total.wrong_mutations).toBeGreaterThanOrEqual(sample.length - 1);
    expect(report.total.passed).toBe(0);
    expect(results.find((r) => r.category === 'chit-chat')!.problems.join(' ')).toContain('wrong change: groceries_add');
    const compared = reportRows(report, buildReport('scripted', server.url, new Date(), results));
    expect(compared.rows.at(-1)![2]).toMatch(/^\d+% \| \d+%$/);
  }, 60_000);
});
