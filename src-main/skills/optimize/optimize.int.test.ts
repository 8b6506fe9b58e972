import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program';
import { captureOutput } from '../../testing/captured-output';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedReply } from '../../testing/scripted-ollama';
import { activateProposedSkills } from '../../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../../testing/test-master';
import type { SkillOverlay } from '../overlays';

const repoSkills = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'skills');
const saved = { ...process.env };
let root: string;
let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jarvis-optimize-'));
});
afterEach(async () => {
  await tm?.close();
  await ollama?.close();
  tm = undefined;
  ollama = undefined;
  rmSync(root, { recursive: true, force: true });
  process.env = { ...saved };
});
afterAll(() => {
  process.env = saved;
});

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  process.env = { ...saved, ...env };
  process.exitCode = undefined;
  return captureOutput(() => runCli(argv));
}

/** The workspace with the two example skills, and the env a `jarvis` command reads them with. */
function workspace(extra: Record<string, string> = {}): Record<string, string> {
  const skills = join(root, 'skills');
  mkdirSync(skills, { recursive: true });
  cpSync(join(repoSkills, 'demo-text'), join(skills, 'demo-text'), { recursive: true });
  cpSync(join(repoSkills, 'text-brief'), join(skills, 'text-brief'), { recursive: true });
  return {
    JARVIS_SKILLS_DIR: skills,
    JARVIS_SKILLS_USER_DIR: join(root, 'user'),
    JARVIS_SKILL_OVERLAY_DIR: join(root, 'overlays'),
    JARVIS_DEBUG_DIR: join(root, 'trace'),
    JARVIS_DATA: join(root, 'jarvis.db'),
    JARVIS_MESH_ENROLLMENT_TOKEN: '',
    ...extra,
  };
}

/** Trace lines as the assistant writes them into JARVIS_DEBUG_DIR for one request. */
function traced(
  id: string,
  message: string,
  calls: { tool: string; arguments: Record<string, unknown>; success?: boolean }[],
  reply = 'Erledigt.',
) {
  const e = (stage: string, data: unknown) =>
    JSON.stringify({ seq: 0, ts: '2026-11-30T10:00:00.000Z', trace_id: id, component: 'agent', stage, data });
  return [
    e('request', { message }),
    ...calls.flatMap((c) => [
      e('tool_call', { tool: c.tool, arguments: c.arguments }),
      e('tool_result', { tool: c.tool, success: c.success ?? true }),
    ]),
    e('completed', { source: 'model', reply, tool_calls: calls.map((c) => ({ tool: c.tool, success: c.success ?? true })) }),
  ];
}

function seedTrace(env: Record<string, string>, lines: string[]): void {
  mkdirSync(env.JARVIS_DEBUG_DIR!, { recursive: true });
  writeFileSync(join(env.JARVIS_DEBUG_DIR!, 'trace-2026-11-30.jsonl'), `${lines.join('\n')}\n`);
}

const overlayFile = (env: Record<string, string>, id: string) => join(env.JARVIS_SKILL_OVERLAY_DIR!, id, 'optimized.json');
const readOverlayFile = (env: Record<string, string>, id: string) => JSON.parse(readFileSync(overlayFile(env, id), 'utf8')) as SkillOverlay;

const POSITIVE = ['Wie lang ist der Text "Guten Morgen"?', 'Zähl die Wörter in: Heute ist Markt', 'Wie viele Zeichen hat "Hallo Welt"?'];
const NEGATIVE = ['Was steht morgen im Kalender?', 'Setz Milch auf die Einkaufsliste'];

function seededHistory(env: Record<string, string>): void {
  seedTrace(env, [
    ...POSITIVE.flatMap((m, i) => traced(`agent_pos${i}`, m, [{ tool: 'skill_text_brief_run', arguments: { text: m.slice(0, 12) } }])),
    ...traced('agent_neg0', NEGATIVE[0]!, [{ tool: 'calendar_list', arguments: {} }]),
    ...traced('agent_neg1', NEGATIVE[1]!, [{ tool: 'grocery_add', arguments: { name: 'Milch' } }]),
    // A failed use does not count.
    ...traced('agent_fail', 'Wie lang ist das?', [{ tool: 'skill_text_brief_run', arguments: {}, success: false }]),
  ]);
}

