import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../../testing/scripted-ollama';
import { captureOutput } from '../../testing/captured-output';
import { runCli } from '../program';

// `jarvis eval` and `jarvis doctor --model` as a household runs them, against the scripted
// Ollama: a model that only chats passes chit-chat and fails the cases that need a tool.

describe('jarvis eval and jarvis doctor --model', () => {
  let dir: string;
  let ollama: ScriptedOllama;
  const saved = { ...process.env };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-eval-cli-'));
    ollama = await startScriptedOllama({
      models: [{ name: 'chatty:3b', capabilities: ['completion', 'tools'], family: 'llama', parameterSize: '3.2B', contextLength: 8192 }],
      fallback: (body) =>
        body.format ? { json: { tool: '', arguments: {}, confidence: 0 } } : { content: 'Hallo! Schön, dass du fragst.' },
    });
    process.env.JARVIS_DATA = join(dir, 'jarvis.db');
    process.env.OLLAMA_URL = ollama.url;
  });
  afterEach(() => {
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    process.env = saved;
    await ollama.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) => captureOutput(() => runCli(args));

  it('prints a table per category, lists the failed cases, and --json gives the report', async () => {
    const table = await run('eval', '--model', 'chatty:3b', '--category', 'chit-chat', 'groceries');
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe('chatty:3b');
    expect(lines[1]).toMatch(
      /^category\s+cases\s+tool choice\s+arguments\s+end state\s+wrong changes\s+ms\/step \(p50\)\s+tokens\/request$/,
    );
    // Chit-chat needs no tool, except the time question it never asks a tool for.
    expect(table.stdout).toMatch(/\nchit-chat\s+10\s+90%\s+90%\s+100%\s+0\s/);
    expect(table.stdout).toContain('chat-de-time: not called: system_get_time');
    expect(table.stdout).toMatch(/\ngroceries\s+12\s+0%/);
    expect(table.stdout).toContain('groc-de-milk: not called: groceries_add');

    const json = await run('eval', '--model', 'chatty:3b', '--category', 'chit-chat', '--json', '--compare', 'chatty:3b');
    const report = JSON.parse(json.stdout);
    expect(report.format).toBe('jarvis.eval.compare.v1');
    expect(report.reports[0].total).toMatchObject({ cases: 10, passed: 9, wrong_mutations: 0, tokens_per_request: expect.any(Number) });
    expect(report.reports[1].model).toBe('chatty:3b');
  });

  it('exits 1 when the model is not installed, 2 without a corpus', async () => {
    const missing = await run('eval', '--model', 'nope:1b', '--category', 'chit-chat');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('jarvis eval: the model nope:1b is not installed in Ollama');
    const noCorpus = await run('eval', '--model', 'chatty:3b', '--corpus', join(dir, 'none'));
    expect(noCorpus.code).not.toBe(0);
  });

  it('doctor --model probes, prints the recommendation and stores the probe beside the database', async () => {
    const r = await run('doctor', '--model');
    expect(r.stdout).toMatch(/^model\s+tool calls\s+JSON mode\s+context\s+tokens\/s\s+agent\s+planner\s+tool budget/);
    // No tool call in the probe, but JSON mode works: the selector mode, with a small model's budget.
    expect(r.stdout).toMatch(/chatty:3b\s+none\s+yes\s+8192\s+12000\s+selector\s+json\s+15 tools \/ 3276 tokens/);
    expect(r.stdout).toContain('recommended agent model: chatty:3b');
    expect(r.code).toBe(0);
    const file = join(dir, 'model-probes.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).probes['chatty:3b'].tool_calling).toBe('none');
  });
});
