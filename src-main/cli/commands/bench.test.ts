import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSkillBench } from '../../master/eval';
import { writeOverlay, type SkillOverlay } from '../../skills/overlays';
import { treeSha256 } from '../../skills/tree-hash';
import { captureOutput } from '../../testing/captured-output';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama, type ScriptedReply } from '../../testing/scripted-ollama';
import { runCli } from '../program';

// `jarvis bench skills` as a household runs it, against the scripted Ollama: a model that
// does a skill's task right only when the skill is in its catalog (it calls the skill's tool,
// which runs the pipeline or returns the instructions it then follows), and that makes plain
// requests right either way.

const corpusDir = join(__dirname, '..', '..', '..', 'eval', 'skills');
const corpus = loadSkillBench(corpusDir);
const PIPELINES = new Set(['weekly-staples']);
/** Skills the model follows only when their catalog entry shows an example (an overlay's). */
let needsExample = new Set<string>();

function toolResultsSoFar(body: ChatRequestBody): number {
  const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
  return body.messages.slice(lastUser).filter((m) => m.role === 'tool').length;
}

function skillAware(body: ChatRequestBody): ScriptedReply {
  if (body.format) return { json: { tool: '', arguments: {}, confidence: 0 } };
  const asked = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const task = corpus.cases.find((c) => c.turns.includes(asked));
  if (!task) return { content: 'Gern.' };
  const step = toolResultsSoFar(body);
  let plan: { name: string; arguments: Record<string, unknown> }[] = task.expect.calls.map((c) => ({
    name: c.tool,
    arguments: c.arguments,
  }));
  if (task.skill) {
    const system = body.messages[0]?.content ?? '';
    const entry = new RegExp(`<skill name="${task.skill}" description="[^"]*"(>)?`).exec(system);
    const sees = entry !== null && (!needsExample.has(task.skill) || entry[1] !== undefined);
    if (!sees) return { content: 'Gute Idee! Sag mir, was ich eintragen soll.' };
    // The skill's tool: a pipeline does the calls itself, an instruction skill returns its instructions.
    const tool = { name: `skill_${task.skill.replace(/-/g, '_')}_run`, arguments: {} };
    plan = PIPELINES.has(task.skill) ? [tool] : [tool, ...plan];
  }
  const next = plan[step];
  return next ? { tool_calls: [next] } : { content: 'Erledigt.' };
}

