import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../src-shared';
import { loadConfig } from '../platform/config';
import { SkillRegistry } from '../platform/registry';
import { Tracer } from '../platform/trace';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedReply } from '../testing/scripted-ollama';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { recoverToolCalls, stripThinking, VisibleStream } from './model-output';
import { OllamaConnection } from './ollama-connection';

// Transcripts in the shape real small models answer through Ollama (fixtures/small-models):
// each runs through the scripted server's wire format (JSON or NDJSON streaming) into the
// real assistant, which must run exactly the intended calls and show none of the markup.

interface Fixture {
  readonly model: string;
  readonly shape: string;
  readonly note: string;
  readonly request: string;
  readonly stream?: boolean;
  readonly turns: readonly ScriptedReply[];
  readonly expect: readonly { tool: string; arguments: Record<string, unknown> }[];
  readonly repair?: string;
  readonly reply?: string;
}

const DIR = join(__dirname, 'fixtures', 'small-models');
const FIXTURES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Fixture] as const);

const servers: ScriptedOllama[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function setup(model: string, env: Record<string, string> = {}) {
  const server = await startScriptedOllama({ models: [{ name: model, capabilities: ['completion', 'tools'], family: 'test' }] });
  servers.push(server);
  const clock = () => new Date('2026-08-29T08:20:00Z');
  const config = loadConfig({ OLLAMA_URL: server.url, JARVIS_LOCAL_INTENTS: 'false', ...env });
  const registry = new SkillRegistry();
  const home = new MemoryHomeProvider();
  registry.addProvider(home);
  const tracer = new Tracer({ enabled: true, limit: 5000, now: clock });
  const assistant = new Assistant({ ...NO_COLLABORATORS, config, clock, registry, tracer, ollama: new OllamaConnection(config, clock) });
  return { server, home, tracer, assistant };
}

const MARKUP = /<\/?think>|<\/?tool_call>|<\|python_tag\|>|\[TOOL_CALLS\]|\[ARGS\]|```|"arguments"|"parameters"/;

describe('small-model transcripts', () => {
  it('has a transcript for every written call shape', () => {
    expect(new Set(FIXTURES.map(([, f]) => f.shape))).toEqual(
      new Set(['tool_call-tag', 'python-tag', 'mistral', 'fenced', 'prose-fenced', 'bare-json', 'native', 'none']),
    );
  });

  for (const [name, fx] of FIXTURES) {
    it(`${name}: ${fx.note}`, async () => {
      const t = await setup(fx.model);
      t.server.reply(...fx.turns);
      const events: ChatStreamEvent[] = [];
      const res = await t.assistant.chat({ message: fx.request }, fx.stream ? (e) => events.push(e) : undefined);

      // Exactly the intended calls ran, in order, with the intended arguments.
      expect(t.home.calls.map((c) => ({ tool: c.name, arguments: c.args }))).toEqual(fx.expect);
      expect(res.tool_calls.every((c) => c.result.success)).toBe(true);
      expect(t.server.remaining).toBe(0);
      // Nothing of the markup or the thinking reaches the reply, the stream or the history.
      expect(res.reply).not.toMatch(MARKUP);
      expect(res.reply).not.toMatch(/Der Nutzer|the user wants|Ein kurzer Witz/i);
      if (fx.reply) expect(res.reply).toBe(fx.reply);
      for (const e of events.filter((x) => x.type === 'delta')) {
        const text = (e.data as { text: string }).text;
        expect(text).not.toMatch(MARKUP);
        expect(text).not.toMatch(/Der Nutzer|Ein kurzer Witz|fertig/);
        expect(text).not.toMatch(/^<|<th$|<tool$/);
      }
      if (fx.stream) expect(t.server.chats()[0]!.stream).toBe(true);
      const followUp = t.server.chats().at(-1)!;
      if (fx.turns.length > 1) {
        // The model sees its recovered call as a proper tool call and the result as a tool message.
        const assistantTurn = followUp.messages.find((m) => m.role === 'assistant' && m.tool_calls?.length);
        expect(assistantTurn?.content ?? '').not.toMatch(MARKUP);
        expect(assistantTurn!.tool_calls![0]!.function.name).toBe(fx.expect[0]?.tool);
      }
      if (fx.repair) {
        const repair = t.server.chats()[1]!.messages.at(-1)!;
        expect(repair.role).toBe('tool');
        expect(JSON.parse(repair.content).error.message).toContain(fx.repair);
      }
      if (fx.shape !== 'native' && fx.shape !== 'none')
        expect(t.tracer.list().find((e) => e.stage === 'tool_calls_recovered')?.data).toMatchObject({ shape: fx.shape });

      // The stored history holds the reply, never the thinking.
      t.server.reply({ content: 'Gern.' });
      await t.assistant.chat({ message: 'Danke' });
      const history = t.server
        .chats()
        .at(-1)!
        .messages.filter((m) => m.role === 'assistant');
      for (const m of history) expect(m.content).not.toMatch(/<think>|Der Nutzer|Ein kurzer Witz/);
    });
  }
});

describe('recovering calls from text', () => {
  it('leaves prose with braces, and JSON that is not a call, as prose', () => {
    expect(recoverToolCalls('Die Formel ist {a} + {b}.').calls).toEqual([]);
    expect(recoverToolCalls('{"name": "Milch", "quantity": 2}').calls).toEqual([]);
    expect(recoverToolCalls('Hier: {"name": "groceries_add", "arguments": {}}').calls).toEqual([]);
    expect(recoverToolCalls('<tool_call>kaputt</tool_call>').calls).toEqual([]);
    expect(recoverToolCalls('{"name": "groceries_add", "arguments": "kein json"}').calls).toEqual([]);
  });

  it('runs prose with one fenced call of an offered tool, and leaves code explained in prose as text', () => {
    const offered = new Set(['groceries_add', 'tasks_list']);
    const gern = 'Gern! ```json\n{"name": "groceries_add", "arguments": "{\\"name\\": \\"Butter\\"}"}\n```';
    expect(recoverToolCalls(gern, offered)).toEqual({
      calls: [{ name: 'groceries_add', arguments: { name: 'Butter' } }],
      shape: 'prose-fenced',
    });
    // Without the offered tools (or naming another tool) the same text is prose.
    expect(recoverToolCalls(gern).calls).toEqual([]);
    expect(recoverToolCalls('So: ```json\n{"name": "rm_rf", "arguments": {}}\n```', offered).calls).toEqual([]);
    // Two fences, or two calls in one, explain code: text.
    const twoFences =
      'Ein Aufruf sieht so aus: ```json\n{"name": "tasks_list", "arguments": {}}\n``` und in Python: ```python\nclient.call("tasks_list")\n```';
    expect(recoverToolCalls(twoFences, offered).calls).toEqual([]);
    const twoCalls = 'Zum Beispiel: ```json\n[{"name": "tasks_list", "arguments": {}}, {"name": "groceries_add", "arguments": {}}]\n```';
    expect(recoverToolCalls(twoCalls, offered).calls).toEqual([]);
    expect(recoverToolCalls('Beispiel: ```python\n{"name": "tasks_list", "arguments": {}}\n```', offered).calls).toEqual([]);
  });

  it('reads an unclosed tag and calls separated by a semicolon', () => {
    expect(recoverToolCalls('<tool_call>{"name":"tasks_list","arguments":{}}').calls).toEqual([{ name: 'tasks_list', arguments: {} }]);
    expect(
      recoverToolCalls('<|python_tag|>{"name":"tasks_list","parameters":{}}; {"name":"groceries_list","parameters":{}}').calls.map(
        (c) => c.name,
      ),
    ).toEqual(['tasks_list', 'groceries_list']);
  });

  it('strips closed, unclosed and half-opened thinking', () => {
    expect(stripThinking('<think>a</think>Hallo')).toBe('Hallo');
    expect(stripThinking('Hallo<think>noch nicht fertig')).toBe('Hallo');
    expect(stripThinking('nur gedacht</think>\nHallo')).toBe('\nHallo');
  });

  it('streams only what is certain to be visible', () => {
    const s = new VisibleStream();
    const out = ['Hal', 'lo <', 'thi', 'nk>geheim</th', 'ink> Welt', ' <tool_', 'call>{}'].map((c) => s.push(c));
    expect(out.join('')).toBe('Hallo  Welt ');
    expect(out).toEqual(['Hal', 'lo ', '', '', ' Welt', ' ', '']);
    const json = new VisibleStream();
    expect(['  {"na', 'me": 1}'].map((c) => json.push(c)).join('')).toBe('');
  });
});

describe('one repair turn', () => {
  const lastTool = (req: ChatRequestBody) => JSON.parse([...req.messages].reverse().find((m) => m.role === 'tool')!.content);

  it('an unknown tool one edit away gets the exact error once and is never run as the near tool', async () => {
    const t = await setup('qwen2.5:3b-instruct');
    const args = { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } };
    t.server.reply(
      { tool_calls: [{ name: 'calender_create', arguments: args }] },
      { tool_calls: [{ name: 'calendar_create', arguments: args }] },
      { content: 'Ok.' },
    );
    const res = await t.assistant.chat({ message: 'Trag morgen um 15:30 Zahnarzt in den Kalender ein' });
    const repair = lastTool(t.server.chats()[1]!);
    expect(repair).toEqual({
      success: false,
      error: { code: 'UNKNOWN_TOOL', message: expect.stringContaining('There is no tool named "calender_create"') },
    });
    expect(repair.error.message).toContain('calendar_create');
    // The misspelled call ran nowhere; the model's own corrected call ran once.
    expect(t.home.calls.map((c) => c.name)).toEqual(['calendar_create']);
    expect(res.tool_calls.map((c) => c.tool)).toEqual(['calendar_create']);
    expect(t.tracer.list().filter((e) => e.stage === 'tool_call_repair')).toHaveLength(1);
  });

  it('a name farther away is refused as unknown, without a repair turn', async () => {
    const t = await setup('qwen2.5:3b-instruct');
    t.server.reply({ tool_calls: [{ name: 'calendar_add_event', arguments: {} }] }, { content: 'Ok.' });
    const res = await t.assistant.chat({ message: 'Trag Zahnarzt in den Kalender ein' });
    expect(res.tool_calls.map((c) => c.result.error?.code)).toEqual(['UNKNOWN_TOOL']);
    expect(t.tracer.list().some((e) => e.stage === 'tool_call_repair')).toBe(false);
    expect(t.home.calls).toHaveLength(0);
  });

  it('a missing required argument gets the schema error; a second bad call is not repaired again', async () => {
    const t = await setup('llama3.2:3b');
    const bad = { tool_calls: [{ name: 'reminders_create', arguments: { text: 'Müll' } }] };
    t.server.reply(bad, bad, { content: 'Erinnerung gesetzt!' });
    const res = await t.assistant.chat({ message: 'Erinnere mich an den Müll' });
    const chats = t.server.chats();
    expect(lastTool(chats[1]!).error.message).toContain('the input is missing the required property "when"');
    expect(lastTool(chats[1]!).error.message).toContain('"required":["text","when"]');
    // The second bad call went to the registry, which refused it; nothing was stored.
    expect(lastTool(chats[2]!).error.code).toBe('INVALID_ARGUMENTS');
    expect(t.home.calls).toHaveLength(0);
    expect(res.reply).toContain('nicht geklappt');
    expect(res.reply).not.toContain('gesetzt!');
  });

  it('a repaired call the model then gives up on is reported as not done', async () => {
    const t = await setup('llama3.2:3b');
    t.server.reply({ tool_calls: [{ name: 'reminders_create', arguments: { text: 'Müll' } }] }, { content: 'Ich habe dich erinnert.' });
    const res = await t.assistant.chat({ message: 'Erinnere mich an den Müll' });
    expect(res.tool_calls).toEqual([
      expect.objectContaining({ tool: 'reminders_create', result: expect.objectContaining({ success: false }) }),
    ]);
    expect(res.reply).toContain('nicht geklappt');
    expect(t.home.calls).toHaveLength(0);
  });
});

describe('the language of the request', () => {
  it('an English request gets an English system prompt line and an English confirmation', async () => {
    const t = await setup('qwen2.5:7b-instruct');
    t.server.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'milk', quantity: 2, unit: 'l' } }] }, { content: 'Done.' });
    const res = await t.assistant.chat({ message: 'Please add two liters of milk to the shopping list' });
    expect(t.server.chats()[0]!.messages[0]!.content).toContain('The user writes in English: answer in English');
    expect(res.reply).toBe('Added to the shopping list: 2 l milk.');
  });

  it('a German request gets German, whatever the UI language', async () => {
    const t = await setup('qwen2.5:7b-instruct');
    t.server.reply({ content: 'Gern geschehen.' });
    await t.assistant.chat({ message: 'Was kannst du alles für mich tun?', language: 'en' });
    const system = t.server.chats()[0]!.messages[0]!.content;
    expect(system).toContain('Antworte kurz auf Deutsch.');
    expect(system).not.toContain('answer in English');
  });
});
