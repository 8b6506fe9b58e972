import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillsResponse } from '../../src-shared';
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
  it('the overlay description and examples reach the system prompt and the tool the scripted Ollama receives', async () => {
    const t = await masterWithOverlay(treeSha256);
    ollama!.reply({ content: 'Hallo!' });
    const res = await t.request('/api/agent/chat', { json: { message: 'Wie lang ist dieser Text: Hallo du da' } });
    expect(res.json.reply).toBe('Hallo!');
    const chat = ollama!.chats().at(-1)!;
    const system = chat.messages[0]!.content;
    expect(system).toContain(`<skill name="text-brief" description="${BETTER}">`);
    expect(system).toContain(
      '<example request="Wie lang ist der Text &quot;Guten Morgen Welt&quot;?">skill_text_brief_run {"text":"Guten Morgen Welt"}</example>',
    );
    expect(system).toContain('Ein <example> zeigt');
    const tool = chat.tools?.find((x) => x.function.name === 'skill_text_brief_run');
    // The assistant appends how the tool runs (plugin skill, confirmation) to the description.
    expect(tool?.function.description?.startsWith(BETTER)).toBe(true);

    const listed = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'text-brief');
    expect(listed?.description).toMatch(/^Kurzprofil/);
    expect(listed?.overlay).toMatchObject({
      description: BETTER,
      stale: false,
      policy: 'few-shot',
      created_at: '2026-12-01T18:00:00.000Z',
    });
    expect(listed?.overlay?.examples).toHaveLength(1);
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
