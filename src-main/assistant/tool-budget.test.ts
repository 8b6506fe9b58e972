import { HOME_TOOL_NAMES } from '../../src-shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SkillRegistry, type RegisteredTool } from '../platform/registry';
import { Tracer } from '../platform/trace';
import { distractorTools } from '../testing/distractor-tools';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ScriptedOllama } from '../testing/scripted-ollama';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { OllamaConnection } from './ollama-connection';
import { FIND_TOOLS } from './tool-budget';
import { stem, ToolIndex, words } from './tool-retrieval';

const servers: ScriptedOllama[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const valve: RegisteredTool = {
  name: 'skill_garden_valve_open',
  description: 'Opens the garden irrigation valve for some minutes.',
  input_schema: {
    type: 'object',
    additionalProperties: false,
    properties: { minutes: { type: 'integer', minimum: 1 } },
    required: ['minutes'],
  },
  provider: 'plugin',
  mutates: true,
  requires_confirmation: false,
  risk: 'reversible',
  source: 'garden',
};

async function setup(env: Record<string, string>, extra: readonly RegisteredTool[] = []) {
  const server = await startScriptedOllama();
  servers.push(server);
  const clock = () => new Date('2026-08-29T08:20:00Z');
  const config = loadConfig({ OLLAMA_URL: server.url, JARVIS_LOCAL_INTENTS: 'false', ...env });
  const registry = new SkillRegistry();
  const home = new MemoryHomeProvider([...distractorTools(300), valve, ...extra]);
  registry.addProvider(home);
  const tracer = new Tracer({ enabled: true, limit: 5000, now: clock });
  const assistant = new Assistant({ ...NO_COLLABORATORS, config, clock, registry, tracer, ollama: new OllamaConnection(config, clock) });
  return { server, home, tracer, assistant };
}

describe('keyword retrieval', () => {
  it('folds umlauts and stems German and English alike', () => {
    expect(words('Küche, Einkäufe & the Shopping-List')).toEqual(['kuche', 'einkaufe', 'shopping', 'list']);
    const same = (...forms: string[]) => expect(new Set(forms.map(stem)).size).toBe(1);
    same('termine', 'termin');
    same('reminders', 'reminder');
    same('erinnerungen', 'erinnern', 'erinnere', 'erinnerung');
    same('tomaten', 'tomate');
    expect(stem('termin')).toBe('termin');
  });

  it('ranks a tool by its name, phrases, description and schema words; a compound finds its parts', () => {
    const home = new MemoryHomeProvider([valve]);
    const index = new ToolIndex(home.list());
    expect(index.rank('Setz Milch auf den Einkaufszettel')[0]!.tool.name).toBe('groceries_add');
    expect(index.rank('Was steht morgen im Kalender?')[0]!.tool.name).toBe('calendar_list');
    expect(index.rank('open the garden irrigation')[0]!.tool.name).toBe('skill_garden_valve_open');
    expect(index.rank('schieb die Karte nach DOING')[0]!.tool.name).toBe('kanban_move');
  });
});

describe('the tool budget in the assistant', () => {
  it('offers everything while it fits, and a limited offer with tools_find beyond the budget', async () => {
    const small = await setup({ JARVIS_TOOL_BUDGET_MAX_TOOLS: '400', JARVIS_TOOL_BUDGET_MAX_TOKENS: '100000' });
    small.server.reply({ content: 'Hallo!' });
    await small.assistant.chat({ message: 'Hallo' });
    expect(small.server.chats()[0]!.tools).toHaveLength(HOME_TOOL_NAMES.length + 301);

    const t = await setup({ JARVIS_TOOL_BUDGET_MAX_TOOLS: '20', JARVIS_TOOL_BUDGET_MAX_TOKENS: '4000' });
    t.server.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Milch' } }] }, { content: 'ok' });
    await t.assistant.chat({ message: 'Setz Milch auf die Einkaufsliste' });
    const offered = t.server.chats()[0]!.tools!.map((x) => x.function.name);
    expect(offered.length).toBeLessThanOrEqual(20);
    expect(offered).toEqual(expect.arrayContaining(['groceries_add', 'groceries_list', FIND_TOOLS]));
    const budget = t.tracer.list().find((e) => e.stage === 'tool_budget')!.data as { size: number; total: { tools: number } };
    expect(budget.size).toBeLessThanOrEqual(4000);
    expect(budget.total.tools).toBe(HOME_TOOL_NAMES.length + 301);

    // The next request keeps the tool the conversation used, even when its words do not name it.
    t.server.reply({ content: 'Gern.' });
    await t.assistant.chat({ message: 'Danke dir' });
    expect(
      t.server
        .chats()
        .at(-1)!
        .tools!.map((x) => x.function.name),
    ).toContain('groceries_add');
  });

  it('a skill tool in a limited offer comes with skill_read, so the model can read the rest of its instructions', async () => {
    const packing: RegisteredTool = {
      name: 'skill_trip_packing_run',
      description: 'Packliste für eine Reise: was man je nach Ziel, Wetter und Dauer einpacken sollte.',
      input_schema: { type: 'object', additionalProperties: false, properties: { input: { type: 'string' } }, required: [] },
      provider: 'plugin',
      mutates: false,
      requires_confirmation: false,
      risk: 'read',
      skill_id: 'trip_packing',
      action: 'run',
      source: '/skills/trip_packing',
    };
    const reader: RegisteredTool = {
      name: 'skill_read',
      description: 'Liest die Anleitung eines Skills oder eine Datei aus seinem Ordner, seitenweise.',
      input_schema: { type: 'object', additionalProperties: false, properties: { skill: { type: 'string' } }, required: ['skill'] },
      provider: 'plugin',
      mutates: false,
      requires_confirmation: false,
      risk: 'read',
      source: 'skills',
    };
    const t = await setup({ JARVIS_TOOL_BUDGET_MAX_TOOLS: '6', JARVIS_TOOL_BUDGET_MAX_TOKENS: '3000' }, [packing, reader]);
    t.server.reply({ content: 'Pack warme Sachen ein.' });
    await t.assistant.chat({ message: 'Was muss ich für die Reise nach Oslo einpacken? Mach mir eine Packliste.' });
    const offered = t.server.chats()[0]!.tools!.map((x) => x.function.name);
    expect(offered.length).toBeLessThanOrEqual(6);
    expect(offered).toEqual(expect.arrayContaining(['skill_trip_packing_run', 'skill_read', FIND_TOOLS]));
  });

  it('a tool outside the offer is found through tools_find and then runs', async () => {
    const t = await setup({ JARVIS_TOOL_BUDGET_MAX_TOOLS: '12', JARVIS_TOOL_BUDGET_MAX_TOKENS: '3000' });
    t.server.reply(
      { tool_calls: [{ name: FIND_TOOLS, arguments: { query: 'garden irrigation valve' } }] },
      { tool_calls: [{ name: 'skill_garden_valve_open', arguments: { minutes: 10 } }] },
      { content: 'Läuft.' },
    );
    const res = await t.assistant.chat({ message: 'Mach den Rasen nass' });
    const [first, second] = t.server.chats();
    expect(first!.tools!.map((x) => x.function.name)).not.toContain('skill_garden_valve_open');
    const found = JSON.parse(second!.messages.at(-1)!.content) as { data: { tools: { function: { name: string } }[] } };
    expect(found.data.tools.map((x) => x.function.name)).toContain('skill_garden_valve_open');
    expect(second!.tools!.map((x) => x.function.name)).toContain('skill_garden_valve_open');
    expect(res.tool_calls.map((c) => c.tool)).toEqual(['skill_garden_valve_open']);
    expect(t.home.calls.map((c) => c.name)).toEqual(['skill_garden_valve_open']);
  });

  it('with an embedding model, tool embeddings are computed once and only the request is embedded per call', async () => {
    const t = await setup({
      JARVIS_TOOL_BUDGET_MAX_TOOLS: '20',
      JARVIS_TOOL_BUDGET_MAX_TOKENS: '4000',
      JARVIS_TOOL_EMBED_MODEL: 'nomic-embed-text',
    });
    t.server.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Milch' } }] }, { content: 'ok' }, { content: 'Gern.' });
    await t.assistant.chat({ message: 'Setz Milch auf die Einkaufsliste' });
    const embeds = () => t.server.requests.filter((r) => r.path === '/api/embed').map((r) => (r.body as { input: string[] }).input.length);
    const first = embeds();
    expect(first.reduce((a, b) => a + b, 0)).toBe(HOME_TOOL_NAMES.length + 301 + 1);
    expect(t.server.chats()[0]!.tools!.map((x) => x.function.name)).toContain('groceries_add');
    await t.assistant.chat({ message: 'Danke' });
    expect(embeds().slice(first.length)).toEqual([1]);
  });
});
