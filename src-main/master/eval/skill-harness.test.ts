import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedToolCall } from '../../testing/scripted-ollama';
import type { EvalCase } from './corpus';
import { runEval } from './harness';
import { loadSkillBench } from './skill-bench';

// The harness with skills: the calls a skill pipeline makes are judged like the model's own
// (expected ones count, unasked changes are wrong changes), and a failed step changed nothing.

const bench = loadSkillBench(join(__dirname, '..', '..', '..', 'eval', 'skills'));
let server: ScriptedOllama;
let plan: ScriptedToolCall[] = [];
let dir: string;

function toolResultsSoFar(body: ChatRequestBody): number {
  const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
  return body.messages.slice(lastUser).filter((m) => m.role === 'tool').length;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jarvis-skill-harness-'));
  mkdirSync(join(dir, 'coffee-then-fail'));
  writeFileSync(
    join(dir, 'coffee-then-fail', 'skill.toml'),
    `[skill]
name = "coffee-then-fail"
description = "Kaffee auf die Liste, dann ein Schritt, der scheitert"
required_capabilities = ["memory:write"]
risk = "reversible"

[[skill.steps]]
tool_name = "groceries_add"
arguments_template = '{"name": "Kaffee"}'

[[skill.steps]]
tool_name = "tasks_delete"
arguments_template = '{"id": "no-such-task"}'
`,
  );
  mkdirSync(join(dir, 'einkauf'));
  writeFileSync(
    join(dir, 'einkauf', 'SKILL.md'),
    '---\nname: einkauf\ndescription: Trägt Zutaten auf die Einkaufsliste ein.\nallowed-tools: groceries_add Read\n---\nTrag jede Zutat mit groceries_add ein.\n',
  );
  server = await startScriptedOllama({
    models: [{ name: 'scripted:latest', capabilities: ['completion', 'tools'] }],
    fallback: (body) => {
      if (body.format) return { json: { tool: '', arguments: {}, confidence: 0 } };
      const next = plan[toolResultsSoFar(body)];
      return next ? { tool_calls: [next] } : { content: 'Erledigt.' };
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const caseOf = (id: string): EvalCase => bench.cases.find((c) => c.id === id)!;

describe('the evaluation harness with skills', () => {
  it('counts the calls of a pipeline as made, and the changes it was not asked for as wrong', async () => {
    plan = [{ name: 'skill_weekly_staples_run', arguments: {} }];
    const options = { ollamaUrl: server.url, model: 'scripted', skills: { dirs: [bench.skillsDir] } };
    const [staples] = await runEval([caseOf('skill-de-staples')], options);
    expect(staples!.problems).toEqual([]);
    expect(staples!.pass).toBe(true);
    expect(staples!.calls.map((c) => [c.tool, c.skill])).toEqual([
      ['skill_weekly_staples_run', undefined],
      ...Array.from({ length: 4 }, () => ['groceries_add', 'weekly-staples']),
    ]);

    // Asked for butter, the model also runs the staples: four changes nobody asked for.
    plan = [
      { name: 'skill_weekly_staples_run', arguments: {} },
      { name: 'groceries_add', arguments: { name: 'Butter' } },
    ];
    const [plain] = await runEval([caseOf('skill-de-plain-grocery')], options);
    expect(plain!.toolSelection).toBe(true);
    expect(plain!.wrongMutations).toBe(4);
    expect(plain!.problems).toContain('wrong change: groceries_add {"name":"Vollkornbrot"}');
    expect(plain!.pass).toBe(false);
  });

  it('a pipeline that fails at a step changed only what its steps before did', async () => {
    plan = [{ name: 'skill_coffee_then_fail_run', arguments: {} }];
    const [r] = await runEval([caseOf('skill-de-plain-grocery')], { ollamaUrl: server.url, model: 'scripted', skills: { dirs: [dir] } });
    expect(r!.calls.filter((c) => c.skill === 'coffee-then-fail').map((c) => c.tool)).toEqual(['groceries_add', 'tasks_delete']);
    expect(r!.wrongMutations).toBe(1);
    expect(r!.problems).toContain('wrong change: groceries_add {"name":"Kaffee"}');
  });

  it("a followed skill's allowed-tools limit the rest of the request, as in daily use", async () => {
    server.reset();
    plan = [
      { name: 'skill_einkauf_run', arguments: {} },
      { name: 'tasks_create', arguments: { title: 'Butter kaufen' } },
    ];
    const [r] = await runEval([caseOf('skill-de-plain-grocery')], { ollamaUrl: server.url, model: 'scripted', skills: { dirs: [dir] } });
    expect(r!.calls.map((c) => c.tool)).toEqual(['skill_einkauf_run', 'tasks_create']);
    // tasks_create is outside the skill's allowed-tools: refused, so nothing changed that was not asked for.
    expect(r!.wrongMutations).toBe(0);
    const refusal = server.chats().at(-1)!.messages.at(-1)!;
    expect(refusal.role).toBe('tool');
    expect(refusal.content).toContain('einkauf');
  });

  it('without skills the assistant gets no catalog and no skill tools', async () => {
    server.reset();
    plan = [];
    await runEval([caseOf('skill-de-staples')], { ollamaUrl: server.url, model: 'scripted', seed: 5 });
    const chat = server.chats()[0]!;
    expect(chat.messages[0]!.content).not.toContain('<available_skills>');
    expect(chat.tools?.some((t) => t.function.name.startsWith('skill_'))).toBe(false);
    expect(chat.options?.seed).toBe(5);
  });
});
