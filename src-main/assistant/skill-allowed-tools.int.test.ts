import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutedToolCall, PolicyDecision } from '../../src-shared';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateProposedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Instruction skills in the Agent Skills format (SKILL.md with YAML front matter): one that
// allows only groceries_add, one that allows a confirmation-bound action, one without a list.
const SKILLS: Record<string, string> = {
  einkauf:
    '---\nname: einkauf\ndescription: Trägt Zutaten auf die Einkaufsliste ein.\nallowed-tools: groceries_add Read\n---\nTrag jede Zutat mit groceries_add ein.\n',
  aufraeumen:
    '---\nname: aufraeumen\ndescription: Räumt erledigte Aufgaben weg.\nallowed-tools:\n  - tasks_list\n  - tasks_delete\n---\nLösche erledigte Aufgaben mit tasks_delete.\n',
  frei: '---\nname: frei\ndescription: Ohne allowed-tools.\n---\nLeg eine Aufgabe an.\n',
  shell: '---\nname: shell\ndescription: Nur Claude-Code-Werkzeuge.\nallowed-tools: Bash(git:*) WebFetch\n---\nRun git.\n',
};

/** The last tool message the model was sent before this turn. */
function lastToolMessage(request: ChatRequestBody): string {
  return request.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
}

describe("a skill's allowed-tools while the assistant follows it", () => {
  let ollama: ScriptedOllama;
  let tm: TestMaster;

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
    for (const [name, text] of Object.entries(SKILLS)) {
      mkdirSync(join(tm.config.skillsDir, name), { recursive: true });
      writeFileSync(join(tm.config.skillsDir, name, 'SKILL.md'), text);
    }
    expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
    expect(await activateProposedSkills(tm)).toEqual(expect.arrayContaining(Object.keys(SKILLS)));
  });
  afterAll(async () => {
    await tm.close();
    await ollama.close();
  });
  beforeEach(() => ollama.reset());

  const household = () => tm.master.capabilities.household.service.state();
  const decisions = (traceId: string): PolicyDecision[] =>
    (tm.master.capabilities.protocol.service.session(`ws_${traceId}`)?.records.PolicyDecision ?? []) as PolicyDecision[];
  const stages = (traceId: string) => tm.master.platform.tracer.list({ traceId }).map((e) => e.stage);
  const outcome = (calls: readonly ExecutedToolCall[]) => calls.map((c) => [c.tool, c.result.success ? 'ok' : c.result.error?.code]);

  it('offers only the allowed tools, refuses one outside the list with the allowed names, and the model recovers', async () => {
    let refusalSeen = '';
    ollama.reply(
      { tool_calls: [{ name: 'skill_einkauf_run', arguments: {} }] },
      { tool_calls: [{ name: 'tasks_create', arguments: { title: 'Milch kaufen' } }] },
      (request) => {
        refusalSeen = lastToolMessage(request);
        return { tool_calls: [{ name: 'groceries_add', arguments: { name: 'Milch' } }] };
      },
      { content: 'Milch steht auf der Liste.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Setz Milch auf die Einkaufsliste' } });
    expect(res.status).toBe(200);
    expect(outcome(res.json.tool_calls)).toEqual([
      ['skill_einkauf_run', 'ok'],
      ['tasks_create', 'SKILL_TOOL_NOT_ALLOWED'],
      ['groceries_add', 'ok'],
    ]);
    // What the model read: which tools this skill allows, so it can choose one.
    expect(JSON.parse(refusalSeen)).toMatchObject({
      success: false,
      error: {
        code: 'SKILL_TOOL_NOT_ALLOWED',
        message: 'tasks_create wurde nicht ausgeführt. Der Skill „einkauf“ erlaubt nur: groceries_add, skill_read (allowed-tools).',
      },
    });
    expect(household().tasks.map((t) => t.title)).not.toContain('Milch kaufen');
    expect(household().groceries.map((g) => g.name)).toContain('Milch');
    // The family reads why in plain words; the tool's name stays between JARVIS and the model.
    expect(res.json.reply).toContain('Das darf der Skill, dem ich gerade folge, nicht.');
    expect(res.json.reply).not.toContain('tasks_create');
    // Once the skill is loaded, the model is offered only what it allows.
    const offers = ollama.chats().map((c) => (c.tools ?? []).map((t) => t.function.name).sort());
    expect(offers[0]).toEqual(expect.arrayContaining(['tasks_create', 'groceries_add', 'skill_einkauf_run']));
    expect(offers.slice(1)).toEqual([
      ['groceries_add', 'skill_read'],
      ['groceries_add', 'skill_read'],
      ['groceries_add', 'skill_read'],
    ]);

    const trace = tm.master.platform.tracer.list({ traceId: res.json.trace_id });
    expect(trace.find((e) => e.stage === 'skill_tool_limit')?.data).toEqual({ skill: 'einkauf', allowed: ['skill_read', 'groceries_add'] });
    expect(trace.find((e) => e.stage === 'skill_tool_refused')?.data).toMatchObject({ tool: 'tasks_create', skills: ['einkauf'] });
    expect(decisions(res.json.trace_id).map((d) => [d.action.tool, d.outcome, d.rule])).toEqual([
      ['skill_einkauf_run', 'allow', 'class:read'],
      ['tasks_create', 'deny', 'skill:einkauf'],
      ['groceries_add', 'allow', 'class:reversible'],
    ]);
  });

  it('works the same when a small model writes its calls into the text', async () => {
    ollama.reply(
      { content: '<tool_call>\n{"name": "skill_read", "arguments": {"skill": "einkauf"}}\n</tool_call>' },
      { content: '<tool_call>\n{"name": "tasks_create", "arguments": {"title": "Eier kaufen"}}\n</tool_call>' },
      { content: '{"name": "groceries_add", "arguments": {"name": "Eier"}}' },
      { content: 'Eier sind eingetragen.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Setz Eier auf die Einkaufsliste' } });
    expect(outcome(res.json.tool_calls)).toEqual([
      ['skill_read', 'ok'],
      ['tasks_create', 'SKILL_TOOL_NOT_ALLOWED'],
      ['groceries_add', 'ok'],
    ]);
    expect(household().tasks.map((t) => t.title)).not.toContain('Eier kaufen');
    expect(household().groceries.map((g) => g.name)).toContain('Eier');
    expect(stages(res.json.trace_id)).toEqual(expect.arrayContaining(['tool_calls_recovered', 'skill_tool_limit', 'skill_tool_refused']));
  });

  it('an allowed action still waits for the household\'s "ja"', async () => {
    const task = await tm.request('/api/tools/tasks_create', { json: { arguments: { title: 'Alte Aufgabe' } } });
    const id = task.json.data.id as string;
    ollama.reply(
      { tool_calls: [{ name: 'skill_aufraeumen_run', arguments: {} }] },
      { tool_calls: [{ name: 'tasks_delete', arguments: { id } }] },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Räum die erledigten Aufgaben weg' } });
    expect(res.json.pending).toMatchObject({ tool: 'tasks_delete', arguments: { id } });
    expect(household().tasks.map((t) => t.id)).toContain(id);
    await tm.request('/api/agent/chat', { json: { message: 'nein' } });
    expect(household().tasks.map((t) => t.id)).toContain(id);
  });

  it('a list that names nothing JARVIS has leaves the assistant only skill_read, and says so on load', async () => {
    const info = ((await tm.request('/api/skills')).json.skills as { id: string; warnings: string[] }[]).find((s) => s.id === 'shell')!;
    expect(info.warnings).toContain(
      'allowed-tools names Bash(git:*), WebFetch, which JARVIS does not have; while the assistant follows this skill it may only use skill_read',
    );
    ollama.reply(
      { tool_calls: [{ name: 'skill_shell_run', arguments: {} }] },
      { tool_calls: [{ name: 'Bash', arguments: { command: 'git status' } }] },
      { tool_calls: [{ name: 'groceries_add', arguments: { name: 'Brot' } }] },
      { content: 'Geht nicht.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Mach einen Commit' } });
    expect(outcome(res.json.tool_calls)).toEqual([
      ['skill_shell_run', 'ok'],
      ['Bash', 'SKILL_TOOL_NOT_ALLOWED'],
      ['groceries_add', 'SKILL_TOOL_NOT_ALLOWED'],
    ]);
    expect(res.json.tool_calls[1].result.error.message).toBe(
      'Bash wurde nicht ausgeführt. Der Skill „shell“ erlaubt nur: skill_read (allowed-tools).',
    );
    expect(household().groceries.map((g) => g.name)).not.toContain('Brot');
  });

  it("loading a second skill never lifts the first one's limit", async () => {
    ollama.reply(
      { tool_calls: [{ name: 'skill_einkauf_run', arguments: {} }] },
      { tool_calls: [{ name: 'skill_read', arguments: { skill: 'frei' } }] },
      { tool_calls: [{ name: 'tasks_create', arguments: { title: 'Brot backen' } }] },
      { content: 'Fertig.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Leg die Aufgabe Brot backen an' } });
    expect(outcome(res.json.tool_calls)).toEqual([
      ['skill_einkauf_run', 'ok'],
      ['skill_read', 'ok'],
      ['tasks_create', 'SKILL_TOOL_NOT_ALLOWED'],
    ]);
    expect(household().tasks.map((t) => t.title)).not.toContain('Brot backen');
  });

  it('a skill without allowed-tools changes nothing, and the next request starts without a limit', async () => {
    ollama.reply({ tool_calls: [{ name: 'skill_einkauf_run', arguments: {} }] }, { content: 'Was soll ich eintragen?' });
    await tm.request('/api/agent/chat', { json: { message: 'Hilf mir beim Einkauf' } });
    ollama.reply(
      { tool_calls: [{ name: 'skill_frei_run', arguments: {} }] },
      { tool_calls: [{ name: 'tasks_create', arguments: { title: 'Fenster putzen' } }] },
      { content: 'Angelegt.' },
    );
    const res = await tm.request('/api/agent/chat', { json: { message: 'Leg die Aufgabe Fenster putzen an' } });
    expect(outcome(res.json.tool_calls)).toEqual([
      ['skill_frei_run', 'ok'],
      ['tasks_create', 'ok'],
    ]);
    expect(household().tasks.map((t) => t.title)).toContain('Fenster putzen');
    expect(stages(res.json.trace_id)).not.toContain('skill_tool_limit');
  });
});