describe('jarvis optimize skills: few-shot', () => {
  it('turns successful uses of a skill on the real master into examples the next system prompt carries', async () => {
    ollama = await startScriptedOllama();
    const env = workspace();
    tm = await startTestMaster({ ...env, OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
    expect((await tm.request('/api/skills/reload', { method: 'POST' })).status).toBe(200);
    await activateProposedSkills(tm);
    for (const text of ['Guten Morgen Welt', 'Heute ist Markt in der Stadt', 'Hallo']) {
      ollama.reply({ tool_calls: [{ name: 'skill_text_brief_run', arguments: { text } }] });
      const asked = await tm.request('/api/agent/chat', { json: { message: `Wie lang ist der Text "${text}"?` } });
      // A skill without a declared risk class asks the household first.
      expect(asked.json.pending?.tool).toBe('skill_text_brief_run');
      const res = await tm.request('/api/agent/chat', { json: { message: 'ja' } });
      expect(res.json.tool_calls.map((c: { tool: string; result: { success: boolean } }) => [c.tool, c.result.success])).toEqual([
        ['skill_text_brief_run', true],
      ]);
    }

    const r = await cli(env, 'optimize', 'skills');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/text-brief\s+3\s+written\s+3 examples from 3 successful uses/);
    expect(r.stdout).toMatch(/demo\.text\s+0\s+skipped\s+0 successful uses, needs 3/);
    const overlay = readOverlayFile(env, 'text-brief');
    expect(overlay).toMatchObject({ format: 'jarvis.skill-overlay.v1', skill: 'text-brief', policy: 'few-shot', score: { traces: 3 } });
    expect(overlay.examples.map((e) => e.calls[0]!.tool)).toEqual(['skill_text_brief_run', 'skill_text_brief_run', 'skill_text_brief_run']);
    expect(overlay.examples.map((e) => e.request).sort()).toEqual(
      [
        'Wie lang ist der Text "Guten Morgen Welt"?',
        'Wie lang ist der Text "Heute ist Markt in der Stadt"?',
        'Wie lang ist der Text "Hallo"?',
      ].sort(),
    );
    expect(overlay.examples[0]!.reply).toEqual(expect.any(String));

    // The running master proposes the new overlay; it reaches the prompt once an admin accepts it.
    const ask = async (): Promise<string> => {
      ollama!.reply({ content: 'Hallo!' });
      await tm!.request('/api/agent/chat', { json: { message: 'Was kannst du?' } });
      return ollama!.chats().at(-1)!.messages[0]!.content;
    };
    expect(await ask()).not.toContain('<example');
    const { records } = (await tm.request('/api/skills/learning')).json as {
      records: { learning_id: string; skill_id: string; status: string }[];
    };
    const proposal = records.find((r) => r.skill_id === 'text-brief' && r.status === 'proposed');
    expect(proposal).toBeDefined();
    expect((await tm.request(`/api/skills/learning/${proposal!.learning_id}/decision`, { json: { decision: 'accept' } })).status).toBe(200);
    const system = await ask();
    expect(system).toContain('<example request="Wie lang ist der Text &quot;Hallo&quot;?">skill_text_brief_run {"text":"Hallo"}</example>');
    const shown = await cli(env, 'skill', 'show-overlay', 'text-brief');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('policy       few-shot');
  });

  it('--min-traces skips a skill with fewer successful uses and says how many it has', async () => {
    const env = workspace();
    seededHistory(env);
    const r = await cli(env, 'optimize', 'skills', '--min-traces', '4', '--json');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.skills).toContainEqual({
      skill: 'text-brief',
      uses: 3,
      result: 'skipped',
      reason: '3 successful uses, needs 4 (--min-traces)',
    });
    expect(existsSync(overlayFile(env, 'text-brief'))).toBe(false);
  });

  it('--dry-run lists what would be optimised and why, and writes nothing', async () => {
    const env = workspace();
    seededHistory(env);
    const r = await cli(env, 'optimize', 'skills', '--dry-run', '--policy', 'dspy');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('dry run: nothing written');
    expect(r.stdout).toMatch(/text-brief\s+3\s+planned\s+would write 3 examples from 3 successful uses/);
    expect(r.stdout).toMatch(/demo\.text\s+0\s+skipped/);
    expect(existsSync(env.JARVIS_SKILL_OVERLAY_DIR!)).toBe(false);
    const d = await cli(env, 'optimize', 'skills', '--dry-run', '--policy', 'gepa', '--skill', 'text-brief');
    expect(d.stdout).toMatch(/text-brief\s+3\s+planned\s+would try 3 descriptions on 5 cases \(2 where another tool is right\)/);
    expect(existsSync(env.JARVIS_SKILL_OVERLAY_DIR!)).toBe(false);
  });

  it('refuses an unknown policy, a bad number and an unknown skill with a usage error', async () => {
    const env = workspace();
    expect((await cli(env, 'optimize', 'skills', '--policy', 'magic')).code).toBe(2);
    expect((await cli(env, 'optimize', 'skills', '--min-traces', 'x')).code).toBe(2);
    expect((await cli(env, 'optimize', 'skills', '--skill', 'nothing')).code).toBe(2);
  });
});

