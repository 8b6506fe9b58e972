import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillToolName, type LearnedListResponse, type LearnedRecord } from '../../../src-shared';
import { openDatabaseReadonly } from '../../platform/database';
import { readToolHistoryReadonly } from '../../skills';
import { captureOutput } from '../../testing/captured-output';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../../testing/scripted-ollama';
import { activateProposedSkills, listedSkills } from '../../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../../testing/test-master';
import { runCli } from '../program';

const NAME = 'discovered-groceries-add-then-tasks-create-then-tasks-update';
const saved = { ...process.env };
let ollama: ScriptedOllama;
let tm: TestMaster;

function lastToolResult(req: ChatRequestBody): { success: boolean; data: { id: string } } {
  const tool = [...req.messages].reverse().find((m) => m.role === 'tool');
  return JSON.parse(tool!.content);
}

/** One assistant turn: a grocery, a task for the shopping, the task marked done with the id it got. */
async function shoppingTurn(item: string): Promise<void> {
  ollama.reply(
    { tool_calls: [{ name: 'groceries_add', arguments: { name: item } }] },
    { tool_calls: [{ name: 'tasks_create', arguments: { title: 'Einkaufen gehen', priority: 'high' } }] },
    (req) => ({ tool_calls: [{ name: 'tasks_update', arguments: { id: lastToolResult(req).data.id, status: 'done' } }] }),
    { content: 'Erledigt.' },
  );
  const res = await tm.request('/api/agent/chat', { json: { message: `${item} besorgen und die Aufgabe abhaken` } });
  expect(res.status).toBe(200);
  expect(res.json.tool_calls.map((c: { tool: string; result: { success: boolean } }) => [c.tool, c.result.success])).toEqual([
    ['groceries_add', true],
    ['tasks_create', true],
    ['tasks_update', true],
  ]);
}

/** The Gelernt card's record of the discovered pipeline, as the desktop sees it. */
async function learnedPipeline(t: TestMaster): Promise<LearnedRecord | undefined> {
  const list = (await t.request('/api/learned')).json as LearnedListResponse;
  return list.records.find((r) => r.kind === 'pipeline' && r.content === NAME);
}

/** A fresh master whose user folder holds the discovered pipeline the test wrote (proposed there). */
async function freshWithDiscovered(userDir: string): Promise<TestMaster> {
  cpSync(join(tm.config.skillsUserDir!, 'discovered', NAME), join(userDir, 'discovered', NAME), { recursive: true });
  return startTestMaster({ JARVIS_SKILLS_USER_DIR: userDir });
}

async function cli(...argv: string[]) {
  process.env = {
    ...saved,
    JARVIS_DATA: tm.config.dataFile,
    JARVIS_SKILLS_DIR: tm.config.skillsDir,
    JARVIS_SKILLS_USER_DIR: tm.config.skillsUserDir!,
  };
  process.exitCode = undefined;
  return captureOutput(() => runCli(argv));
}

beforeAll(async () => {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
  for (const item of ['Milch', 'Brot', 'Eier', 'Butter']) await shoppingTurn(item);
  // A turn that does something else, and one whose second call fails: neither is the routine.
  ollama.reply(
    { tool_calls: [{ name: 'groceries_add', arguments: { name: 'Salz' } }] },
    { tool_calls: [{ name: 'tasks_update', arguments: { id: 'task_does_not_exist', status: 'done' } }] },
    { content: 'Ging nicht.' },
  );
  await tm.request('/api/agent/chat', { json: { message: 'Salz und Aufgabe erledigen' } });
}, 60_000);
afterAll(async () => {
  process.env = saved;
  await tm?.close();
  await ollama?.close();
});

