import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SkillRegistry } from '../platform/registry';
import { Tracer } from '../platform/trace';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedReply } from '../testing/scripted-ollama';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { modelsToProbe, probeModel } from './model-probe';
import { ProbeBook, probesFileOf, readProbes, saveProbes } from './model-profile';
import { OllamaConnection } from './ollama-connection';

// `jarvis doctor --model` against the scripted Ollama: each model answers the probes the way
// such a model does (a native call, a call written as text, prose), and the stored result
// drives the auto pick, the agent mode and the tool budget.

const servers: ScriptedOllama[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const MODELS = [
  { name: 'nomic-embed-text:latest', capabilities: ['embedding'], family: 'nomic-bert' },
  { name: 'prose:3b', capabilities: ['completion', 'tools'], family: 'llama', parameterSize: '3.2B', contextLength: 131072 },
  { name: 'texty:4b', capabilities: ['completion', 'tools'], family: 'qwen3', parameterSize: '4.0B', contextLength: 8192 },
  { name: 'native:7b', capabilities: ['completion', 'tools'], family: 'qwen2', parameterSize: '7.6B', contextLength: 32768 },
  { name: 'old:2b', capabilities: ['completion'], family: 'gemma', parameterSize: '2.5B' },
];

/** How each scripted model answers the tool probe and the JSON probe. */
function answer(body: ChatRequestBody): ScriptedReply {
  const json = body.format === 'json';
  switch (body.model) {
    case 'native:7b':
      return json
        ? { content: '{"sum": 5}' }
        : { tool_calls: [{ name: 'groceries_add', arguments: { name: 'milk', quantity: 2, unit: 'l' } }] };
    case 'texty:4b':
      return json
        ? { content: '<think>2+3</think>{"sum": 5}' }
        : { content: '<think>\nadd milk\n</think>\n<tool_call>\n{"name": "groceries_add", "arguments": {"name": "milk"}}\n</tool_call>' };
    default:
      return { content: 'Sure, I added milk!' };
  }
}

async function server(): Promise<ScriptedOllama> {
  const s = await startScriptedOllama({ models: MODELS, fallback: answer });
  servers.push(s);
  return s;
}

const now = () => new Date('2026-08-29T08:20:00Z');

describe('jarvis doctor --model', () => {
  it('probes tool calling, JSON mode, context length and speed, and recommends a mode per model', async () => {
    const s = await server();
    const names = await modelsToProbe(s.url);
    expect(names).toEqual(MODELS.map((m) => m.name));
    const probes = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await probeModel(n, { url: s.url, agentNumCtx: 16384, now })] as const)),
    );

    expect(probes['native:7b']).toMatchObject({
      tool_calling: 'native',
      json_mode: true,
      context_length: 32768,
      parameter_size: '7.6B',
      // The scripted server reports eval_count 12 over eval_duration 1 ms.
      tokens_per_second: 12000,
      recommendation: { agent: 'native', planner: 'json', max_tools: 30, max_tokens: 6553 },
    });
    expect(probes['texty:4b']).toMatchObject({
      tool_calling: 'in-text',
      json_mode: true,
      // A model with a small window gets a small budget.
      recommendation: { agent: 'text-calls', planner: 'json', max_tools: 15, max_tokens: 3276 },
    });
    expect(probes['prose:3b']).toMatchObject({
      tool_calling: 'none',
      json_mode: false,
      recommendation: { agent: 'unusable', planner: 'off' },
    });
    expect(probes['old:2b']).toMatchObject({ tool_calling: 'unsupported', recommendation: { agent: 'unusable' } });
    expect(probes['nomic-embed-text:latest']).toMatchObject({
      recommendation: { agent: 'unusable' },
      notes: ['not a chat model (embedding only)'],
    });
    expect(probes['native:7b']!.recommendation.score).toBeGreaterThan(probes['texty:4b']!.recommendation.score);

    // Exactly the probes Ollama's API offers: show per model, then one tool chat and one JSON chat.
    const chats = s.chats().filter((c) => c.model === 'native:7b');
    expect(chats.map((c) => (c.format ? 'json' : c.tools?.length ? 'tools' : 'plain'))).toEqual(['tools', 'json']);
    expect(chats.every((c) => c.stream === false && (c.options as { temperature?: number }).temperature === 0)).toBe(true);
  });

  it('names a model that is not installed', async () => {
    const s = await server();
    await expect(modelsToProbe(s.url, 'mistral-nemo')).rejects.toThrow('The model mistral-nemo is not installed');
    await expect(modelsToProbe('http://127.0.0.1:9')).rejects.toThrow(/^Ollama is not reachable at http:\/\/127.0.0.1:9 \(/);
    expect(await modelsToProbe(s.url, 'native:7b')).toEqual(['native:7b']);
  });

  it('stores the result; OLLAMA_MODEL=auto and the assistant use it instead of the first tool model', async () => {
    const s = await server();
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-probes-'));
    dirs.push(dir);
    const config = loadConfig({ OLLAMA_URL: s.url, JARVIS_DATA: join(dir, 'jarvis.db'), JARVIS_LOCAL_INTENTS: 'false' });
    const file = probesFileOf(config);
    expect(file).toBe(join(dir, 'model-probes.json'));
    const probes = [];
    for (const n of await modelsToProbe(s.url))
      probes.push(await probeModel(n, { url: s.url, agentNumCtx: config.ollamaAgentNumCtx, now }));
    saveProbes(file, probes);
    expect(Object.keys(readProbes(file).probes)).toHaveLength(MODELS.length);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('jarvis.model-probes.v1');

    const book = new ProbeBook(file);
    // Without probes auto takes the first installed tools model (prose:3b); with them, the best one.
    expect(await new OllamaConnection(config, now).resolveModel()).toMatchObject({ ok: true, model: 'prose:3b' });
    const ollama = new OllamaConnection(config, now, (installed) => book.recommended(installed));
    expect(await ollama.resolveModel()).toMatchObject({ ok: true, model: 'native:7b', how: 'auto' });

    // The probe's budget: 30 tools for a 7B model, so 40 registered tools are narrowed down.
    const registry = new SkillRegistry();
    const extra = Array.from({ length: 10 }, (_, i) => ({
      name: `skill_garden_valve_${i}`,
      description: `Opens garden valve ${i}`,
      input_schema: { type: 'object' as const, properties: {} },
      provider: 'plugin' as const,
      mutates: true,
      requires_confirmation: false,
      risk: 'reversible' as const,
      source: 'garden',
    }));
    registry.addProvider(new MemoryHomeProvider(extra));
    const tracer = new Tracer({ enabled: true, limit: 1000, now });
    const assistant = new Assistant({
      ...NO_COLLABORATORS,
      config,
      clock: now,
      registry,
      tracer,
      ollama,
      modelProfile: (m) => book.profile(m),
    });
    s.reset();
    s.reply({ tool_calls: [{ name: 'groceries_add', arguments: { name: 'Milch' } }] }, { content: 'ok' });
    await assistant.chat({ message: 'Setz Milch auf die Einkaufsliste' });
    const offered = s.chats()[0]!.tools!.map((t) => t.function.name);
    expect(offered.length).toBeLessThanOrEqual(30);
    expect(offered).toContain('groceries_add');
    expect(offered).toContain('tools_find');
    expect(offered).not.toContain('skill_garden_valve_3');
  });

  it('a model whose probe found JSON mode but no tool calls goes straight to the selector', async () => {
    const s = await server();
    const config = loadConfig({ OLLAMA_URL: s.url, OLLAMA_MODEL: 'prose:3b', JARVIS_LOCAL_INTENTS: 'false' });
    const registry = new SkillRegistry();
    const home = new MemoryHomeProvider();
    registry.addProvider(home);
    const tracer = new Tracer({ enabled: true, limit: 1000, now });
    const assistant = new Assistant({
      ...NO_COLLABORATORS,
      config,
      clock: now,
      registry,
      tracer,
      ollama: new OllamaConnection(config, now),
      modelProfile: () => ({ agent: 'selector', planner: 'json', maxTools: 15, maxTokens: 3000 }),
    });
    s.reply({ json: { tool: 'groceries_add', arguments: { name: 'Milch' }, confidence: 0.9 } });
    const res = await assistant.chat({ message: 'Setz Milch auf die Einkaufsliste' });
    expect(res.tool_calls.map((c) => c.tool)).toEqual(['groceries_add']);
    expect(s.chats()).toHaveLength(1);
    expect(s.chats()[0]!.format).toBe('json');
    expect(tracer.list().some((e) => e.stage === 'native_tools_skipped')).toBe(true);
  });
});
