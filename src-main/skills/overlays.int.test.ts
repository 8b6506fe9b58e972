import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillLearningResponse, SkillsResponse } from '../../src-shared';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateProposedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { OVERLAY_FORMAT, writeOverlay } from './overlays';
import { treeSha256 } from './tree-hash';

const repoSkills = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');
let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  tm = undefined;
  ollama = undefined;
});

const BETTER = 'Zählt Wörter und Zeichen eines Textes, den der Nutzer schickt („wie lang ist …“)';

async function masterWithOverlay(sha: (dir: string) => string): Promise<TestMaster> {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
  const dir = tm.config.skillsDir;
  mkdirSync(dir, { recursive: true });
  cpSync(join(repoSkills, 'demo-text'), join(dir, 'demo-text'), { recursive: true });
  cpSync(join(repoSkills, 'text-brief'), join(dir, 'text-brief'), { recursive: true });
  writeOverlay(tm.config.skillOverlayDir!, {
    format: OVERLAY_FORMAT,
    skill: 'text-brief',
    skill_sha256: sha(join(dir, 'text-brief')),
    description: BETTER,
    examples: [
      {
        request: 'Wie lang ist der Text "Guten Morgen Welt"?',
        calls: [{ tool: 'skill_text_brief_run', arguments: { text: 'Guten Morgen Welt' } }],
        reply: '3 Wörter, 17 Zeichen.',
      },
    ],
    policy: 'few-shot',
    score: { traces: 3 },
    created_at: '2026-12-01T18:00:00.000Z',
  });
  expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
  await activateProposedSkills(tm);
  return tm;
}

describe('skill overlays on the real master', () => {
  it('an overlay is a proposed LearningRecord: the prompt changes only after an admin accepts it, and undo is a record too', async () => {
    const t = await masterWithOverlay(treeSha256);
    const system = async (): Promise<string> => {
      ollama!.reply({ content: 'Hallo!' });
      const res = await t.request('/api/agent/chat', { json: { message: 'Wie lang ist dieser Text: Hallo du da' } });
      expect(res.json.reply).toBe('Hallo!');
      return ollama!.chats().at(-1)!.messages[0]!.content;
    };
    const listedSkill = async () => ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'text-brief');

    // Written by `jarvis optimize skills`, not yet accepted: the skill's own description.
    const before = await system();
    expect(before).toContain('<skill name="text-brief" description="Kurzprofil');
    expect(before).not.toContain(BETTER);
    expect(before).not.toContain('<example');
    const proposed = (await listedSkill())?.overlay?.learning;
    expect(proposed).toMatchObject({
      kind: 'overlay',
      skill_id: 'text-brief',
      status: 'proposed',
      change: { description_after: BETTER, examples: ['Wie lang ist der Text "Guten Morgen Welt"?'], policy: 'few-shot' },
      evidence: { uses: 3, use_requests: ['Wie lang ist der Text "Guten Morgen Welt"?'] },
    });
    const records = (await t.request('/api/skills/learning')).json as SkillLearningResponse;
    expect(records.records.map((r) => r.learning_id)).toEqual([proposed!.learning_id]);

    const accepted = await t.request(`/api/skills/learning/${proposed!.learning_id}/decision`, { json: { decision: 'accept' } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'accepted', decided_by: 'desktop' });
    // Decided once: a second decision is refused and changes nothing.
    const again = await t.request(`/api/skills/learning/${proposed!.learning_id}/decision`, { json: { decision: 'reject' } });
    expect(again.status).toBe(409);

    const after = await system();
    expect(after).toContain(`<skill name="text-brief" description="${BETTER}">`);
    expect(after).toContain(
      '<example request="Wie lang ist der Text &quot;Guten Morgen Welt&quot;?">skill_text_brief_run {"text":"Guten Morgen Welt"}</example>',
    );
    expect(after).toContain('Ein <example> zeigt');
    const tool = ollama!
      .chats()
      .at(-1)!
      .tools?.find((x) => x.function.name === 'skill_text_brief_run');
    // The assistant appends how the tool runs (plugin skill, confirmation) to the description.
    expect(tool?.function.description?.startsWith(BETTER)).toBe(true);

    const listed = await listedSkill();
    expect(listed?.description).toMatch(/^Kurzprofil/);
    expect(listed?.overlay).toMatchObject({
      description: BETTER,
      stale: false,
      policy: 'few-shot',
      created_at: '2026-12-01T18:00:00.000Z',
      learning: { learning_id: proposed!.learning_id, status: 'accepted' },
    });
    expect(listed?.overlay?.examples).toHaveLength(1);

    const undo = await t.request(`/api/skills/learning/${proposed!.learning_id}/undo`, { method: 'POST' });
    expect(undo.status).toBe(200);
    expect(undo.json).toMatchObject({ kind: 'undo', status: 'accepted', undoes: proposed!.learning_id });
    const undone = await system();
    expect(undone).not.toContain(BETTER);
    const history = ((await t.request('/api/skills/learning')).json as SkillLearningResponse).records;
    // The undone overlay's file is gone with it, so it is not proposed again.
    expect(existsSync(join(t.config.skillOverlayDir!, 'text-brief', 'optimized.json'))).toBe(false);
    expect(history.map((r) => [r.kind, r.status, r.undone ?? false])).toEqual([
      ['undo', 'accepted', false],
      ['overlay', 'accepted', true],
    ]);
  });

  it('a rejected improvement never reaches the prompt; a decision on no record is a 404', async () => {
    const t = await masterWithOverlay(treeSha256);
    const { records } = (await t.request('/api/skills/learning')).json as SkillLearningResponse;
    expect(records).toHaveLength(1);
    expect((await t.request(`/api/skills/learning/${records[0]!.learning_id}/decision`, { json: { decision: 'reject' } })).status).toBe(
      200,
    );
    expect((await t.request(`/api/skills/learning/lrn_0000000000000000/decision`, { json: { decision: 'accept' } })).status).toBe(404);
    expect((await t.request(`/api/skills/learning/${records[0]!.learning_id}/decision`, { json: { decision: 'maybe' } })).status).toBe(400);
    ollama!.reply({ content: 'Hallo!' });
    await t.request('/api/agent/chat', { json: { message: 'Was kannst du?' } });
    expect(ollama!.chats().at(-1)!.messages[0]!.content).not.toContain(BETTER);
    const after = ((await t.request('/api/skills/learning')).json as SkillLearningResponse).records;
    expect(after.map((r) => r.status)).toEqual(['rejected']);
  });

  it('an overlay made for another version of the skill is stale: the model gets the skill’s own description', async () => {
    const t = await masterWithOverlay(() => '0'.repeat(64));
    ollama!.reply({ content: 'Hallo!' });
    await t.request('/api/agent/chat', { json: { message: 'Was kannst du?' } });
    const system = ollama!.chats().at(-1)!.messages[0]!.content;
    expect(system).toContain('<skill name="text-brief" description="Kurzprofil');
    expect(system).not.toContain(BETTER);
    expect(system).not.toContain('<example');
    const listed = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'text-brief');
    expect(listed?.overlay?.stale).toBe(true);
  });
});
