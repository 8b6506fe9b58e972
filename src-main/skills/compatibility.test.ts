// Skill trees shaped like the published collections JARVIS meets in the wild: Anthropic's
// agent skills (`<repo>/skills/<name>/SKILL.md` with reference files), OpenJarvis's bundled
// skills (flat `<name>.toml` files) and its test fixtures (missing optional fields), and
// OpenClaw folders that keep their own `skill.json` beside the SKILL.md.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkillRegistry, type ToolContext } from '../platform/registry/registry';
import { SkillEngine } from './engine';
import { PAGE_BUDGET, readSkillFile, SkillPathRefused } from './skill-reader';

const root = mkdtempSync(join(tmpdir(), 'jarvis-skill-compat-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ctx: ToolContext = { traceId: 'test_compat', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin', actor: 'system' };

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function engineOver(sources: { tier: 'workspace' | 'user' | 'bundled'; dir: string }[]): SkillEngine {
  return engineAndRegistry(sources).e;
}

function engineAndRegistry(sources: { tier: 'workspace' | 'user' | 'bundled'; dir: string }[], asMaster = false) {
  const registry = new SkillRegistry();
  const e = new SkillEngine({
    ...(asMaster ? { houseTools: () => registry.list().map((t) => t.name) } : {}),
    sources,
    pipelineMaxDepth: 3,
    processEnabled: true,
    runner: { allowSystemExec: false, maxTimeoutMs: 10_000, maxOutputKb: 64, hostEnv: { PATH: process.env.PATH ?? '' }, sandbox: 'off' },
    registry,
  });
  e.reload();
  registry.addProvider(e.provider);
  return { e, registry };
}

describe('skill collections as published', () => {
  it('finds skills nested one level deeper, as in a cloned collection (<repo>/skills/<name>/SKILL.md)', () => {
    const dir = join(root, 'nested');
    write(
      join(dir, 'anthropic-skills', 'skills', 'pdf', 'SKILL.md'),
      '---\nname: pdf\ndescription: Work with PDF files\n---\nUse pypdf.\n',
    );
    write(join(dir, 'anthropic-skills', 'README.md'), '# Skills\n');
    write(join(dir, 'collection', 'skills', 'docx', 'SKILL.md'), '---\nname: docx\ndescription: Word documents\n---\nUse python-docx.\n');
    const e = engineOver([{ tier: 'workspace', dir }]);
    expect(
      e
        .skills()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['docx', 'pdf']);
    expect(e.listing().errors).toEqual([]);
    expect(e.catalogXml()).toContain('<skill name="pdf" description="Work with PDF files" />');
  });

  it('an OpenClaw folder with its own skill.json and a SKILL.md is read from the SKILL.md, never refused for the skill.json', () => {
    const dir = join(root, 'openclaw');
    const skill = join(dir, 'owner', 'weather-brief');
    write(join(skill, 'skill.json'), JSON.stringify({ name: 'weather-brief', version: '1.2.0', author: 'someone', homepage: 'https://x' }));
    write(join(skill, 'SKILL.md'), '---\nname: weather-brief\ndescription: Short weather summaries\n---\nSummarise the forecast.\n');
    // A JARVIS skill that also carries a SKILL.md stays a JARVIS process skill.
    const jarvis = join(dir, 'owner', 'jarvis-one');
    write(
      join(jarvis, 'skill.json'),
      JSON.stringify({
        protocol: 'jarvis.skill.v1',
        id: 'jarvis.one',
        name: 'One',
        version: '1.0.0',
        runtime: { type: 'process', command: './run' },
        actions: [{ name: 'go', description: 'go', input_schema: { type: 'object', properties: {}, additionalProperties: false } }],
      }),
    );
    write(join(jarvis, 'SKILL.md'), '---\nname: jarvis-one\ndescription: docs\n---\nReadme for people.\n');
    write(join(jarvis, 'run'), '#!/bin/sh\n');
    const e = engineOver([{ tier: 'workspace', dir }]);
    const brief = e.find('weather-brief');
    expect(brief).toMatchObject({ format: 'openjarvis', errors: [] });
    expect(e.info(brief!).warnings.join()).toContain('does not declare "protocol": "jarvis.skill.v1"');
    expect(e.find('jarvis.one')).toMatchObject({ format: 'jarvis.skill.v1' });
  });

  it('loads OpenJarvis flat <name>.toml skills as OpenJarvis does: name from the file when missing', async () => {
    const dir = join(root, 'flat');
    write(
      join(dir, 'code_review.toml'),
      `[skill]\nname = "code_review"\ndescription = "Review code"\nrequired_capabilities = ["memory:read"]\n\n[[skill.steps]]\ntool_name = "echo_text"\narguments_template = '{"text": "{code}"}'\noutput_key = "review"\n`,
    );
    write(join(dir, 'unnamed.toml'), `[skill]\ndescription = "No name given"\n`);
    const e = engineOver([{ tier: 'workspace', dir }]);
    expect(
      e
        .skills()
        .map((s) => [s.id, s.errors])
        .sort(),
    ).toEqual([
      ['code_review', []],
      ['unnamed', []],
    ]);
    const review = e.find('code_review')!;
    expect(review.dir).toBe(join(dir, 'code_review.toml'));
    expect(review.format === 'openjarvis' && review.input_schema.required).toEqual(['code']);
    expect(e.info(e.find('unnamed')!).warnings.join()).toContain('named "unnamed" after its file');
    // A flat file is its own tree: the gate-free engine runs it, and the step reaches the registry.
    const r = await e.invoke(review, 'run', { code: 'x' }, ctx);
    expect(r.error?.message).toContain('uses the tool echo_text, which no tool provider offers');
  });

  it('a folder with files but no skill says why (OpenJarvis bundled skills one level down in data/)', () => {
    const dir = join(root, 'repo-root');
    write(join(dir, 'data', 'deep', 'summarize.toml'), '[skill]\nname = "summarize"\ndescription = "d"\n');
    write(join(dir, 'README.md'), '# repo\n');
    const e = engineOver([{ tier: 'bundled', dir }]);
    expect(e.skills()).toEqual([]);
    const why = e.listing().errors.find((x) => x.source === dir)?.message ?? '';
    expect(why).toContain('no skill found');
    expect(why).toContain('summarize.toml (flat .toml skills are read only directly in the folder)');
  });

  it('an OpenClaw folder with its own skill.json and a lower-case skill.md is read from the skill.md, with a note', () => {
    const dir = join(root, 'lower-case');
    write(join(dir, 'bags', 'skill.json'), JSON.stringify({ name: 'bags', version: '1.0.0', description: 'Launchpad', keywords: ['x'] }));
    write(join(dir, 'bags', 'skill.md'), '---\nname: bags\nversion: 1.0.0\ndescription: Wallets and fees\n---\nUse the API.\n');
    const e = engineOver([{ tier: 'workspace', dir }]);
    const info = e.info(e.find('bags')!);
    expect(info).toMatchObject({ description: 'Wallets and fees', enabled: true, errors: [] });
    expect(info.warnings.join()).toContain('skill.md was read as SKILL.md');
  });

  it('accepts what OpenJarvis accepts: no description, no steps and no instructions, non-YAML front matter, each with a note', async () => {
    const dir = join(root, 'optional');
    write(join(dir, 'no-description', 'SKILL.md'), '---\nname: no-description\n---\nDo the thing.\n');
    write(join(dir, 'empty', 'skill.toml'), '[skill]\nname = "empty"\ndescription = "Nothing to do"\n');
    write(join(dir, 'odd-yaml', 'SKILL.md'), '---\nname: odd-yaml\ndescription: a: b: c\n---\nStill instructions.\n');
    write(join(dir, 'loose', 'SKILL.md'), '---\nname: loose\ndescription: d\ntags: solo\nrisk: huge\n---\nBody.\n');
    const e = engineOver([{ tier: 'workspace', dir }]);
    const byId = (id: string) => e.info(e.find(id)!);
    expect(e.skills().every((s) => s.errors.length === 0)).toBe(true);
    expect(byId('no-description')).toMatchObject({ description: 'no-description', enabled: true });
    expect(byId('no-description').warnings.join()).toContain('no description');
    expect(byId('empty').warnings.join()).toContain('neither pipeline steps nor instructions');
    expect(await e.invoke(e.find('empty')!, 'run', {}, ctx)).toMatchObject({ success: true, message: expect.stringContaining('weder') });
    expect(byId('odd-yaml').warnings.join()).toContain('not valid YAML');
    expect(await e.invoke(e.find('odd-yaml')!, 'run', {}, ctx)).toMatchObject({ success: true });
    expect(byId('loose').warnings.join()).toMatch(/tags is not a list.*risk must be one of/);
    expect(byId('loose').actions[0]?.risk).toBe('read');
  });

  it('two skills with the same name: the better tier wins, both say so, nothing fails', () => {
    const ws = join(root, 'dup-ws');
    const user = join(root, 'dup-user');
    const bundled = join(root, 'dup-bundled');
    write(join(ws, 'notes', 'SKILL.md'), '---\nname: notes\ndescription: Workspace notes\n---\nWS.\n');
    write(join(user, 'notes', 'SKILL.md'), '---\nname: notes\ndescription: Installed notes\n---\nUSER.\n');
    write(join(bundled, 'notes.toml'), '[skill]\nname = "notes"\ndescription = "Bundled notes"\n');
    // Within one tier: two folders of one collection declare the same name; the first folder wins.
    write(join(ws, 'a', 'twin', 'SKILL.md'), '---\nname: twin\ndescription: first\n---\nA.\n');
    write(join(ws, 'b', 'twin', 'SKILL.md'), '---\nname: twin\ndescription: second\n---\nB.\n');
    const e = engineOver([
      { tier: 'workspace', dir: ws },
      { tier: 'user', dir: user },
      { tier: 'bundled', dir: bundled },
    ]);
    const listing = e.listing();
    expect(listing.errors).toEqual([]);
    const notes = listing.skills.filter((s) => s.id === 'notes');
    expect(notes.map((s) => [s.tier, s.enabled, s.errors.length])).toEqual([
      ['workspace', true, 0],
      ['user', false, 0],
      ['bundled', false, 0],
    ]);
    expect(notes[1]?.shadowed_by).toBe(join(ws, 'notes'));
    expect(notes[1]?.warnings.join()).toContain('shadowed: the name "notes" is taken by the workspace skill');
    expect(notes[0]?.warnings.join()).toMatch(
      /also found as the name "notes" in the user skill.*also found as the name "notes" in the bundled/,
    );
    expect(e.catalogXml()).toContain('description="Workspace notes"');
    expect(e.catalogXml()).not.toContain('Installed notes');
    const twins = listing.skills.filter((s) => s.id === 'twin');
    expect(twins.map((s) => [s.description, s.enabled])).toEqual([
      ['first', true],
      ['second', false],
    ]);
    expect(twins[1]?.warnings.join()).toContain('the first workspace folder wins');
    expect(JSON.stringify(listing)).not.toMatch(/already (installed|taken)/);
  });

  it('keeps license, allowed-tools, compatibility and metadata and shows them', () => {
    const dir = join(root, 'fields');
    write(
      join(dir, 'pdf', 'SKILL.md'),
      '---\nname: pdf\ndescription: PDFs\nlicense: Proprietary. LICENSE.txt has complete terms\nallowed-tools: Bash(pdftotext:*) Read\ncompatibility: Needs poppler-utils\nmetadata:\n  author: example\n  version: "1.0"\n---\nUse it.\n',
    );
    write(join(dir, 'listed', 'SKILL.md'), '---\nname: listed\ndescription: d\nallowed-tools: [Read, Grep]\n---\nx\n');
    const e = engineOver([{ tier: 'workspace', dir }]);
    expect(e.info(e.find('pdf')!)).toMatchObject({
      license: 'Proprietary. LICENSE.txt has complete terms',
      allowed_tools: ['Bash(pdftotext:*)', 'Read'],
      compatibility: 'Needs poppler-utils',
      metadata: { author: 'example', version: '1.0' },
    });
    expect(e.info(e.find('listed')!).allowed_tools).toEqual(['Read', 'Grep']);
  });

  it('reads allowed-tools as Claude Code writes it and names what JARVIS does not have', () => {
    const dir = join(root, 'allowed');
    write(
      join(dir, 'commit', 'SKILL.md'),
      '---\nname: commit\ndescription: Commits\nallowed-tools: Bash(git add *) Bash(git commit *), Read\n---\nCommit.\n',
    );
    write(
      join(dir, 'einkauf', 'SKILL.md'),
      '---\nname: einkauf\ndescription: Einkauf\nallowed-tools: groceries_add WebFetch\n---\nTrag ein.\n',
    );
    write(join(dir, 'frei', 'SKILL.md'), '---\nname: frei\ndescription: Ohne Liste\n---\nx\n');
    const { e, registry } = engineAndRegistry([{ tier: 'workspace', dir }], true);
    registry.addProvider({
      kind: 'core',
      list: () => [
        {
          name: 'groceries_add',
          description: 'add',
          input_schema: { type: 'object' },
          provider: 'core',
          mutates: true,
          requires_confirmation: false,
          source: 'core',
        },
      ],
      call: () => Promise.reject(new Error('not called')),
    });
    const commit = e.info(e.find('commit')!);
    expect(commit.allowed_tools).toEqual(['Bash(git add *)', 'Bash(git commit *)', 'Read']);
    expect(commit.warnings).toContain(
      'allowed-tools names Bash(git add *), Bash(git commit *), which JARVIS does not have; while the assistant follows this skill it may only use skill_read',
    );
    expect(e.info(e.find('einkauf')!).warnings).toContain('allowed-tools names WebFetch, which JARVIS does not have');
    expect(e.allowedToolsOf('einkauf')).toEqual({ skill: 'einkauf', tools: ['skill_read', 'groceries_add'], missing: ['WebFetch'] });
    expect(e.allowedToolsOf('commit')?.tools).toEqual(['skill_read']);
    expect(e.allowedToolsOf('frei')).toBeUndefined();
    expect(e.info(e.find('frei')!).warnings.join()).not.toContain('allowed-tools');
    // Without the house's tools (the CLI's engine) no name can be judged, so none is reported.
    const standalone = engineOver([{ tier: 'workspace', dir }]);
    expect(standalone.info(standalone.find('einkauf')!).warnings.join()).not.toContain('allowed-tools');
  });

  it('long instructions and reference files reach the model whole, a page at a time, and nothing outside the skill', async () => {
    const dir = join(root, 'long');
    const skill = join(dir, 'skills', 'pdf');
    // Like Anthropic's pdf skill: instructions far over 8,000 characters, with quotes and
    // code that JSON-encode longer, and reference files beside them.
    const body = Array.from({ length: 600 }, (_, i) => `Step ${i}: run "pdftotext -layout in.pdf out.txt" and check \\ paths.\n`).join('');
    const instructions = `# PDF\n\n${body}THE END`;
    write(join(skill, 'SKILL.md'), `---\nname: pdf\ndescription: Work with PDF files\n---\n${instructions}\n`);
    write(join(skill, 'reference', 'forms.md'), `# Forms\n${'Fill the fields. '.repeat(900)}FORMS END`);
    write(join(skill, 'scripts', 'fill.py'), 'print("hi")\n');
    write(join(dir, 'secret.txt'), 'not for the model');
    write(join(dir, 'skills', 'hidden', 'SKILL.md'), '---\nname: hidden\ndescription: h\ndisable_model_invocation: true\n---\nHidden.\n');
    const { e, registry } = engineAndRegistry([{ tier: 'workspace', dir }]);

    const catalog = e.catalogXml();
    expect(catalog).toContain('<skill name="pdf" description="Work with PDF files" />');
    expect(catalog).not.toContain('pdftotext');

    const first = await registry.call('skill_pdf_run', {}, ctx);
    const data = first.data as { instructions: string; instructions_total_length: number; next_offset: number; files: string[] };
    expect(instructions.length).toBeGreaterThan(40_000);
    expect(data.instructions_total_length).toBe(instructions.length);
    expect(data.files).toEqual(['reference/forms.md', 'scripts/fill.py']);
    expect(first.message).toContain(`skill_read {"skill": "pdf", "offset": ${data.next_offset}}`);
    // What the assistant hands the model (the whole result as JSON) stays below its 8,000 character cut.
    expect(JSON.stringify(first).length).toBeLessThan(8000);

    let text = data.instructions;
    let offset: number | null = data.next_offset;
    let pages = 1;
    while (offset !== null) {
      const r = await registry.call('skill_read', { skill: 'pdf', offset }, ctx);
      expect(r.success).toBe(true);
      expect(JSON.stringify(r).length).toBeLessThan(8000);
      const page = r.data as { content: string; next_offset: number | null; total_length: number };
      expect(JSON.stringify(page.content).length).toBeLessThanOrEqual(PAGE_BUDGET);
      text += page.content;
      offset = page.next_offset;
      pages++;
    }
    expect(text).toBe(instructions);
    expect(pages).toBeGreaterThan(5);

    const forms = await registry.call('skill_read', { skill: 'pdf', path: 'reference/forms.md', offset: 0, limit: 100 }, ctx);
    expect(forms).toMatchObject({ success: true, data: { path: 'reference/forms.md', offset: 0, next_offset: 100 } });
    expect((forms.data as { total_length: number }).total_length).toBeGreaterThan(14_000);
    const lastForms = await registry.call('skill_read', { skill: 'pdf', path: 'reference/forms.md', offset: 14_000 }, ctx);
    expect((lastForms.data as { content: string; next_offset: null }).content.endsWith('FORMS END')).toBe(true);
    expect((lastForms.data as { next_offset: null }).next_offset).toBeNull();

    for (const path of ['../../secret.txt', '/etc/passwd', 'reference', 'missing.md', 'reference/../../../secret.txt']) {
      const r = await registry.call('skill_read', { skill: 'pdf', path }, ctx);
      expect(r, path).toMatchObject({ success: false, error: { code: 'SKILL_PATH_REFUSED' } });
      expect(JSON.stringify(r)).not.toContain('not for the model');
    }
    expect(await registry.call('skill_read', { skill: 'hidden' }, ctx)).toMatchObject({
      success: false,
      error: { code: 'SKILL_NOT_FOUND' },
    });
    expect(await registry.call('skill_read', { skill: 'pdf', limit: 100_000 }, ctx)).toMatchObject({ success: false });
  });

  it('a symbolic link that leads out of the skill folder is never read', () => {
    // (A loaded skill with such a link is disabled; the reader refuses it on its own as well.)
    const dir = join(root, 'link');
    write(join(dir, 'secret.txt'), 'not for the model');
    write(join(dir, 'skill', 'SKILL.md'), 'x');
    symlinkSync(join(dir, 'secret.txt'), join(dir, 'skill', 'outside.txt'));
    expect(() => readSkillFile(join(dir, 'skill'), 'outside.txt')).toThrow(SkillPathRefused);
    expect(readSkillFile(join(dir, 'skill'), 'SKILL.md')).toEqual({ path: 'SKILL.md', text: 'x' });
  });
});
