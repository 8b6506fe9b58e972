import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidSchema } from '../../platform/validation';
import { benchmarkCases, readSkillCases, SKILL_CASES_SCHEMA } from './cases';
import { pickExamples } from './few-shot';
import type { RecordedRequest } from './history';
import { jsonOf } from './model';

const root = mkdtempSync(join(tmpdir(), 'jarvis-skill-policies-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function use(request: string, calls: RecordedRequest['calls'], success = true): RecordedRequest {
  return { id: `r${++n}`, request, calls, success, from: 'trace' };
}
const run = (text: string) => ({ tool: 'skill_t_run', arguments: { text } });

describe('few-shot examples', () => {
  it('takes the shortest call sequences, different requests before similar ones, only uses with arguments', () => {
    const uses = [
      use('Wie lang ist der Text über den Garten?', [run('a'), { tool: 'skill_read', arguments: { skill: 't' } }]),
      use('Wie lang ist der Text über den Garten', [run('b')]),
      use('wie lang ist der text über den garten?', [run('c')]),
      use('Wie lang ist der Text über das Auto?', [run('d')]),
      use('Zähl die Zeichen in meinem Brief', [run('e')]),
      use('Wie viele Wörter hat das Gedicht von Oma?', [run('g')]),
      use('Nur aus dem Protokoll', [{ tool: 'skill_t_run' }]),
      use('Fehlgeschlagen', [run('f')], false),
    ];
    const examples = pickExamples(uses, 3);
    // Shortest first; then the request least like those taken: the Gedicht before the Garten, which is like the Auto.
    expect(examples.map((e) => e.request)).toEqual([
      'Zähl die Zeichen in meinem Brief',
      'Wie lang ist der Text über das Auto?',
      'Wie viele Wörter hat das Gedicht von Oma?',
    ]);
    expect(examples[1]).toEqual({ request: 'Wie lang ist der Text über das Auto?', calls: [run('d')] });
    // The two-call use and the failed one are never taken while shorter successful ones exist.
    expect(pickExamples(uses, 10).map((e) => e.request)).not.toContain('Fehlgeschlagen');
    expect(pickExamples(uses, 10).at(-1)?.calls).toHaveLength(2);
    expect(pickExamples([use('Nur aus dem Protokoll', [{ tool: 'skill_t_run' }])])).toEqual([]);
  });
});

describe('benchmark cases', () => {
  it('the cases file schema is a valid strict JSON schema', () => {
    expect(isValidSchema(SKILL_CASES_SCHEMA)).toEqual({ ok: true });
  });

  it('reads evals/cases.json; a broken one is named and counts as none', () => {
    const good = join(root, 'good');
    mkdirSync(join(good, 'evals'), { recursive: true });
    writeFileSync(join(good, 'evals', 'cases.json'), JSON.stringify({ cases: [{ request: 'Wie lang?', use: true }] }));
    expect(readSkillCases(good)).toEqual({ cases: [{ request: 'Wie lang?', use: true, from: 'evals' }] });
    const bad = join(root, 'bad');
    mkdirSync(join(bad, 'evals'), { recursive: true });
    writeFileSync(join(bad, 'evals', 'cases.json'), JSON.stringify({ cases: [{ request: 'Wie lang?', use: 'yes' }] }));
    expect(readSkillCases(bad)).toEqual({ cases: [], problem: expect.stringContaining('/cases/0/use must be boolean') });
    expect(readSkillCases(join(root, 'none'))).toEqual({ cases: [] });
    expect(readSkillCases(join(root, 'flat.toml'))).toEqual({ cases: [] });
  });

  it('adds the requests where the skill was and was not chosen, each request once', () => {
    const history = [
      use('Wie lang ist A?', [run('A')]),
      use('wie lang ist a?', [run('A')]),
      use('Was steht heute an?', [{ tool: 'calendar_list', arguments: {} }]),
      use('Hallo', []),
      use('Kaputt', [run('x')], false),
    ];
    const cases = benchmarkCases(history, new Set(['skill_t_run']), [{ request: 'Wie lang ist A?', use: true, from: 'evals' }]);
    expect(cases).toEqual([
      { request: 'Wie lang ist A?', use: true, from: 'evals' },
      { request: 'Was steht heute an?', use: false, from: 'history' },
    ]);
  });
});

describe('model answers', () => {
  it('finds the JSON object in an answer wrapped in prose or fences', () => {
    expect(jsonOf('{"skill": "t"}')).toEqual({ skill: 't' });
    expect(jsonOf('Sure!\n```json\n{"skill": "t"}\n```')).toEqual({ skill: 't' });
    expect(jsonOf('no json')).toBeUndefined();
  });
});
