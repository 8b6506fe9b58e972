import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidSchema } from '../platform/validation';
import { SkillRegistry } from '../platform/registry/registry';
import { SkillEngine } from './engine';
import { PROMPT_EXAMPLES_MAX_CHARS } from './overlay-prompt';
import {
  listOverlays,
  OVERLAY_FORMAT,
  OverlayBook,
  OverlayError,
  readOverlay,
  removeOverlay,
  SKILL_OVERLAY_SCHEMA,
  writeOverlay,
  type SkillOverlay,
} from './overlays';
import { treeSha256 } from './tree-hash';

const root = mkdtempSync(join(tmpdir(), 'jarvis-skill-overlays-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(root, `${name}-${++n}`);

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function overlay(over: Partial<SkillOverlay> = {}): SkillOverlay {
  return {
    format: OVERLAY_FORMAT,
    skill: 'pdf',
    skill_sha256: 'a'.repeat(64),
    description: 'Reads, merges and splits PDF files (Rechnungen, Formulare)',
    examples: [
      { request: 'Füge die zwei Rechnungen zusammen', calls: [{ tool: 'skill_pdf_run', arguments: { files: ['a.pdf', 'b.pdf'] } }] },
    ],
    policy: 'few-shot',
    score: { traces: 4 },
    created_at: '2026-12-01T18:00:00.000Z',
    ...over,
  };
}

function engineWith(skills: string, overlayDir: string) {
  const registry = new SkillRegistry();
  const e = new SkillEngine({
    sources: [{ tier: 'workspace', dir: skills }],
    pipelineMaxDepth: 3,
    processEnabled: true,
    runner: { allowSystemExec: false, maxTimeoutMs: 10_000, maxOutputKb: 64, hostEnv: { PATH: process.env.PATH ?? '' }, sandbox: 'off' },
    registry,
    overlayDir,
  });
  e.reload();
  registry.addProvider(e.provider);
  return { e, registry };
}

function pdfSkill(): string {
  const skills = fresh('skills');
  write(join(skills, 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: Work with PDF files\n---\nUse pypdf.\n');
  return skills;
}

describe('overlay files', () => {
  it('the overlay schema is a valid strict JSON schema', () => {
    expect(isValidSchema(SKILL_OVERLAY_SCHEMA)).toEqual({ ok: true });
  });

  it('writes <dir>/<skill>/optimized.json and reads it back; leaves no temporary file', () => {
    const dir = fresh('overlays');
    const file = writeOverlay(dir, overlay());
    expect(file).toBe(join(dir, 'pdf', 'optimized.json'));
    expect(readOverlay(dir, 'pdf')).toEqual(overlay());
    expect(readdirSync(join(dir, 'pdf'))).toEqual(['optimized.json']);
    expect(readOverlay(dir, 'docx')).toBeUndefined();
    expect(listOverlays(dir)).toEqual([{ ok: true, file, overlay: overlay() }]);
  });

  it('refuses to write an invalid overlay or one whose skill id would leave the folder, and writes nothing', () => {
    const dir = fresh('overlays');
    expect(() => writeOverlay(dir, overlay({ description: '' }))).toThrow(OverlayError);
    expect(() => writeOverlay(dir, overlay({ skill: '../etc' }))).toThrow(OverlayError);
    expect(() => writeOverlay(dir, { ...overlay(), policy: 'magic' } as unknown as SkillOverlay)).toThrow(OverlayError);
    expect(listOverlays(dir)).toEqual([]);
  });

  it('a broken file is ignored with a warning that names it, never a crash', () => {
    const dir = fresh('overlays');
    write(join(dir, 'pdf', 'optimized.json'), '{"format": "jarvis.skill-overlay.v1", "skill": ');
    write(join(dir, 'docx', 'optimized.json'), JSON.stringify({ ...overlay({ skill: 'docx' }), examples: 'many' }));
    write(join(dir, 'xlsx', 'optimized.json'), JSON.stringify(overlay({ skill: 'pdf' })));
    const warnings: string[] = [];
    expect(readOverlay(dir, 'pdf', (w) => warnings.push(w))).toBeUndefined();
    expect(readOverlay(dir, 'docx', (w) => warnings.push(w))).toBeUndefined();
    expect(readOverlay(dir, 'xlsx', (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toEqual([
      `overlay ${join(dir, 'pdf', 'optimized.json')} ignored: not JSON`,
      expect.stringContaining('/examples must be array'),
      expect.stringContaining('made for skill pdf, found in the folder of xlsx'),
    ]);
    expect(listOverlays(dir).map((l) => l.ok)).toEqual([false, false, false]);
  });

  it('the book reads a file again when it changes and warns once per broken version', () => {
    const dir = fresh('overlays');
    const warnings: string[] = [];
    const book = new OverlayBook(dir, (w) => warnings.push(w));
    expect(book.current().size).toBe(0);
    writeOverlay(dir, overlay());
    expect(book.current().get('pdf')).toMatchObject({ ok: true, overlay: { description: overlay().description } });
    writeOverlay(dir, overlay({ description: 'Second thoughts' }));
    expect(book.current().get('pdf')).toMatchObject({ ok: true, overlay: { description: 'Second thoughts' } });
    write(join(dir, 'pdf', 'optimized.json'), 'nonsense');
    book.current();
    book.current();
    expect(warnings).toHaveLength(1);
    rmSync(join(dir, 'pdf'), { recursive: true });
    expect(book.current().size).toBe(0);
  });
});

describe('overlays in the skill engine', () => {
  it('an overlay made for the skill’s tree replaces its catalog description and adds its examples; the skill files stay as they were', () => {
    const skills = pdfSkill();
    const dir = fresh('overlays');
    const before = readFileSync(join(skills, 'pdf', 'SKILL.md'), 'utf8');
    writeOverlay(dir, overlay({ skill_sha256: treeSha256(join(skills, 'pdf')) }));
    const { e, registry } = engineWith(skills, dir);
    const xml = e.catalogXml();
    expect(xml).toContain('<skill name="pdf" description="Reads, merges and splits PDF files (Rechnungen, Formulare)">');
    expect(xml).toContain('<example request="Füge die zwei Rechnungen zusammen">skill_pdf_run {"files":["a.pdf","b.pdf"]}</example>');
    expect(registry.get('skill_pdf_run')?.description).toBe(overlay().description);
    const info = e.info(e.find('pdf')!);
    expect(info.description).toBe('Work with PDF files');
    expect(info.overlay).toEqual({
      description: overlay().description,
      examples: overlay().examples,
      stale: false,
      policy: 'few-shot',
      created_at: overlay().created_at,
    });
    expect(readFileSync(join(skills, 'pdf', 'SKILL.md'), 'utf8')).toBe(before);
    expect(readdirSync(join(skills, 'pdf'))).toEqual(['SKILL.md']);
  });

  it('an overlay made for another tree is stale: ignored in the catalog and shown as stale', () => {
    const skills = pdfSkill();
    const dir = fresh('overlays');
    writeOverlay(dir, overlay());
    const { e, registry } = engineWith(skills, dir);
    expect(e.catalogXml()).toContain('<skill name="pdf" description="Work with PDF files" />');
    expect(e.catalogXml()).not.toContain('<example');
    expect(registry.get('skill_pdf_run')?.description).toBe('Work with PDF files');
    const info = e.info(e.find('pdf')!);
    expect(info.overlay?.stale).toBe(true);
    expect(info.warnings.join()).toContain('is stale');
  });

  it('a broken overlay leaves the skill as it is, with a warning in its info', () => {
    const skills = pdfSkill();
    const dir = fresh('overlays');
    write(join(dir, 'pdf', 'optimized.json'), '[]');
    const { e } = engineWith(skills, dir);
    expect(e.catalogXml()).toContain('<skill name="pdf" description="Work with PDF files" />');
    const info = e.info(e.find('pdf')!);
    expect(info.overlay).toBeUndefined();
    expect(info.warnings.join()).toContain(`overlay ${join(dir, 'pdf', 'optimized.json')} ignored`);
  });

  it('an overlay written while the engine runs applies at the next catalog, without a reload', () => {
    const skills = pdfSkill();
    const dir = fresh('overlays');
    const { e } = engineWith(skills, dir);
    expect(e.catalogXml()).not.toContain('Rechnungen');
    writeOverlay(dir, overlay({ skill_sha256: treeSha256(join(skills, 'pdf')) }));
    expect(e.catalogXml()).toContain('Rechnungen');
  });

  it('keeps the examples bounded: three a skill, 2,000 characters in all', () => {
    const skills = fresh('skills');
    const dir = fresh('overlays');
    for (let i = 0; i < 6; i++) {
      write(join(skills, `s${i}`, 'SKILL.md'), `---\nname: s${i}\ndescription: Skill ${i}\n---\nText.\n`);
    }
    for (let i = 0; i < 6; i++) {
      const examples = Array.from({ length: 5 }, (_, k) => ({
        request: `Request ${k} for skill ${i} ${'x'.repeat(80)}`,
        calls: [{ tool: `skill_s${i}_run`, arguments: { k } }],
      }));
      writeOverlay(dir, overlay({ skill: `s${i}`, skill_sha256: treeSha256(join(skills, `s${i}`)), description: `Better ${i}`, examples }));
    }
    const { e } = engineWith(skills, dir);
    const xml = e.catalogXml();
    const examples = xml.split('\n').filter((l) => l.includes('<example '));
    expect(examples.map((l) => l.trim()).join('').length).toBeLessThanOrEqual(PROMPT_EXAMPLES_MAX_CHARS);
    // Every skill gets its first example before any gets a second.
    for (let i = 0; i < 6; i++) expect(xml).toContain(`Request 0 for skill ${i}`);
    expect(xml).not.toContain('Request 3 ');
  });
});

describe('removing an overlay', () => {
  it("deletes only the overlay file, never through a link into a skill's own folder", () => {
    const root = mkdtempSync(join(tmpdir(), 'jarvis-overlay-remove-'));
    try {
      const dir = join(root, 'overlays');
      const skill = join(root, 'skills', 'greeter');
      mkdirSync(skill, { recursive: true });
      writeFileSync(join(skill, 'optimized.json'), 'the author file');
      mkdirSync(dir, { recursive: true });
      symlinkSync(skill, join(dir, 'greeter'));
      expect(() => removeOverlay(dir, 'greeter')).toThrow(OverlayError);
      expect(readFileSync(join(skill, 'optimized.json'), 'utf8')).toBe('the author file');

      mkdirSync(join(dir, 'other'));
      writeFileSync(join(dir, 'other', 'optimized.json'), '{}');
      writeFileSync(join(dir, 'other', 'notes.txt'), 'kept');
      expect(removeOverlay(dir, 'other')).toBe(join(dir, 'other', 'optimized.json'));
      expect(readdirSync(join(dir, 'other'))).toEqual(['notes.txt']);
      expect(removeOverlay(dir, 'other')).toBeUndefined();
      expect(removeOverlay(dir, 'never-made')).toBeUndefined();
      expect(() => removeOverlay(dir, '../skills')).toThrow(OverlayError);
      expect(existsSync(skill)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
