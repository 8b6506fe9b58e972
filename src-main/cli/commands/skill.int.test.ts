import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestBed, demoWorkspace } from '../../testing/cli-test-bed';
import { startScriptedOllama } from '../../testing/scripted-ollama';

const bed = cliTestBed('jarvis-cli-skill-', (root) => {
  const workspace = demoWorkspace(root);
  return {
    JARVIS_SKILLS_DIR: workspace,
    JARVIS_SKILLS_USER_DIR: join(root, 'user'),
    JARVIS_DATA: join(root, 'jarvis.db'),
    JARVIS_MESH_ENROLLMENT_TOKEN: '',
  };
});
const cli = bed.cli;

/** A small OpenJarvis skill folder somewhere outside the skills folders. */
function sourceSkill(name: string, extra = ''): string {
  const dir = join(bed.root, 'src', name);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: Greets people politely\n${extra}---\nSay hello first.\n`);
  writeFileSync(join(dir, 'scripts', 'helper.sh'), '#!/bin/sh\necho hi\n');
  return dir;
}

describe('jarvis skill', () => {
  it('list prints a table and --json the same skills', async () => {
    const table = await cli('skill', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^id\s+version\s+format\s+tier\s+trust\s+status\s+tools/);
    expect(table.stdout).toContain('demo.text');
    expect(table.stdout).toContain('skill_demo_text_count_words, skill_demo_text_reverse');
    const asJson = await cli('skill', 'list', '--json');
    const ids = (JSON.parse(asJson.stdout) as { skills: { id: string }[] }).skills.map((s) => s.id).sort();
    expect(ids).toEqual(['demo.text', 'text-brief']);
  });

  it('info and --json show license, compatibility, allowed tools and metadata; list marks a shadowed duplicate', async () => {
    const ws = bed.env.JARVIS_SKILLS_DIR as string;
    const md = (description: string) =>
      `---\nname: pdf\ndescription: ${description}\nlicense: MIT\ncompatibility: Needs poppler-utils\nallowed-tools: Read Grep\nmetadata:\n  author: example\n---\n${'Long instructions. '.repeat(1000)}END\n`;
    mkdirSync(join(ws, 'pdf'), { recursive: true });
    writeFileSync(join(ws, 'pdf', 'SKILL.md'), md('PDFs'));
    mkdirSync(join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'pdf'), { recursive: true });
    writeFileSync(join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'pdf', 'SKILL.md'), md('Installed copy'));
    const info = await cli('skill', 'info', 'pdf');
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/license\s+MIT/);
    expect(info.stdout).toMatch(/compatibility\s+Needs poppler-utils/);
    expect(info.stdout).toMatch(/allowed tools\s+Read Grep/);
    expect(info.stdout).toMatch(/metadata\s+\{"author":"example"\}/);
    expect(info.stdout).toContain('warning: also found as the name "pdf" in the user skill');
    const asJson = JSON.parse((await cli('skill', 'info', 'pdf', '--json')).stdout) as Record<string, unknown>;
    expect(asJson).toMatchObject({ license: 'MIT', allowed_tools: ['Read', 'Grep'], metadata: { author: 'example' } });
    const list = await cli('skill', 'list');
    expect(list.stdout).toMatch(/pdf\s+0\.0\.0\s+openjarvis\s+user\s+unreviewed\s+shadowed/);
    // Installing the same name again into the user folder is no failure for the lower tier: it says what wins.
    const src = join(bed.root, 'src', 'pdf');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'SKILL.md'), md('Another copy'));
    rmSync(join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'pdf'), { recursive: true });
    // Named relative to the current folder, recorded absolute: the reinstall hint works from anywhere.
    const inst = await cli('skill', 'install', relative(process.cwd(), src));
    expect(inst.code).toBe(0);
    expect(inst.stdout).toContain(`warning: pdf is shadowed by the skill at ${join(ws, 'pdf')}`);
    const record = JSON.parse(readFileSync(join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'pdf', '.jarvis-install.json'), 'utf8')) as {
      source: string;
    };
    expect(record.source).toBe(src);
    // A person at the terminal gets the whole instructions, not the model's first page.
    const run = await cli('skill', 'run', 'pdf');
    expect(run.stdout).toContain('Long instructions. END');
  });

  it('run executes a process skill and a pipeline, with exit codes 0, 1 and 2', async () => {
    const ok = await cli('skill', 'run', 'demo.text', '--action', 'count_words', '-a', 'text=eins zwei drei', '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ success: true, data: { words: 3, characters: 14 } });
    const byTool = await cli('skill', 'run', 'skill_demo_text_reverse', '-a', 'text=abc');
    expect(byTool.code).toBe(0);
    expect(byTool.stdout).toContain('"cba"');
    const pipeline = await cli('skill', 'run', 'text-brief', '-a', 'text=Hallo schöne Welt');
    expect(pipeline.code).toBe(0);
    expect(pipeline.stdout).toContain('"words": 3');
    expect(pipeline.stdout).toContain('Nenne zuerst die Anzahl der Wörter');
    const bad = await cli('skill', 'run', 'demo.text', '--action', 'count_words', '-a', 'text=x', '-a', 'extra=1');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('SKILL_INPUT_SCHEMA');
    expect((await cli('skill', 'run', 'nope')).code).toBe(2);
    expect((await cli('skill', 'run', 'demo.text', '-a', 'text=x')).code).toBe(2);
    expect((await cli('skill', 'run', 'demo.text', '--action', 'reverse', '-a', 'novalue')).code).toBe(2);
    expect((await cli('skill', 'frobnicate')).code).toBe(2);
  });

  it('install copies a folder without scripts/, records its SHA-256, and info shows it', async () => {
    const src = sourceSkill('greeter');
    const inst = await cli('skill', 'install', src);
    expect(inst.code).toBe(0);
    expect(inst.stdout).toContain('installed greeter');
    expect(inst.stdout).toContain('skipped scripts/');
    const dest = join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'greeter');
    expect(existsSync(join(dest, 'SKILL.md'))).toBe(true);
    expect(existsSync(join(dest, 'scripts'))).toBe(false);
    const record = JSON.parse(readFileSync(join(dest, '.jarvis-install.json'), 'utf8')) as { sha256: string; trust: string };
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    const info = await cli('skill', 'info', 'greeter', '--json');
    expect(JSON.parse(info.stdout)).toMatchObject({
      id: 'greeter',
      tier: 'user',
      trust: 'unreviewed',
      sha256: record.sha256,
      sha256_verified: true,
    });
    writeFileSync(join(dest, 'SKILL.md'), '---\nname: greeter\ndescription: changed\n---\nx');
    expect((await cli('skill', 'info', 'greeter')).stdout).toContain('MODIFIED since install');
    expect((await cli('skill', 'install', src)).code).toBe(1);
    expect((await cli('skill', 'install', src, '--force', '--with-scripts')).code).toBe(0);
    expect(statSync(join(dest, 'scripts', 'helper.sh')).isFile()).toBe(true);
  });

  it('keygen, sign, install and verify: a signed skill is indexed; modified or signed by an unknown key it fails verify', async () => {
    const keyFile = join(bed.root, 'family.skill-key');
    const keygen = await cli('skill', 'keygen', 'family-index', '--out', keyFile);
    expect(keygen.code).toBe(0);
    expect(keygen.stdout).toMatch(/^family-index ed25519 [A-Za-z0-9+/]{43}=\n$/);
    expect(keygen.stdout).not.toContain('PRIVATE');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect((await cli('skill', 'keygen', 'family-index', '--out', keyFile)).code).toBe(1);
    // The household key list sits beside the user skills folder unless JARVIS_SKILL_TRUSTED_KEYS_FILE says otherwise.
    const keyList = join(bed.root, 'trusted-skill-keys.txt');
    writeFileSync(keyList, keygen.stdout);

    const src = sourceSkill('greeter', 'metadata:\n  openjarvis:\n    required_capabilities: [shell:execute]\n');
    const signed = await cli('skill', 'sign', src, '--key', keyFile);
    expect(signed.code).toBe(0);
    expect(existsSync(join(src, '.jarvis-signature.json'))).toBe(true);
    const inst = await cli('skill', 'install', src);
    expect(inst.stdout).toContain('trust indexed (signed with the key family-index)');
    // Reviewed by the index the household trusts: no sandbox advice, unlike an unreviewed install.
    expect(inst.stdout).not.toContain('skill worker container');

    const ok = await cli('skill', 'verify', '--json');
    expect(ok.code).toBe(0);
    const report = JSON.parse(ok.stdout) as { ok: boolean; skills: { id: string }[] };
    expect(report.ok).toBe(true);
    expect(report.skills.find((s) => s.id === 'greeter')).toMatchObject({
      tier: 'user',
      trust: 'indexed',
      integrity: 'verified',
      signature: { state: 'valid', key_id: 'family-index' },
    });
    expect(report.skills.find((s) => s.id === 'demo.text')).toMatchObject({ tier: 'workspace', integrity: 'not installed' });
    const info = (await cli('skill', 'info', 'greeter')).stdout;
    expect(info).toMatch(/trust\s+indexed/);
    expect(info).toMatch(/integrity\s+verified/);
    expect(info).toMatch(/signature\s+valid \(key family-index\)/);

    const dest = join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'greeter');
    writeFileSync(join(dest, 'SKILL.md'), '---\nname: greeter\ndescription: changed\n---\nx');
    const modified = await cli('skill', 'verify');
    expect(modified.code).toBe(1);
    expect(modified.stdout).toMatch(/greeter\s+user\s+unreviewed\s+modified\s+invalid: the files are not the ones that were signed/);
    expect(modified.stdout).toContain(`jarvis skill install --force ${src}`);
    expect((await cli('skill', 'info', 'greeter')).stdout).toMatch(/status\s+blocked/);

    // Reinstalled, but the household no longer lists the key: held back as well.
    rmSync(keyList);
    expect((await cli('skill', 'install', src, '--force')).stdout).toContain('held back: signature unknown key family-index');
    const unknown = await cli('skill', 'verify', 'greeter');
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('unknown key family-index');
    expect((await cli('skill', 'verify', 'demo.text')).code).toBe(0);
    writeFileSync(keyList, 'family-index ed25519 not-a-key\n');
    expect((await cli('skill', 'verify', 'demo.text')).stderr).toContain('trusted-skill-keys.txt:1: an Ed25519 public key is 32 bytes');
    expect((await cli('skill', 'verify', 'no-such-skill')).code).toBe(2);
    expect((await cli('skill', 'sign', src, '--key', join(src, 'SKILL.md'))).code).toBe(2);
  });

  it('install from a git URL, warns about dangerous capabilities, and remove deletes only installed skills', async () => {
    const src = sourceSkill('shell-helper', 'metadata:\n  openjarvis:\n    required_capabilities: [shell:execute]\n');
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: src });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'skill');
    const inst = await cli('skill', 'install', `file://${src}`, '--json');
    expect(inst.code).toBe(0);
    const result = JSON.parse(inst.stdout) as { id: string; warnings: string[] };
    expect(result.id).toBe('shell-helper');
    expect(result.warnings[0]).toContain('shell:execute');
    expect((await cli('skill', 'search', 'greets politely')).stdout).toContain('shell-helper');
    expect(JSON.parse((await cli('skill', 'search', 'nothing-like-this', '--json')).stdout).hits).toEqual([]);
    const removed = await cli('skill', 'remove', 'shell-helper');
    expect(removed.code).toBe(0);
    expect(existsSync(join(bed.env.JARVIS_SKILLS_USER_DIR as string, 'shell-helper'))).toBe(false);
    const workspaceSkill = await cli('skill', 'remove', 'demo.text');
    expect(workspaceSkill.code).toBe(1);
    expect(existsSync(join(bed.env.JARVIS_SKILLS_DIR as string, 'demo-text'))).toBe(true);
    const missing = await cli('skill', 'install', join(bed.root, 'does-not-exist'));
    expect(missing.code).toBe(2);
    const notASkill = join(bed.root, 'empty');
    mkdirSync(notASkill);
    expect((await cli('skill', 'install', notASkill)).code).toBe(1);
  });
});