describe('jarvis skill discover', () => {
  it('--dry-run shows the repeated sequence with its inputs and writes nothing', async () => {
    const table = await cli('skill', 'discover', '--dry-run');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^name\s+steps\s+seen\s+asks for/);
    expect(table.stdout).toContain(`${NAME}  groceries_add > tasks_create > tasks_update  4x    name`);
    expect(table.stdout).toContain('dry run: nothing written');
    const asJson = await cli('skill', 'discover', '--dry-run', '--json');
    const report = JSON.parse(asJson.stdout);
    expect(report).toMatchObject({ dry_run: true, min_frequency: 3 });
    expect(report.candidates).toHaveLength(1);
    expect(report.candidates[0]).toMatchObject({
      name: NAME,
      occurrences: 4,
      parameters: ['name'],
      // What the steps need and how risky they are, as the master recorded it with the calls.
      capabilities: ['memory:write'],
      risk: 'reversible',
      written: false,
      steps: [
        { tool_name: 'groceries_add', arguments: { name: '{name}' } },
        { tool_name: 'tasks_create', arguments: { title: 'Einkaufen gehen', priority: 'high' }, output_key: 'tasks_create_result' },
        { tool_name: 'tasks_update', arguments: { id: '{tasks_create_result.id}', status: 'done' } },
      ],
    });
    expect(existsSync(join(tm.config.skillsUserDir!, 'discovered'))).toBe(false);
    // Seen four times: a threshold of five finds nothing; a threshold below two is refused.
    expect(JSON.parse((await cli('skill', 'discover', '--dry-run', '--json', '--min-frequency', '5')).stdout).candidates).toEqual([]);
    expect((await cli('skill', 'discover', '--min-frequency', '1')).code).toBe(2);
  });

  it('writes a proposal the household activates; until then the model is not offered it', async () => {
    const wrote = await cli('skill', 'discover');
    expect(wrote.code).toBe(0);
    const file = join(tm.config.skillsUserDir!, 'discovered', NAME, 'skill.toml');
    expect(wrote.stdout).toContain(`wrote ${file}`);
    expect(readFileSync(file, 'utf8')).toContain('seen 4 times');
    // Asked again, the same sequence is a skill already.
    const again = await cli('skill', 'discover', '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ candidates: [], known: [{ skill: NAME }] });

    expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
    const listed = (await listedSkills(tm)).find((s) => s.id === NAME);
    expect(listed?.activation?.status).toBe('proposed');
    // The same proposal is a learnt pipeline on the Gelernt card, with its steps.
    expect(await learnedPipeline(tm)).toMatchObject({
      state: 'proposed',
      member_id: null,
      steps: ['groceries_add', 'tasks_create', 'tasks_update'],
    });
    const tool = skillToolName(NAME, 'run');
    ollama.reply({ content: 'Hallo.' });
    await tm.request('/api/agent/chat', { json: { message: 'Hallo' } });
    const offered = ollama.chats().at(-1)!;
    expect(offered.messages[0]!.content).not.toContain(NAME);
    expect((offered.tools ?? []).map((t) => t.function.name)).not.toContain(tool);
    expect((await tm.request(`/api/tools/${tool}`, { json: { arguments: { name: 'Käse' } } })).json.success).toBe(false);

    expect(await activateProposedSkills(tm, [NAME])).toEqual([NAME]);
    // Activated on the skills card: accepted on the Gelernt card as well.
    expect(await learnedPipeline(tm)).toMatchObject({ state: 'accepted' });
    ollama.reply({ content: 'Hallo.' });
    await tm.request('/api/agent/chat', { json: { message: 'Hallo' } });
    expect(ollama.chats().at(-1)!.messages[0]!.content).toContain(NAME);
    const ran = await tm.request(`/api/tools/${tool}`, { json: { arguments: { name: 'Käse' } } });
    expect(ran.json, JSON.stringify(ran.json)).toMatchObject({ success: true });
    const state = (await tm.request('/api/state')).json;
    expect(state.groceries.map((g: { name: string }) => g.name)).toContain('Käse');
    const created = ran.json.data.outputs.tasks_create_result.id;
    expect(state.tasks.find((t: { id: string }) => t.id === created)).toMatchObject({ title: 'Einkaufen gehen', status: 'done' });
    // An assistant turn that runs the skill: the history keeps the skill's call, not its steps again.
    ollama.reply(
      { tool_calls: [{ name: tool, arguments: { name: 'Quark' } }] },
      { tool_calls: [{ name: 'groceries_list', arguments: {} }] },
      { content: 'Erledigt.' },
    );
    await tm.request('/api/agent/chat', { json: { message: 'Quark besorgen wie immer' } });
    const db = openDatabaseReadonly(tm.config.dataFile);
    try {
      expect(
        readToolHistoryReadonly(db)
          .at(-1)!
          .calls.map((c) => c.tool),
      ).toEqual([tool, 'groceries_list']);
    } finally {
      db.close();
    }
  });

  it('a discovered skill is a proposal even at a fresh installation’s first start', async () => {
    const userDir = mkdtempSync(join(tmpdir(), 'jarvis-discovered-first-'));
    try {
      const discovered = join(tm.config.skillsUserDir!, 'discovered', NAME);
      cpSync(discovered, join(userDir, 'discovered', NAME), { recursive: true });
      cpSync(discovered, join(userDir, 'own-routine'), { recursive: true });
      // The same pipeline under its own name, outside discovered/: the household installed it.
      const own = join(userDir, 'own-routine', 'skill.toml');
      writeFileSync(own, readFileSync(own, 'utf8').replace(`name = "${NAME}"`, 'name = "own-routine"'));
      const fresh = await startTestMaster({ JARVIS_SKILLS_USER_DIR: userDir });
      try {
        const skills = await listedSkills(fresh);
        expect(skills.find((s) => s.id === NAME)?.activation?.status).toBe('proposed');
        expect(skills.find((s) => s.id === 'own-routine')?.activation).toBeUndefined();
      } finally {
        await fresh.close();
      }
    } finally {
      rmSync(userDir, { recursive: true, force: true });
    }
  });
  it('accepting the learnt pipeline on the Gelernt card activates the skill; until then it is not offered', async () => {
    const userDir = mkdtempSync(join(tmpdir(), 'jarvis-discovered-accept-'));
    const fresh = await freshWithDiscovered(userDir);
    try {
      const tool = skillToolName(NAME, 'run');
      const record = (await learnedPipeline(fresh))!;
      expect(record).toMatchObject({ state: 'proposed' });
      expect((await fresh.request(`/api/tools/${tool}`, { json: { arguments: { name: 'Käse' } } })).json.success).toBe(false);
      const accepted = await fresh.request(`/api/learned/${record.id}/accept`, { json: {} });
      expect(accepted.status, accepted.text).toBe(200);
      expect((await listedSkills(fresh)).find((s) => s.id === NAME)?.activation?.status).toBe('activated');
      expect(await learnedPipeline(fresh)).toMatchObject({ state: 'accepted' });
      const ran = await fresh.request(`/api/tools/${tool}`, { json: { arguments: { name: 'Käse' } } });
      expect(ran.json, JSON.stringify(ran.json)).toMatchObject({ success: true });
      // An activated skill is removed under Skills, not by forgetting its record.
      expect((await fresh.request(`/api/learned/${record.id}`, { method: 'DELETE' })).status).toBe(409);
    } finally {
      await fresh.close();
      rmSync(userDir, { recursive: true, force: true });
    }
  });

  it('forgetting the proposed pipeline on the Gelernt card rejects the skill, and a reload does not bring it back', async () => {
    const userDir = mkdtempSync(join(tmpdir(), 'jarvis-discovered-forget-'));
    const fresh = await freshWithDiscovered(userDir);
    try {
      const record = (await learnedPipeline(fresh))!;
      const forgotten = await fresh.request(`/api/learned/${record.id}`, { method: 'DELETE' });
      expect(forgotten.status, forgotten.text).toBe(200);
      expect(forgotten.json).toMatchObject({ undoable: false });
      expect((await listedSkills(fresh)).find((s) => s.id === NAME)?.activation?.status).toBe('rejected');
      expect((await fresh.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
      expect(await learnedPipeline(fresh)).toBeUndefined();
      expect(
        (await fresh.request(`/api/tools/${skillToolName(NAME, 'run')}`, { json: { arguments: { name: 'Käse' } } })).json.success,
      ).toBe(false);
    } finally {
      await fresh.close();
      rmSync(userDir, { recursive: true, force: true });
    }
  });
});
