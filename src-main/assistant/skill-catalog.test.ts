import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SkillRegistry } from '../platform/registry';
import { Tracer } from '../platform/trace';
import { manySkills } from '../testing/many-skills';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { OllamaConnection } from './ollama-connection';
import { boundedCatalog, FIND_SKILLS, type CatalogSkill } from './skill-catalog';

const EVAL_SKILLS = join(__dirname, '..', '..', 'eval', 'skills', 'skills');

const servers: ScriptedOllama[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function assistantWith(count: number) {
  const server = await startScriptedOllama({ models: [{ name: 'qwen2.5:7b', capabilities: ['completion', 'tools'], family: 'test' }] });
  servers.push(server);
  const clock = () => new Date('2026-08-29T08:20:00Z');
  const config = loadConfig({ OLLAMA_URL: server.url, JARVIS_LOCAL_INTENTS: 'false' });
  const registry = new SkillRegistry();
  registry.addProvider(new MemoryHomeProvider());
  const collection = manySkills(count, EVAL_SKILLS);
  registry.addProvider(collection.provider);
  const tracer = new Tracer({ enabled: true, limit: 5000, now: clock });
  const assistant = new Assistant({
    ...NO_COLLABORATORS,
    config,
    clock,
    registry,
    tracer,
    ollama: new OllamaConnection(config, clock),
    skillCatalog: () => collection.skills,
  });
  return { server, assistant, tracer };
}

/** Characters of what the model is sent besides the conversation: system prompt and tools. */
const promptSize = (req: ChatRequestBody) => (req.messages[0]?.content.length ?? 0) + JSON.stringify(req.tools ?? []).length;

const line = (id: string, tool: string): CatalogSkill => ({
  id,
  line: `  <skill name="${id}" description="${'x'.repeat(40)}" />`,
  tools: [tool],
});

describe('the bounded skill catalog', () => {
  it('lists the skills of the offered tools first, in their rank, within the size', () => {
    const skills = [line('a', 't_a'), line('b', 't_b'), line('c', 't_c')];
    expect(boundedCatalog(skills, ['t_c', 'x', 't_a'], 10_000)).toMatchObject({ shown: ['c', 'a', 'b'], limited: false });
    const small = boundedCatalog(skills, ['t_b'], 40);
    expect(small).toMatchObject({ shown: ['b'], limited: true });
    expect(small.tokens).toBeLessThanOrEqual(40);
  });

  it('with 2,000 skills a request costs at most 1.2 times the prompt of 20, and names the right skill', async () => {
    const request = 'Wir fahren am 5. September ans Meer. Bereite die Reise bitte vor.';
    const sizes: number[] = [];
    for (const count of [20, 2000]) {
      const t = await assistantWith(count);
      t.server.reply({ content: 'Gern.' });
      await t.assistant.chat({ message: request });
      const sent = t.server.chats()[0]!;
      sizes.push(promptSize(sent));
      expect(sent.messages[0]!.content).toContain('<skill name="trip-packing"');
    }
    expect(sizes[1]! / sizes[0]!).toBeLessThanOrEqual(1.2);
  });

  it('skills_find reaches a skill the catalog left out, and its tool is offered next', async () => {
    const t = await assistantWith(2000);
    t.server.reply(
      { content: '', tool_calls: [{ name: FIND_SKILLS, arguments: { query: 'Kindergeburtstag planen' } }] },
      { content: 'Ich plane die Feier.' },
    );
    await t.assistant.chat({ message: 'Hilf mir bei etwas' });
    const [first, second] = t.server.chats();
    expect(first!.tools?.map((x) => x.function.name)).toContain(FIND_SKILLS);
    expect(first!.messages[0]!.content).toContain('skills_find');
    const answer = JSON.parse(second!.messages.at(-1)!.content) as { data: { skills: { name: string; tool: string }[] } };
    expect(answer.data.skills[0]).toMatchObject({ name: 'kids-birthday', tool: 'skill_kids_birthday_run' });
    expect(second!.tools?.map((x) => x.function.name)).toContain('skill_kids_birthday_run');
  });
});