/**
 * A stand-in for the model on Ollama's /api/chat (https://github.com/ollama/ollama/blob/main/docs/api.md):
 * it proposes the given descriptions, and picks text-brief for a request exactly when the
 * catalog describes it with a description `knows` accepts for that request.
 */
function judge(proposals: string[], knows: (description: string, request: string) => boolean) {
  return (req: ChatRequestBody): ScriptedReply => {
    const system = req.messages[0]!.content;
    const user = req.messages[1]!.content;
    if (system.includes('different descriptions')) return { json: { descriptions: proposals } };
    const description = /<skill name="text-brief" description="([^"]*)"/.exec(system)?.[1] ?? '';
    return { json: { skill: knows(description, user) ? 'text-brief' : '' } };
  };
}

const isPositive = (request: string) => POSITIVE.includes(request) || request.startsWith('Wie lang');

describe('jarvis optimize skills: describe', () => {
  it('keeps the best candidate by its score on the benchmark cases (history and evals/cases.json) and writes the score', async () => {
    const env = workspace();
    seededHistory(env);
    mkdirSync(join(env.JARVIS_SKILLS_DIR!, 'text-brief', 'evals'));
    writeFileSync(
      join(env.JARVIS_SKILLS_DIR!, 'text-brief', 'evals', 'cases.json'),
      JSON.stringify({
        cases: [
          { request: 'Wie lang ist mein Aufsatz?', use: true },
          { request: 'Wie wird das Wetter?', use: false },
        ],
      }),
    );
    // The own description is chosen for nothing; GOOD for exactly the right requests; HALF for every request.
    ollama = await startScriptedOllama({
      fallback: judge(['HALF: für jeden Text', 'GOOD: zählt Wörter und Zeichen'], (d, r) =>
        d.startsWith('GOOD') ? isPositive(r) : d.startsWith('HALF'),
      ),
    });
    const r = await cli(
      env,
      'optimize',
      'skills',
      '--policy',
      'gepa',
      '--skill',
      'text-brief',
      '--ollama',
      ollama.url,
      '--model',
      'qwen2.5:7b-instruct',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/text-brief\s+3\s+written\s+43 % → 100 % on 7 cases; candidates: 57 %, 100 %/);
    const overlay = readOverlayFile(env, 'text-brief');
    expect(overlay).toMatchObject({
      policy: 'describe',
      description: 'GOOD: zählt Wörter und Zeichen',
      base_description: expect.stringMatching(/^Kurzprofil/),
      score: { traces: 3, cases: 7, baseline: 3 / 7, overlay: 1, candidates: [4 / 7, 1] },
    });
    // Every scoring request named the model and asked for JSON.
    expect(ollama.chats().every((c) => c.model === 'qwen2.5:7b-instruct' && c.format === 'json')).toBe(true);
  });

  it('keeps the skill’s own description when no candidate beats it, and writes nothing', async () => {
    const env = workspace();
    seededHistory(env);
    ollama = await startScriptedOllama({
      fallback: judge(['WORSE: für Kalender', 'ALSO WORSE'], (d, r) => d.startsWith('Kurzprofil') && isPositive(r)),
    });
    const r = await cli(
      env,
      'optimize',
      'skills',
      '--policy',
      'describe',
      '--skill',
      'text-brief',
      '--ollama',
      ollama.url,
      '--model',
      'qwen2.5:7b-instruct',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/text-brief\s+3\s+kept\s+kept the current description \(100 %\); candidates: 40 %, 40 %/);
    expect(existsSync(overlayFile(env, 'text-brief'))).toBe(false);
  });
});
