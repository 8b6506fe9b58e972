import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_ERROR_CODES, skillToolName, toolSuccess } from '../../src-shared';
import { SkillRegistry, type ToolContext, type ToolProvider } from '../platform/registry/registry';
import { SkillEngine } from './engine';
import type { SkillTier } from '../../src-shared';
import type { GenerateText } from './step-tools';

// Skills written as OpenJarvis ships them: flat `<name>.toml` files with [skill] and
// [[skill.steps]] tables whose arguments_template is JSON with {placeholders}, shaped like
// src/openjarvis/skills/data/translate-doc.toml and email-draft.toml of the OpenJarvis repository.

const ctx: ToolContext = { traceId: 'test_steps', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin', actor: 'cli' };
let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

interface Setup {
  readonly files: Record<string, string>;
  readonly generate?: GenerateText;
  readonly registry?: SkillRegistry;
  readonly registryComplete?: boolean;
  /** Where the files lie: the workspace (the household's own skills) unless said otherwise. */
  readonly tier?: SkillTier;
}

function engineWith({ files, generate, registry = new SkillRegistry(), registryComplete, tier = 'workspace' }: Setup) {
  root = mkdtempSync(join(tmpdir(), 'jarvis-steps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
    if (path.endsWith('/run')) chmodSync(join(root, path), 0o755);
  }
  const engine = new SkillEngine({
    sources: [{ tier, dir: root }],
    pipelineMaxDepth: 3,
    processEnabled: true,
    runner: { allowSystemExec: false, maxTimeoutMs: 10_000, maxOutputKb: 256, hostEnv: process.env },
    registry,
    ...(generate ? { generate } : {}),
    ...(registryComplete === false ? { registryComplete: false } : {}),
  });
  registry.addProvider(engine.provider);
  engine.reload();
  const info = (id: string) => engine.info(engine.skills().find((s) => s.id === id)!);
  const offered = (id: string) => engine.provider.list().some((t) => t.name === skillToolName(id, 'run'));
  const run = (id: string, input: Record<string, unknown>) =>
    engine.invoke(
      engine.skills().find((s) => s.id === id)!,
      'run',
      input,
      ctx,
    );
  return { engine, registry, info, offered, run };
}

const TRANSLATE = `[skill]
name = "translate-note"
description = "Translate a note and review the translation"
version = "0.1.0"
author = "openjarvis"
required_capabilities = ["engine:inference"]

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Translate to {target_language}: {text}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "llm"
arguments_template = '{"prompt": "{plan}", "system": "You translate household notes."}'
output_key = "translation"

[[skill.steps]]
tool_name = "calculator"
arguments_template = '{"expression": "2 * (3 + 4)"}'
output_key = "check"
`;

describe('built-in step tools in OpenJarvis pipelines', () => {
  it('runs think, llm and calculator steps; llm goes to the injected model with the filled prompt', async () => {
    const prompts: { prompt: string; system?: string }[] = [];
    const generate: GenerateText = (prompt, options) => {
      prompts.push({ prompt, ...options });
      return Promise.resolve('Milch, Brot, Eier');
    };
    const { info, offered, run } = engineWith({ files: { 'translate-note.toml': TRANSLATE }, generate });
    expect(info('translate-note')).toMatchObject({ enabled: true, errors: [] });
    expect(info('translate-note').unavailable).toBeUndefined();
    expect(offered('translate-note')).toBe(true);
    const r = await run('translate-note', { target_language: 'Deutsch', text: 'milk, bread, eggs' });
    expect(r.success).toBe(true);
    expect(prompts).toEqual([{ prompt: 'Translate to Deutsch: milk, bread, eggs', system: 'You translate household notes.' }]);
    expect(r.data).toMatchObject({
      result: 14,
      outputs: { plan: 'Translate to Deutsch: milk, bread, eggs', translation: 'Milch, Brot, Eier', check: 14 },
    });
  });

  it('an installed skill whose step uses llm without declaring engine:inference is unavailable, not offered, and refused when run anyway', async () => {
    let calls = 0;
    const generate: GenerateText = () => {
      calls++;
      return Promise.resolve('x');
    };
    const undeclared = TRANSLATE.replace('required_capabilities = ["engine:inference"]\n', '');
    const { engine, info, offered, run } = engineWith({ files: { 'translate-note.toml': undeclared }, generate, tier: 'user' });
    const listed = info('translate-note');
    expect(listed.enabled).toBe(false);
    expect(listed.unavailable).toBe(
      'step 2 uses the built-in step tool llm, which needs engine:inference; the skill does not declare it in required_capabilities',
    );
    expect(listed.warnings).toContain(listed.unavailable);
    expect(offered('translate-note')).toBe(false);
    expect(engine.catalogXml()).not.toContain('translate-note');
    // `jarvis skill run` calls the engine directly: the run-time check refuses before the model is asked.
    const r = await run('translate-note', { target_language: 'Deutsch', text: 'milk' });
    expect(r.error?.code).toBe(SKILL_ERROR_CODES.capability);
    expect(r.error?.message).toContain('step 2 of translate-note (llm) uses the built-in step tool llm, which needs engine:inference');
    expect(calls).toBe(0);
  });

  it("OpenJarvis's translate-doc (no required_capabilities) in the workspace runs, with a warning; installed, it is unavailable", async () => {
    // Shaped like src/openjarvis/skills/data/translate-doc.toml of the OpenJarvis repository: think, llm_call, think.
    const translateDoc = `[skill]
name = "translate-doc"
description = "Translate a document to a target language"
version = "0.1.0"
author = "openjarvis"
tags = ["translation"]

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Translate to {target_language}: {text}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "llm_call"
arguments_template = '{"prompt": "Translate to {target_language}: {text}"}'
output_key = "translation"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Check: {translation}"}'
output_key = "review"
`;
    const generate: GenerateText = () => Promise.resolve('Milch');
    const files = { 'translate-doc.toml': translateDoc };
    const own = engineWith({ files, generate });
    const listed = own.info('translate-doc');
    expect(listed.enabled).toBe(true);
    expect(listed.unavailable).toBeUndefined();
    expect(listed.warnings).toContain(
      'step 2 uses engine:inference (the built-in step tool llm_call) without declaring it; allowed because it is in your workspace',
    );
    expect(own.offered('translate-doc')).toBe(true);
    const r = await own.run('translate-doc', { target_language: 'Deutsch', text: 'milk' });
    expect(r.success).toBe(true);
    expect(JSON.stringify(r.data)).toContain('Milch');
    rmSync(root, { recursive: true, force: true });

    const installed = engineWith({ files, generate, tier: 'user' });
    expect(installed.info('translate-doc').enabled).toBe(false);
    expect(installed.info('translate-doc').unavailable).toBe(
      'step 2 uses the built-in step tool llm_call, which needs engine:inference; the skill does not declare it in required_capabilities',
    );
    expect(installed.offered('translate-doc')).toBe(false);
    const refused = await installed.run('translate-doc', { target_language: 'Deutsch', text: 'milk' });
    expect(refused.error?.code).toBe(SKILL_ERROR_CODES.capability);
  });

  it('llm without a model set up makes the skill unavailable; a model error fails the step with its reason', async () => {
    const without = engineWith({ files: { 'translate-note.toml': TRANSLATE } });
    expect(without.info('translate-note').unavailable).toBe('step 2 uses llm, but no language model is set up for skills');
    rmSync(root, { recursive: true, force: true });
    const failing = engineWith({
      files: { 'translate-note.toml': TRANSLATE },
      generate: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:11434')),
    });
    const r = await failing.run('translate-note', { target_language: 'Deutsch', text: 'milk' });
    expect(r.success).toBe(false);
    expect(r.error?.message).toContain('llm: the language model did not answer (connect ECONNREFUSED 127.0.0.1:11434)');
  });

  it('checks built-in step arguments against their schema', async () => {
    const toml = `[skill]
name = "bad-think"
description = "d"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"idea": "{text}"}'
`;
    const { run } = engineWith({ files: { 'bad-think.toml': toml } });
    const r = await run('bad-think', { text: 'x' });
    expect(r.error?.code).toBe('STEP_TOOL_ARGUMENTS');
    expect(r.error?.message).toContain('think:');
  });
});

const TOPIC_RESEARCH = `[skill]
name = "topic-research"
description = "Research a topic using web search and synthesize findings"
version = "0.1.0"
author = "openjarvis"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Plan research on {topic}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "web_search"
arguments_template = '{"query": "{topic}"}'
output_key = "search_results"
`;

describe('pipelines that name tools JARVIS does not have', () => {
  it('an OpenJarvis built-in JARVIS lacks: listed unavailable with the reason, never offered; a run stops at that step', async () => {
    const { engine, info, offered, run } = engineWith({ files: { 'topic-research.toml': TOPIC_RESEARCH } });
    const listed = info('topic-research');
    expect(listed.enabled).toBe(false);
    expect(listed.unavailable).toBe("step 2 uses OpenJarvis's built-in tool web_search, which JARVIS does not provide");
    expect(offered('topic-research')).toBe(false);
    expect(engine.catalogXml()).not.toContain('topic-research');
    expect(engine.listing().skills.find((s) => s.id === 'topic-research')?.unavailable).toBe(listed.unavailable);
    const r = await run('topic-research', { topic: 'Wärmepumpe' });
    expect(r.success).toBe(false);
    expect(r.error?.message).toBe(
      "step 2 of topic-research (web_search) uses OpenJarvis's built-in tool web_search, which JARVIS does not provide",
    );
  });

  it('a tool provider that offers the tool later lifts the block without a reload', async () => {
    const toml = TOPIC_RESEARCH.replace('web_search', 'garden_lookup');
    const registry = new SkillRegistry();
    const { engine, info, offered } = engineWith({ files: { 'topic-research.toml': toml }, registry });
    expect(info('topic-research').unavailable).toContain('step 2 uses the tool garden_lookup, which no tool provider offers');
    const tools: ReturnType<ToolProvider['list']>[number][] = [];
    registry.addProvider({ kind: 'mcp', list: () => tools, call: () => Promise.resolve(toolSuccess('ok', 'ok', false)) });
    tools.push({
      name: 'garden_lookup',
      description: 'looks up plants',
      input_schema: { type: 'object' },
      provider: 'mcp',
      mutates: false,
      requires_confirmation: false,
      risk: 'read',
      source: 'mcp:garden',
    });
    expect(engine.catalogXml()).toContain('topic-research');
    expect(offered('topic-research')).toBe(true);
    expect(info('topic-research').unavailable).toBeUndefined();
  });

  it('without the master (CLI), an unknown tool is left to the master; a missing OpenJarvis built-in is still named', () => {
    const files = {
      'topic-research.toml': TOPIC_RESEARCH,
      'garden.toml': TOPIC_RESEARCH.replace('topic-research', 'garden').replace('web_search', 'garden_lookup'),
    };
    const { info } = engineWith({ files, registryComplete: false });
    expect(info('garden').unavailable).toBeUndefined();
    expect(info('topic-research').unavailable).toContain("OpenJarvis's built-in tool web_search");
  });
});

describe('capabilities for every action a pipeline names', () => {
  const netSkill = (extra = '') => ({
    'net-fetch/skill.json': JSON.stringify({
      protocol: 'jarvis.skill.v1',
      id: 'net.fetch',
      name: 'Net fetch',
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      permissions: { network: true },
      actions: [{ name: 'get', description: 'fetches', risk: 'read', input_schema: { type: 'object' } }],
    }),
    'net-fetch/run': '#!/bin/sh\necho \'{"success":true,"data":"page","message":"ok","mutated":false}\'\n',
    'fetch-page.toml': `[skill]
name = "fetch-page"
description = "fetch a page"
${extra}
[[skill.steps]]
tool_name = "${skillToolName('net.fetch', 'get')}"
arguments_template = '{}'
`,
  });

  it('an installed pipeline calling a process skill whose permissions imply network:fetch must declare it', async () => {
    const { info, offered, run } = engineWith({ files: netSkill(), tier: 'user' });
    expect(info('fetch-page').unavailable).toBe(
      'step 1 uses the tool skill_net_fetch_get, which needs network:fetch; the skill does not declare it in required_capabilities',
    );
    expect(offered('fetch-page')).toBe(false);
    const r = await run('fetch-page', {});
    expect(r.error?.code).toBe(SKILL_ERROR_CODES.capability);
    expect(r.error?.message).toContain('which needs network:fetch; the skill does not declare it');
    rmSync(root, { recursive: true, force: true });
    const declared = engineWith({ files: netSkill('required_capabilities = ["network:fetch"]'), tier: 'user' });
    expect(declared.info('fetch-page').unavailable).toBeUndefined();
    expect(declared.offered('fetch-page')).toBe(true);
  });

  it('a parent must declare every capability of its sub-skills: refused at load, and at run time too', async () => {
    const files = {
      'child.toml': `[skill]
name = "child"
description = "c"
required_capabilities = ["engine:inference"]

[[skill.steps]]
tool_name = "llm"
arguments_template = '{"prompt": "{text}"}'
`,
      'parent.toml': `[skill]
name = "parent"
description = "p"

[[skill.steps]]
skill_name = "child"
arguments_template = '{"text": "{text}"}'
`,
    };
    let calls = 0;
    const { engine, info, run } = engineWith({
      files,
      generate: () => {
        calls++;
        return Promise.resolve('x');
      },
    });
    expect(info('child').enabled).toBe(true);
    expect(info('parent').errors).toContain('must declare engine:inference because its sub-skill "child" requires it');
    // The run-time check holds on its own: with the load verdict cleared, the call is still refused.
    engine.skills().find((s) => s.id === 'parent')!.errors.length = 0;
    const r = await run('parent', { text: 'hallo' });
    expect(r.error?.code).toBe(SKILL_ERROR_CODES.capability);
    expect(r.error?.message).toContain('uses the sub-skill child, which needs engine:inference; the skill does not declare it');
    expect(calls).toBe(0);
  });
});

describe('memory_search where no document index runs (the CLI without a master)', () => {
  const SEARCH = `[skill]
name = "recall"
description = "Searches the documents"
required_capabilities = ["memory:read"]

[[skill.steps]]
tool_name = "memory_search"
arguments_template = '{"query": "{topic}"}'
output_key = "found"
`;

  it('is listed unavailable with the reason, and a run fails with a plain message', async () => {
    const { info, offered, run } = engineWith({ files: { 'recall.toml': SEARCH }, registryComplete: false });
    expect(info('recall').unavailable).toBe(
      "step 1 uses memory_search, but the household's documents are searched by the running JARVIS only (not by the CLI alone)",
    );
    expect(offered('recall')).toBe(false);
    const r = await run('recall', { topic: 'Heizung' });
    expect(r).toMatchObject({ success: false, error: { code: 'STEP_TOOL_UNAVAILABLE' } });
    expect(r.message).toMatch(/searched by the running JARVIS only/);
  });
});
