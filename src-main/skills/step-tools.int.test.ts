import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillsResponse } from '../../src-shared';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateProposedSkills } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Two skills as OpenJarvis ships them in src/openjarvis/skills/data/ of its repository: flat
// `<name>.toml` files with a [skill] table and [[skill.steps]] whose arguments_template is
// JSON with {placeholders}. translate-note is shaped like translate-doc.toml (think, then a
// model call, then think to review); topic-research is that file as published, whose
// web_search and memory_store are OpenJarvis tools JARVIS does not have (memory_search it has).
const TRANSLATE_NOTE = `[skill]
name = "translate-note"
description = "Translate a household note while preserving its formatting"
version = "0.1.0"
author = "openjarvis"
required_capabilities = ["engine:inference"]

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Translate the following text to {target_language}, preserving all formatting: {text}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "llm"
arguments_template = '{"prompt": "{plan}", "system": "You are a careful translator."}'
output_key = "translation"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Reviewed translation: {translation}"}'
output_key = "reviewed_translation"
`;

const TOPIC_RESEARCH = `[skill]
name = "topic-research"
description = "Research a topic using web search, check memory for prior knowledge, and synthesize findings"
version = "0.1.0"
author = "openjarvis"

[[skill.steps]]
tool_name = "memory_search"
arguments_template = '{"query": "{topic}"}'
output_key = "prior_knowledge"

[[skill.steps]]
tool_name = "web_search"
arguments_template = '{"query": "{topic}"}'
output_key = "search_results"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Synthesize a comprehensive research summary combining prior knowledge and new findings. Prior: {prior_knowledge}. New: {search_results}"}'
output_key = "synthesis"

[[skill.steps]]
tool_name = "memory_store"
arguments_template = '{"content": "{synthesis}", "metadata": "topic_research:{topic}"}'
output_key = "stored"
`;

let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  tm = undefined;
  ollama = undefined;
});

describe('OpenJarvis pipelines with built-in step tools on the real master', () => {
  it('think + llm run end to end on Ollama; a skill naming a tool JARVIS lacks is listed unavailable and not offered', async () => {
    // Any other chat of the master gets an empty answer; the translation prompt gets the translation.
    ollama = await startScriptedOllama({
      fallback: (req) => ({
        content: req.messages.some((m) => m.content.startsWith('Translate the following text to Deutsch')) ? 'Milch, Brot, Eier' : '',
      }),
    });
    // OLLAMA_MODEL stays `auto`: the first installed model that writes text (not the embedding model).
    tm = await startTestMaster({ OLLAMA_URL: ollama.url });
    const dir = tm.config.skillsDir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'translate-note.toml'), TRANSLATE_NOTE);
    writeFileSync(join(dir, 'topic-research.toml'), TOPIC_RESEARCH);
    expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
    await activateProposedSkills(tm);

    const skills = ((await tm.request('/api/skills')).json as SkillsResponse).skills;
    const translate = skills.find((s) => s.id === 'translate-note');
    expect(translate).toMatchObject({ format: 'openjarvis', enabled: true, errors: [] });
    expect(translate?.unavailable).toBeUndefined();
    const research = skills.find((s) => s.id === 'topic-research');
    expect(research).toMatchObject({ enabled: false, errors: [] });
    expect(research?.unavailable).toBe(
      [
        "step 2 uses OpenJarvis's built-in tool web_search, which JARVIS does not provide",
        "step 4 uses OpenJarvis's built-in tool memory_store, which JARVIS does not provide",
      ].join('; '),
    );
    expect((await tm.request('/api/tools/skill_topic_research_run', { json: { arguments: { topic: 'Wärmepumpe' } } })).status).toBe(404);

    const res = await tm.request('/api/tools/skill_translate_note_run', {
      json: { arguments: { target_language: 'Deutsch', text: 'milk, bread, eggs' } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      data: {
        result: 'Reviewed translation: Milch, Brot, Eier',
        outputs: {
          plan: 'Translate the following text to Deutsch, preserving all formatting: milk, bread, eggs',
          translation: 'Milch, Brot, Eier',
        },
      },
    });
    const chat = ollama.chats().find((c) => c.messages.some((m) => m.content.startsWith('Translate the following text')));
    expect(chat).toMatchObject({
      model: 'qwen2.5:7b-instruct',
      stream: false,
      messages: [
        { role: 'system', content: 'You are a careful translator.' },
        { role: 'user', content: 'Translate the following text to Deutsch, preserving all formatting: milk, bread, eggs' },
      ],
    });
    // Step tools are the pipeline's, not the model's: none is a tool of its own.
    for (const name of ['think', 'llm', 'calculator'])
      expect((await tm.request(`/api/tools/${name}`, { json: { arguments: {} } })).status).toBe(404);
  });
});