describe('jarvis bench skills', () => {
  let dir: string;
  let ollama: ScriptedOllama;
  const saved = { ...process.env };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-skills-'));
    ollama = await startScriptedOllama({
      models: [{ name: 'skilled:7b', capabilities: ['completion', 'tools'], family: 'qwen2' }],
      fallback: skillAware,
    });
    process.env.JARVIS_DATA = join(dir, 'jarvis.db');
    process.env.OLLAMA_URL = ollama.url;
    process.env.JARVIS_SKILL_OVERLAY_DIR = join(dir, 'no-overlays');
  });
  afterEach(() => {
    needsExample = new Set();
  });
  afterAll(async () => {
    process.env = saved;
    await ollama.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) => captureOutput(() => runCli(args));

  it('writes the summary, the tasks a condition wins and the skill invocations; seeds reach Ollama', async () => {
    ollama.reset();
    const out = join(dir, 'results.md');
    const r = await run(
      'bench',
      'skills',
      '--model',
      'skilled:7b',
      '--seeds',
      '42,43',
      '--condition',
      'no_skills',
      'skills_on',
      '--out',
      out,
    );
    expect(r.stderr).not.toContain('jarvis bench skills:');
    expect(r.code).toBe(0);
    const tasks = corpus.cases.length;
    const withSkill = corpus.cases.filter((c) => c.skill);
    expect(withSkill.length).toBeGreaterThanOrEqual(6);
    const plain = corpus.cases.filter((c) => !c.skill).map((c) => c.id);
    expect(plain.length).toBeGreaterThanOrEqual(1);

    // Without the catalog only the plain requests pass; with it every task does.
    const plainShare = `${Math.round((plain.length / tasks) * 100)}%`;
    expect(r.stdout).toMatch(new RegExp(`\\nno_skills\\s+2\\s+${tasks}\\s+${plainShare}\\s`));
    expect(r.stdout).toMatch(new RegExp(`\\nskills_on\\s+2\\s+${tasks}\\s+100%\\s+100%\\s+100%\\s+100%\\s+0\\s`));
    expect(r.stdout).toContain(`skills_on vs no_skills: ${withSkill.length} tasks won, 0 lost`);

    const md = readFileSync(out, 'utf8');
    expect(md).toContain('# Skill benchmark: skilled:7b');
    expect(md).toContain('seeds 42, 43');
    expect(md).toMatch(
      /\| condition \| seeds \| tasks \| passed \| tool choice \| arguments \| end state \| wrong changes\/run \| tokens\/request \|/,
    );
    expect(md).toContain(`| skills_on | 2 | ${tasks} | 100% | 100% | 100% | 100% | 0 |`);
    expect(md).toContain('### skills_on vs no_skills');
    expect(md).toContain(`- wins (${withSkill.length}): skill-de-trip (2/2 vs 0/2)`);
    expect(md).toContain('- losses (0): none');
    // Each skill's tool ran once per task and seed; without the catalog none did.
    expect(md).toContain(`| no_skills | 0 | 0 | 0% | - |`);
    expect(md).toContain(`| skills_on | 0 | ${withSkill.length * 2} | 100% | kids-birthday 4, trip-packing 4, weekly-staples 4 |`);
    expect(md).toContain(`| skill-de-plain-grocery | - | 2/2 | 2/2 |`);
    expect(md).toContain(`| skill-de-staples | weekly-staples | 0/2 | 2/2 |`);
    expect(md).toContain('no_skills, seed 42, skill-de-staples: not called: groceries_add');

    // Every model call carried its run's seed; the catalog only reached the skills_on runs.
    const chats = ollama.chats();
    expect(new Set(chats.map((c) => c.options?.seed))).toEqual(new Set([42, 43]));
    const withCatalog = chats.filter((c) => (c.messages[0]?.content ?? '').includes('<available_skills>'));
    expect(withCatalog.length).toBeGreaterThan(0);
    expect(withCatalog.every((c) => c.tools?.some((t) => t.function.name.startsWith('skill_')))).toBe(true);
  }, 120_000);

  it('skills_optimized runs with the overlays made for these skills; _dspy and _gepa with those of their policy', async () => {
    ollama.reset();
    needsExample = new Set(['trip-packing']);
    const overlays = join(dir, 'overlays');
    const overlay = (skill: string, policy: SkillOverlay['policy'], extra: Partial<SkillOverlay> = {}): SkillOverlay => ({
      format: 'jarvis.skill-overlay.v1',
      skill,
      skill_sha256: treeSha256(corpus.skillDirs[skill]!),
      description: `${skill} (optimised)`,
      examples: [],
      policy,
      created_at: '2026-12-01T18:00:00.000Z',
      ...extra,
    });
    const example = {
      request: 'Wir fahren morgen in die Berge, bereite alles vor',
      calls: [{ tool: 'skill_trip_packing_run', arguments: {} }],
    };
    // A few-shot overlay keeps the skill's description and adds an example.
    writeOverlay(
      overlays,
      overlay('trip-packing', 'few-shot', { description: corpus.skillDescriptions['trip-packing']!, examples: [example] }),
    );
    writeOverlay(overlays, overlay('kids-birthday', 'describe', { description: 'Kindergeburtstag planen (überarbeitet)' }));
    // Made for another version of the skill's files: not used.
    writeOverlay(overlays, overlay('weekly-staples', 'few-shot', { skill_sha256: '0'.repeat(64), examples: [example] }));

    const out = join(dir, 'optimized.md');
    const conditions = ['skills_on', 'skills_optimized', 'skills_optimized_dspy', 'skills_optimized_gepa'];
    const r = await run(
      'bench',
      'skills',
      '--model',
      'skilled:7b',
      '--seeds',
      '42',
      '--condition',
      ...conditions,
      '--overlays',
      overlays,
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const md = readFileSync(out, 'utf8');
    // Without the example the model misses the trip tasks; the few-shot overlay brings it.
    expect(md).toContain(
      '### skills_optimized vs skills_on\n\n- wins (2): skill-de-trip (1/1 vs 0/1), skill-en-trip (1/1 vs 0/1)\n- losses (0)',
    );
    expect(md).toContain('### skills_optimized_dspy vs skills_on\n\n- wins (2): skill-de-trip');
    expect(md).toContain('### skills_optimized_gepa vs skills_on\n\n- wins (0): none');
    expect(md).toContain(
      '- skills_optimized: kids-birthday (made by describe; used: description), trip-packing (made by few-shot; used: examples), weekly-staples (made by few-shot; stale: not used)',
    );
    expect(md).toContain(
      '- skills_optimized_dspy: kids-birthday (made by describe; nothing of this policy: not used), trip-packing (made by few-shot; used: examples),',
    );
    expect(md).toContain(
      '- skills_optimized_gepa: kids-birthday (made by describe; used: description), trip-packing (made by few-shot; nothing of this policy: not used),',
    );
    // The describe overlay's description reached the catalog of the runs that use it, and only those.
    const revised = ollama.chats().filter((c) => (c.messages[0]?.content ?? '').includes('Kindergeburtstag planen (überarbeitet)'));
    expect(revised.length).toBeGreaterThan(0);
    expect(revised.length).toBeLessThan(ollama.chats().filter((c) => (c.messages[0]?.content ?? '').includes('<available_skills>')).length);
  }, 120_000);

  it('--json gives the report; --max-samples takes the first tasks; one --condition runs alone', async () => {
    ollama.reset();
    const r = await run(
      'bench',
      'skills',
      '--model',
      'skilled:7b',
      '--seeds',
      '7',
      '--max-samples',
      '2',
      '--condition',
      'skills_on',
      '--json',
      '--out',
      join(dir, 'one.md'),
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      format: 'jarvis.bench.skills.v1',
      model: 'skilled:7b',
      seeds: [7],
      conditions: ['skills_on'],
      differences: [],
    });
    expect(report.tasks.map((t: { id: string }) => t.id)).toEqual(corpus.cases.slice(0, 2).map((c) => c.id));
    expect(report.summary.skills_on).toMatchObject({ seeds: 1, tasks: 2, pass_rate: 1 });
    expect(report.runs).toHaveLength(1);
    expect(new Set(ollama.chats().map((c) => c.options?.seed))).toEqual(new Set([7]));
  }, 60_000);

  it('says what is wrong: an unknown condition or seed (2), no model installed or no Ollama (1)', async () => {
    const bad = await run('bench', 'skills', '--model', 'skilled:7b', '--condition', 'skills_magic');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'jarvis bench skills: unknown condition "skills_magic" (known: no_skills, skills_on, skills_optimized, skills_optimized_dspy, skills_optimized_gepa, skills_optimized_few-shot, skills_optimized_describe)',
    );
    const seeds = await run('bench', 'skills', '--model', 'skilled:7b', '--seeds', '42,x');
    expect(seeds.code).toBe(2);
    expect(seeds.stderr).toContain('--seeds takes whole numbers');
    const samples = await run('bench', 'skills', '--model', 'skilled:7b', '--max-samples', '0');
    expect(samples.code).toBe(2);
    const missing = await run('bench', 'skills', '--model', 'nope:1b', '--out', join(dir, 'x.md'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('jarvis bench skills: the model nope:1b is not installed in Ollama');
    const away = await run('bench', 'skills', '--model', 'skilled:7b', '--ollama', 'http://127.0.0.1:9', '--out', join(dir, 'x.md'));
    expect(away.code).toBe(1);
    expect(away.stderr).toContain('jarvis bench skills: Ollama is not reachable at http://127.0.0.1:9');
  });
});
