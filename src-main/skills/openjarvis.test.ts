import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillTemplate, placeholdersOf, readOpenJarvisSkill } from './openjarvis';

const root = mkdtempSync(join(tmpdir(), 'jarvis-openjarvis-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function folder(files: Record<string, string>): string {
  const dir = join(root, `s${++n}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('OpenJarvis skills', () => {
  it('reads the spec/002 research-and-summarize pipeline with its inputs and dependencies', () => {
    const dir = folder({
      'skill.toml': `[skill]
name = "research-and-summarize"
version = "0.1.0"
description = "Search the web and produce a structured summary"
author = "openjarvis"
tags = ["research", "summarization"]
required_capabilities = ["network:fetch"]
depends = ["summarize"]

[[skill.steps]]
tool_name = "web_search"
arguments_template = '{"query": "{query}"}'
output_key = "search_results"

[[skill.steps]]
skill_name = "summarize"
arguments_template = '{"text": "{search_results}"}'
output_key = "summary"
`,
    });
    const v = readOpenJarvisSkill(dir);
    expect(v).toMatchObject({
      ok: true,
      skill: {
        name: 'research-and-summarize',
        version: '0.1.0',
        parameters: ['query'],
        depends: ['summarize'],
        capabilities: ['network:fetch'],
        user_invocable: true,
        disable_model_invocation: false,
      },
    });
  });

  it('reads SKILL.md front matter and instructions', () => {
    const dir = folder({
      'SKILL.md':
        '---\nname: code-explainer\ndescription: Explain code in plain language with examples\nlicense: MIT\nmetadata:\n  openjarvis:\n    version: "0.1.0"\n    tags: [coding]\n---\n\nWhen asked to explain code, follow this approach.\n',
    });
    expect(readOpenJarvisSkill(dir)).toMatchObject({
      ok: true,
      skill: {
        name: 'code-explainer',
        version: '0.1.0',
        tags: ['coding'],
        instructions: 'When asked to explain code, follow this approach.',
        steps: [],
      },
    });
  });

  it('names what is wrong with a bad skill', () => {
    const errorsOf = (files: Record<string, string>) => {
      const v = readOpenJarvisSkill(folder(files));
      return v.ok ? [] : v.errors;
    };
    expect(
      errorsOf({ 'skill.toml': '[skill]\nname = "x"\ndescription = "d"\n[[skill.steps]]\ntool_name = "a"\nskill_name = "b"\n' }).join(),
    ).toContain('exactly one of tool_name or skill_name');
    expect(
      errorsOf({
        'skill.toml': `[skill]\nname = "x"\ndescription = "d"\n[[skill.steps]]\ntool_name = "a"\narguments_template = '{"n": {count}}'\n`,
      }).join(),
    ).toContain('not JSON');
    expect(errorsOf({ 'skill.toml': 'this is = = not toml' })[0]).toContain('skill.toml');
    expect(errorsOf({ 'skill.toml': '[skill]\nname = "Bad Name"\ndescription = "d"\n' }).join()).toContain('name must be');
  });

  it('fills templates without letting values change their structure', () => {
    const template = { query: '{query}', note: 'about {query} ({n})', nested: ['{obj.a}'] };
    expect(placeholdersOf(template)).toEqual(['query', 'n', 'obj']);
    const evil = '", "admin": true, "x": "';
    expect(fillTemplate(template, { query: evil, n: 3, obj: { a: { deep: 1 } } })).toEqual({
      query: evil,
      note: `about ${evil} (3)`,
      nested: [{ deep: 1 }],
    });
    expect(fillTemplate({ q: '{missing}' }, {})).toEqual({ q: '{missing}' });
  });
});

describe('SKILL.md as the public collections write it', () => {
  it('takes `version: 2.0` (a number to YAML) as the text "2.0", as OpenJarvis does', () => {
    const dir = folder({
      'SKILL.md': '---\nname: clean-code\ndescription: Coding standards\nallowed-tools: Read, Write\nversion: 2.0\n---\nBe concise.\n',
    });
    const v = readOpenJarvisSkill(dir);
    expect(v.ok && v.skill.version).toBe('2.0');
  });

  it('reads a lower-case skill.md as SKILL.md and says so', () => {
    const dir = folder({ 'skill.md': '---\nname: bags\nversion: 1.0.0\ndescription: Wallets and fees\n---\nUse the API.\n' });
    const v = readOpenJarvisSkill(dir);
    expect(v.ok && v.skill).toMatchObject({ name: 'bags', version: '1.0.0', description: 'Wallets and fees' });
    expect(v.ok && v.warnings.join()).toContain('skill.md was read as SKILL.md');
  });

  it('broken front matter is a warning with its line, and the skill keeps its name and description', () => {
    const dir = folder({ 'SKILL.md': '---\nname: a-stock\ndescription: Quotes. Use when: (1) prices, (2) volumes\n---\n# Stocks\n' });
    const v = readOpenJarvisSkill(dir);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.skill.name).toBe('a-stock');
    expect(v.skill.description).toBe('Quotes. Use when: (1) prices, (2) volumes');
    expect(v.skill.instructions).toBe('# Stocks');
    expect(v.warnings.join()).toMatch(/SKILL\.md front matter is not valid YAML.*\(line 3\)/);
  });

  it('refuses a front matter of nested aliases as hostile, naming the file', () => {
    const names = 'abcdefghij';
    const lines = ['a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(',')}]`,
      );
    const dir = folder({ 'SKILL.md': `---\nname: lol\ndescription: x\n${lines.join('\n')}\n---\nBody\n` });
    const v = readOpenJarvisSkill(dir);
    expect(v.ok).toBe(false);
    expect(!v.ok && v.errors.join()).toMatch(/SKILL\.md front matter refused: .*aliases/);
  });
});