// Flat OpenJarvis skills as in src/openjarvis/skills/data/ of the OpenJarvis repository
// (translate-note shaped like translate-doc.toml; web-check like topic-research.toml).
describe('jarvis skill with OpenJarvis built-in step tools', () => {
  const translate = `[skill]
name = "translate-note"
description = "Translate a note"
required_capabilities = ["engine:inference"]

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "Translate to {target_language}: {text}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "llm"
arguments_template = '{"prompt": "{plan}"}'
output_key = "translation"
`;
  const webCheck = `[skill]
name = "web-check"
description = "Search the web"

[[skill.steps]]
tool_name = "think"
arguments_template = '{"thought": "{topic}"}'
output_key = "plan"

[[skill.steps]]
tool_name = "web_search"
arguments_template = '{"query": "{plan}"}'
`;

  it('list and info name the missing built-in; run executes think + llm on Ollama', async () => {
    const ollama = await startScriptedOllama({ fallback: { content: 'Milch' } });
    try {
      writeFileSync(join(bed.env.JARVIS_SKILLS_DIR!, 'translate-note.toml'), translate);
      writeFileSync(join(bed.env.JARVIS_SKILLS_DIR!, 'web-check.toml'), webCheck);
      bed.env.OLLAMA_URL = ollama.url;
      bed.env.OLLAMA_MODEL = 'qwen2.5:7b-instruct';
      const reason = "step 2 uses OpenJarvis's built-in tool web_search, which JARVIS does not provide";
      const list = await cli('skill', 'list');
      expect(list.stdout).toMatch(/web-check\s.*blocked/);
      expect(list.stderr).toContain(`web-check is not offered: ${reason}`);
      const info = JSON.parse((await cli('skill', 'info', 'web-check', '--json')).stdout) as { enabled: boolean; unavailable?: string };
      expect(info).toMatchObject({ enabled: false, unavailable: reason });
      expect((await cli('skill', 'info', 'web-check')).stdout).toContain(`warning: ${reason}`);

      const run = await cli('skill', 'run', 'translate-note', '-a', 'target_language=Deutsch', '-a', 'text=milk', '--json');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        success: true,
        data: { result: 'Milch', outputs: { plan: 'Translate to Deutsch: milk' } },
      });
      expect(ollama.chats().at(-1)?.messages).toEqual([{ role: 'user', content: 'Translate to Deutsch: milk' }]);
    } finally {
      await ollama.close();
    }
  });
});
